// Worker threads need a script file: the launcher bundles each worker entry point beside
// main.mjs. Running from the TypeScript sources (the tests) there is none, and the work is
// done in the main thread instead; HELPGEN_WORKERS=0 asks for that too (to compare and debug).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

/** The bundled script of the worker entry point `name` ("render-worker"), if there is one. */
export function bundledWorker(name: string): string | undefined {
  if (process.env.HELPGEN_WORKERS === '0') return undefined;
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith('.mjs')) return undefined;
  // Shared code lives in chunks/; the worker entries sit at the top of the output folder.
  const dir = here.includes('/chunks/') ? dirname(dirname(here)) : dirname(here);
  const script = join(dir, `${name}.mjs`);
  return existsSync(script) ? script : undefined;
}
