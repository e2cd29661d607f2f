// Shared by bin/helpgen.js and the benchmark: bundle cli/ on demand, then import it.
import { statSync, readFileSync, mkdirSync, writeFileSync, existsSync, readdirSync, renameSync, rmSync, accessSync, constants } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { homedir, tmpdir, userInfo } from 'node:os';
import { createHash } from 'node:crypto';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const cacheDir = chooseCacheDir();
// For the bench only (bench/extra/patches.ts): HELPGEN_SKIP_EDITS names dependency-patch edits
// to leave out (";" between names), to measure what each buys. Such a bundle gets a folder of
// its own, so the normal bundle is neither replaced nor cleaned away by it.
const leftOut = (process.env.HELPGEN_SKIP_EDITS ?? '').split(';').map((name) => name.trim()).filter(Boolean).sort();
const bundlesDir = leftOut.length ? join(cacheDir, 'without-edits', createHash('sha1').update(leftOut.join(';')).digest('hex').slice(0, 12)) : cacheDir;
const metaFile = join(bundlesDir, 'inputs.json');
// The CLI reads both (cli/paths.ts): its bundle may live outside the package, and its worker
// threads inherit them.
process.env.HELPGEN_ROOT = root;
process.env.HELPGEN_CACHE_DIR = cacheDir;

/**
 * HELPGEN_CACHE_DIR when it is set (relative to the working folder): a folder CI keeps between
 * runs, outside node_modules, which `npm ci` deletes (docs/build.md). Otherwise
 * node_modules/.cache/helpgen inside the package, as long as it can be written: a checkout, an
 * ordinary install or npx's cache. An install this user cannot write to (a global install by
 * root, a container's node_modules owned by another user) uses the user's cache folder instead,
 * one per installed copy.
 */
function chooseCacheDir() {
  const own = join(root, 'node_modules', '.cache', 'helpgen');
  const copy = createHash('sha1').update(root).digest('hex').slice(0, 12);
  const user = (() => {
    try {
      return String(userInfo().uid);
    } catch {
      return 'user';
    }
  })();
  const candidates = [
    process.env.HELPGEN_CACHE_DIR && resolve(process.env.HELPGEN_CACHE_DIR),
    own,
    process.env.XDG_CACHE_HOME && join(process.env.XDG_CACHE_HOME, 'helpgen', copy),
    join(homedir(), '.cache', 'helpgen', copy),
    join(tmpdir(), `helpgen-${user}`, copy),
  ].filter(Boolean);
  for (const dir of candidates) {
    try {
      mkdirSync(dir, { recursive: true });
      accessSync(dir, constants.W_OK);
      return dir;
    } catch {
      // Not writable here: try the next place.
    }
  }
  return own;
}
/** Read by cli/runtime.ts bundleIdentity(). */
const BUNDLE_IDENTITY_FILE = 'identity.txt';
// Each compile goes into its own folder (cli-<time>), named in inputs.json: a process still
// running the previous version (a dev server) can go on loading its lazy chunks. Folders are
// removed an hour after they were made, by the next compile, instead of piling up forever.
const KEEP_OLD_MS = 60 * 60 * 1000;
// Worker entry points run in worker threads and must be bundled beside main.
const entryPoints = Object.fromEntries(
  Object.entries({
    main: join(root, 'cli', 'main.ts'),
    'render-worker': join(root, 'cli', 'pipeline', 'render-worker.ts'),
    'index-worker': join(root, 'cli', 'search', 'index-worker.ts'),
  }).filter(([, file]) => existsSync(file)),
);

// React stays outside so the templates the dev server recompiles share one React with the CLI.
// jsdom (the DOM the SVG sanitizer runs on) reads files of its own at run time.
const EXTERNAL_PACKAGES = ['react', 'react/*', 'react-dom', 'react-dom/*', 'esbuild', 'shiki', 'shiki/*', '@shikijs/*', 'linkinator', 'chokidar', 'fsevents', 'algoliasearch', 'algoliasearch/*', 'playwright-core', 'jsdom'];

function readMeta() {
  try {
    const meta = JSON.parse(readFileSync(metaFile, 'utf8'));
    return typeof meta.dir === 'string' && existsSync(join(bundlesDir, meta.dir, 'main.mjs')) ? meta : undefined;
  } catch {
    return undefined;
  }
}

function isFresh(meta) {
  if (!meta) return false;
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

/**
 * Bundles the CLI (cli/main.ts and its worker entries, with the dependency patches) into
 * `outDir`, as the launcher runs it from a checkout and as `npm pack` ships it (bin/compile.js).
 * `forPackage`: every patch edit must apply (else it throws), and the packages kept outside are
 * imported by name, to resolve from wherever the package is installed. `leaveOut`: the value of
 * HELPGEN_SKIP_EDITS, edits not to apply (bench only; never with `forPackage`). Returns
 * esbuild's metafile and the patches applied.
 */
export async function compileCli(outDir, { forPackage = false, extraEntryPoints = {}, leaveOut } = {}) {
  const esbuild = await import('esbuild');
  const { patchingPlugin, editsToLeaveOut } = await import('./dependency-patches.js');
  if (forPackage && leaveOut) throw new Error('the published package is compiled with every dependency patch: unset HELPGEN_SKIP_EDITS');
  const patches = patchingPlugin({ leaveOut: editsToLeaveOut(leaveOut) });
  mkdirSync(outDir, { recursive: true });
  const result = await esbuild.build({
    entryPoints: { ...entryPoints, ...extraEntryPoints },
    // Input paths in the metafile are relative to the package, wherever the command runs.
    absWorkingDir: root,
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    // Dependencies are bundled in: Node's loader pays per module file, and the unified and
    // React packages are hundreds of small files (startup 300 → 160 ms for a build). Kept
    // outside: packages with native binaries, WebAssembly or files they read at run time.
    // They are imported by absolute path, so the bundle works wherever the cache folder is.
    // Bundled CommonJS packages call require() for Node built-ins.
    banner: { js: "import { createRequire as __helpgenCreateRequire } from 'node:module'; const require = __helpgenCreateRequire(import.meta.url);" },
    jsx: 'automatic',
    // The published package ships without maps (8 MB of them); a checkout keeps them for --debug.
    sourcemap: forPackage ? false : 'linked',
    metafile: true,
    logLevel: 'error',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [patches.plugin, forPackage ? externalByName : externalByPath],
  });
  writeBundleIdentity(outDir, result.metafile);
  const skipped = [...patches.skipped, ...patches.notLoaded().map((name) => ({ name, reason: 'its file is not part of the bundle' }))];
  if (skipped.length > 0) {
    const lines = skipped.map((edit) => `  ${edit.name}: ${edit.reason}`).join('\n');
    if (forPackage) throw new Error(`dependency patches that no longer apply (update or drop them in bin/dependency-patches.js):\n${lines}`);
    process.stderr.write(`warning: helpgen runs these dependencies as published, unpatched (slower, same output):\n${lines}\n`);
  }
  return { metafile: result.metafile, applied: patches.applied };
}

/**
 * The compiled code's identity by content, which the build cache is keyed to (cli/runtime.ts):
 * a hash of every script's name and bytes (esbuild's output is deterministic, its chunk names
 * hashes of their content). Not the folder or the files' times: CI restores the cache into a
 * fresh checkout, whose new source times make the launcher compile again into a new folder,
 * and npm gives an installed package's files the time of the install; identical code must
 * still find its cache.
 */
function writeBundleIdentity(outDir, metafile) {
  const hash = createHash('sha256');
  const scripts = Object.keys(metafile.outputs).filter((file) => file.endsWith('.mjs')).sort();
  for (const file of scripts) hash.update(`${relative(outDir, join(root, file))}\0`).update(readFileSync(join(root, file)));
  writeFileSync(join(outDir, BUNDLE_IDENTITY_FILE), `${hash.digest('hex')}\n`);
}

async function compile() {
  const startedAt = Date.now();
  const dir = `cli-${startedAt.toString(36)}-${process.pid}`;
  const { metafile } = await compileCli(join(bundlesDir, dir), { leaveOut: leftOut.length ? leftOut.join(';') : undefined });
  // The launcher and its patches are inputs too: changing how we bundle must rebuild the
  // bundle. So is the lockfile: the bundle holds the dependencies, and an install that changes
  // them rewrites it (checking every file under node_modules would cost each start ~20 ms).
  // Installed as a dependency, the project's npm writes node_modules/.package-lock.json instead.
  const lockfiles = [join(root, 'package-lock.json'), join(dirname(root), '.package-lock.json')];
  const lockfile = lockfiles.filter((file) => existsSync(file) && (file.startsWith(root) || basename(dirname(root)) === 'node_modules')).map((file) => relative(root, file));
  const ownSources = Object.keys(metafile.inputs).filter((p) => !/(^|\/)node_modules\//.test(p) && !p.startsWith('..'));
  const inputs = [...ownSources, 'bin/launcher.js', 'bin/dependency-patches.js', 'bin/patch-apply.js', ...lockfile];
  const meta = { builtAt: startedAt, dir, inputs };
  // Written whole under a temporary name, then renamed: a process starting meanwhile (tests
  // run several) never reads half of it.
  const partial = `${metaFile}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(meta));
  renameSync(partial, metaFile);
  removeOldBuilds(dir);
  return meta;
}

function removeOldBuilds(current) {
  for (const name of readdirSync(bundlesDir)) {
    const path = join(bundlesDir, name);
    try {
      // Files of the launcher's earlier single-folder layout, and compiles over an hour old.
      const old = /^(main|render-worker)\.mjs(\.map)?$|^chunks$/.test(name) || (/^cli-/.test(name) && name !== current && Date.now() - statSync(path).mtimeMs > KEEP_OLD_MS);
      if (old) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed by a concurrent compile.
    }
  }
}

/** Imports of EXTERNAL_PACKAGES stay imports by name: the published lib/ resolves them from where it is installed. */
const externalByName = {
  name: 'external-by-name',
  setup(build) {
    const names = EXTERNAL_PACKAGES.map((name) => name.replace(/\/\*$/, '').replace(/[/.]/g, '\\$&'));
    build.onResolve({ filter: new RegExp(`^(${names.join('|')})(/|$)`) }, (args) => ({ path: args.path, external: true }));
  },
};

/** Imports of EXTERNAL_PACKAGES stay imports, by absolute path (a file URL for import, a path for require). */
const externalByPath = {
  name: 'external-by-path',
  setup(build) {
    const names = EXTERNAL_PACKAGES.map((name) => name.replace(/\/\*$/, '').replace(/[/.]/g, '\\$&'));
    const filter = new RegExp(`^(${names.join('|')})(/|$)`);
    build.onResolve({ filter }, async (args) => {
      if (args.pluginData?.externalByPath) return undefined;
      const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { externalByPath: true } });
      // A package that is not installed (fsevents off macOS) stays a bare import, as before.
      if (found.errors.length || !found.path) return { path: args.path, external: true };
      return { path: args.kind === 'require-call' ? found.path : pathToFileURL(found.path).href, external: true };
    });
  },
};

/**
 * The published package holds the CLI compiled at pack time (lib/, by bin/compile.js) and no
 * TypeScript sources: it runs that, with nothing to compile. A checkout compiles its sources.
 */
const packagedLib = join(root, 'lib');
export const isPackaged = !existsSync(join(root, 'cli', 'main.ts')) && existsSync(join(packagedLib, 'cli', 'main.mjs'));

export async function loadCli() {
  // React's server renderer is several times slower in development mode.
  process.env.NODE_ENV ??= 'production';
  if (isPackaged) {
    process.env.HELPGEN_BUNDLE_DIR = join(packagedLib, 'cli');
    // The browser assets, the config helper and the live-reload script, prebuilt (cli/paths.ts).
    process.env.HELPGEN_PREBUILT_DIR = packagedLib;
    return import(pathToFileURL(join(packagedLib, 'cli', 'main.mjs')).href);
  }
  let meta = readMeta();
  if (!isFresh(meta)) meta = await compile();
  // Tells the CLI where its bundled worker scripts are (cli/runtime.ts); its worker threads
  // inherit it. Without it (the TypeScript sources under vitest) everything runs in one thread.
  process.env.HELPGEN_BUNDLE_DIR = join(bundlesDir, meta.dir);
  return import(pathToFileURL(join(bundlesDir, meta.dir, 'main.mjs')).href);
}

export async function runCli(argv) {
  let cli;
  try {
    cli = await loadCli();
  } catch (error) {
    if (error?.name === 'SkipEditsError') {
      process.stderr.write(`error: ${error.message}\n`);
      process.exitCode = 1;
      return;
    }
    // A template or CLI source that does not compile: esbuild has printed where and why.
    if (!Array.isArray(error?.errors) || error.errors.length === 0) throw error;
    process.stderr.write(`error: developer error: helpgen's sources do not compile (${error.errors.length} error${error.errors.length === 1 ? '' : 's'} above)\n  Fix the file named above and run the command again.\n`);
    if (argv.includes('--debug')) process.stderr.write(`${error.stack}\n`);
    process.exitCode = 1;
    return;
  }
  await cli.main(argv);
}

export const helpgenRoot = root;
