// Where helpgen itself is installed (templates, client sources and styles are read from here).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';

function findRoot(): string {
  // Bundled: node_modules/.cache/helpgen/*.mjs. Under vitest: cli/paths.ts. Walk up to package.json.
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'cli'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('helpgen: cannot find its own installation folder');
}

export const helpgenRoot = findRoot();
