// Where helpgen itself is installed (templates, client sources and styles are read from here),
// and where it keeps its caches.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';

function findRoot(): string {
  // Set by bin/launcher.js, whose bundle of the CLI may live outside the package (a cache
  // folder of the user's, when the install cannot be written to).
  if (process.env.HELPGEN_ROOT) return process.env.HELPGEN_ROOT;
  // Under vitest: cli/paths.ts. Walk up to package.json.
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'cli'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('helpgen: cannot find its own installation folder');
}

export const helpgenRoot = findRoot();

/** helpgen's cache folder: node_modules/.cache/helpgen in the package, or where the launcher chose. */
export const helpgenCacheDir = process.env.HELPGEN_CACHE_DIR ?? join(helpgenRoot, 'node_modules', '.cache', 'helpgen');

/**
 * The published package's prebuilt files (lib/: the client bundle and stylesheet, the config
 * helper, the live-reload script), made by `npm pack` (bin/compile.js). Undefined in a checkout,
 * which compiles them from its sources.
 */
export const prebuiltDir: string | undefined = process.env.HELPGEN_PREBUILT_DIR || undefined;
