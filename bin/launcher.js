// Shared by bin/helpgen.js and the benchmark: bundle cli/ on demand, then import it.
import { statSync, readFileSync, mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const outDir = join(root, 'node_modules', '.cache', 'helpgen');
const metaFile = join(outDir, 'inputs.json');
// Worker entry points run in worker threads and must be bundled beside main.
const entryPoints = Object.fromEntries(
  Object.entries({
    main: join(root, 'cli', 'main.ts'),
    'render-worker': join(root, 'cli', 'build', 'render-worker.ts'),
  }).filter(([, file]) => existsSync(file)),
);

// React stays outside so the templates the dev server recompiles share one React with the CLI.
const EXTERNAL_PACKAGES = ['react', 'react/*', 'react-dom', 'react-dom/*', 'esbuild', 'shiki', 'shiki/*', '@shikijs/*', 'linkinator', 'chokidar', 'fsevents', 'algoliasearch', 'algoliasearch/*', 'playwright-core'];

function isFresh() {
  let meta;
  try {
    meta = JSON.parse(readFileSync(metaFile, 'utf8'));
  } catch {
    return false;
  }
  const builtAt = meta.builtAt;
  for (const input of meta.inputs) {
    try {
      if (statSync(join(root, input)).mtimeMs > builtAt) return false;
    } catch {
      return false;
    }
  }
  // A new file in cli/ or templates/ that nothing imported before cannot matter until an
  // existing input changes to import it, which the check above catches.
  return true;
}

async function compile() {
  const esbuild = await import('esbuild');
  mkdirSync(outDir, { recursive: true });
  const startedAt = Date.now();
  const result = await esbuild.build({
    entryPoints,
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Dependencies are bundled in: Node's loader pays per module file, and the unified and
    // React packages are hundreds of small files (startup 300 → 160 ms for a build). Kept
    // outside: packages with native binaries, WebAssembly or files they read at run time.
    external: EXTERNAL_PACKAGES,
    // Bundled CommonJS packages call require() for Node built-ins.
    banner: { js: "import { createRequire as __helpgenCreateRequire } from 'node:module'; const require = __helpgenCreateRequire(import.meta.url);" },
    jsx: 'automatic',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'error',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
  });
  // The launcher is an input too: changing how we bundle must rebuild the bundle.
  const inputs = [...Object.keys(result.metafile.inputs).filter((p) => !p.startsWith('node_modules')), 'bin/launcher.js'];
  writeFileSync(metaFile, JSON.stringify({ builtAt: startedAt, inputs }));
}

export async function loadCli() {
  // React's server renderer is several times slower in development mode.
  process.env.NODE_ENV ??= 'production';
  if (!isFresh()) await compile();
  return import(pathToFileURL(join(outDir, 'main.mjs')).href);
}

export async function runCli(argv) {
  const cli = await loadCli();
  await cli.main(argv);
}

export const helpgenRoot = root;
