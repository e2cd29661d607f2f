// Builds the browser assets: one stylesheet from templates/styles and the client bundle from
// client/ (esbuild, minified, split so the search modal loads only on demand). Both get
// content-hashed names. The result is cached by a hash of its sources, so rebuilding an
// unchanged site skips esbuild entirely.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import fg from 'fast-glob';
import { helpgenCacheDir, helpgenRoot, prebuiltDir } from '../paths.ts';
import { publishFolder, pruneCache, temporaryPath } from '../disk-cache.ts';
import type { OutputFile } from '../output/output.ts';
import { fillLazyChunks, lazyChunkLists } from './lazy-chunks.ts';
import { chunkGraph, reachableChunks, type ChunkGraph } from './client-chunks.ts';
import { lazyGates } from './chunk-gates.ts';

const MANIFEST_VERSION = '8';

export interface BuiltAssets {
  files: OutputFile[];
  /** Hrefs (under the base URL) to put in every page. */
  css: string[];
  js: string[];
  /**
   * The files a production build writes when its pages need `features`
   * (PageMarkdownData.clientFeatures): every file but the client chunks no page can load.
   */
  filesFor(features: Iterable<string>): OutputFile[];
}

interface Manifest {
  css: string[];
  js: string[];
  files: string[];
  chunks: ChunkGraph;
}

export async function buildClientAssets(baseUrl: string): Promise<BuiltAssets> {
  // The published package ships them compiled (bin/compile.js): no bundler runs for a user.
  const cacheDir = prebuiltDir ? join(prebuiltDir, 'client') : await compiledFromSources();
  const manifest = JSON.parse(readFileSync(join(cacheDir, 'manifest.json'), 'utf8')) as Manifest;
  const output = (path: string): OutputFile => ({ path: join(baseUrl.replace(/^\/+/, ''), path), copyFrom: join(cacheDir, 'files', path) });
  return {
    files: manifest.files.map(output),
    css: manifest.css.map((p) => baseUrl + p),
    js: manifest.js.map((p) => baseUrl + p),
    filesFor(features) {
      const reachable = reachableChunks(manifest.chunks, features);
      return manifest.files.filter((path) => !(path in manifest.chunks.imports) || reachable.has(path)).map(output);
    },
  };
}

/** A checkout's assets, compiled from client/ and templates/ into the cache when they changed: the folder. */
async function compiledFromSources(): Promise<string> {
  // Listed synchronously (about 3 ms): an async walk advances only when the main thread is
  // free, and a build's main thread is busy with markdown until the walk's result is needed.
  const sources = fg.sync(['client/**/*.{ts,tsx,css}', 'templates/**/*.{ts,tsx,css}', 'shared/**/*.{ts,tsx}'], { cwd: helpgenRoot, ignore: ['**/*.test.*', '**/__e2e__/**'] });
  sources.sort();
  // MANIFEST_VERSION: bump when this compilation changes, so cached manifests are not reused.
  const hash = createHash('sha256').update(esbuildVersion()).update(MANIFEST_VERSION);
  for (const file of sources) hash.update(file).update(readFileSync(join(helpgenRoot, file)));
  // The bundle holds dependencies too (React, mermaid): a changed lock file means other code.
  const lock = join(helpgenRoot, 'package-lock.json');
  if (existsSync(lock)) hash.update(readFileSync(lock));
  const key = hash.digest('hex').slice(0, 16);
  const cacheDir = join(helpgenCacheDir, `assets-${key}`);
  const manifestPath = join(cacheDir, 'manifest.json');
  if (!existsSync(manifestPath)) {
    // Compiled into a folder of this process and renamed into place whole: builds running side
    // by side (CI, tests) each compile, and none may copy a file while another rewrites it.
    const own = temporaryPath(cacheDir);
    await compileAssets(own, join(own, 'manifest.json'));
    // A folder without a manifest was left half-written by an older helpgen.
    if (existsSync(cacheDir) && !existsSync(manifestPath)) rmSync(cacheDir, { recursive: true, force: true });
    publishFolder(own, cacheDir);
    // Keeps the cache from growing with every edit of client/ or templates/: the newest few stay.
    pruneCache(helpgenCacheDir, { entries: (name) => name.startsWith('assets-'), keepNewest: 3, current: cacheDir });
  }
  return cacheDir;
}

/** Compiles the stylesheet and the client bundle into `cacheDir`/files, listed in `manifestPath`. */
export async function compileAssets(cacheDir: string, manifestPath: string): Promise<void> {
  const esbuild = await import('esbuild');
  const filesDir = join(cacheDir, 'files');
  mkdirSync(filesDir, { recursive: true });

  const styleDir = join(helpgenRoot, 'templates', 'styles');
  const styles = readdirSync(styleDir).filter((f) => f.endsWith('.css')).sort();
  const cssSource = styles.map((f) => readFileSync(join(styleDir, f), 'utf8')).join('\n');
  const css = (await esbuild.transform(cssSource, { loader: 'css', minify: true, target: ['chrome110', 'firefox110', 'safari16'] })).code;
  const cssName = `assets/css/styles.${shortHash(css)}.css`;
  writeFileIn(filesDir, cssName, css);

  const result = await esbuild.build({
    entryPoints: { main: join(helpgenRoot, 'client', 'main.ts') },
    // esbuild hashes chunk names over paths relative to its working folder, which defaults to
    // the process's: builds started from two folders gave every chunk another name.
    absWorkingDir: helpgenRoot,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome110', 'firefox110', 'safari16'],
    minify: true,
    jsx: 'automatic',
    write: false,
    outdir: join(filesDir, 'assets', 'js'),
    entryNames: '[name].[hash]',
    chunkNames: '[name].[hash]',
    metafile: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const toRel = (key: string) => key.replace(/^.*assets\/js\//, 'assets/js/');
  // Only the main entry goes in the pages: esbuild also marks dynamically imported chunks
  // (the search modal, the search page) as entry points, and those must load on demand.
  const mainKey = Object.keys(outputs).find((k) => outputs[k]!.entryPoint?.split('\\').join('/') === 'client/main.ts')!;
  // The chunks main imports statically (shared code) are listed too, so the browser fetches
  // them in parallel with main instead of after it.
  const eager = new Set([mainKey]);
  const pending = [mainKey];
  while (pending.length) {
    for (const imported of outputs[pending.pop()!]!.imports) {
      if (imported.kind !== 'import-statement' || eager.has(imported.path)) continue;
      eager.add(imported.path);
      pending.push(imported.path);
    }
  }
  const lazyChunks = lazyChunkLists(outputs, eager);
  const files = [cssName];
  for (const out of result.outputFiles) {
    const rel = out.path.slice(filesDir.length + 1).split('\\').join('/');
    writeFileIn(filesDir, rel, rel === toRel(mainKey) ? fillLazyChunks(out.text, lazyChunks) : out.contents);
    files.push(rel);
  }
  const js = [...eager].map(toRel);
  files.sort();
  const chunks = chunkGraph(outputs, mainKey, toRel, lazyGates(result.metafile, helpgenRoot));
  writeFileSync(manifestPath, JSON.stringify({ css: [cssName], js, files, chunks } satisfies Manifest));
}

function writeFileIn(dir: string, rel: string, contents: string | Uint8Array): void {
  const target = join(dir, rel);
  mkdirSync(join(target, '..'), { recursive: true });
  writeFileSync(target, contents);
}

function shortHash(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 10);
}

function esbuildVersion(): string {
  try {
    // Resolved as Node would: an install may have put esbuild beside helpgen rather than in it.
    return JSON.parse(readFileSync(createRequire(join(helpgenRoot, 'package.json')).resolve('esbuild/package.json'), 'utf8')).version;
  } catch {
    return 'unknown';
  }
}
