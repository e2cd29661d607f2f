// Compiles one TypeScript entry (help.config.ts, templates/render.tsx) into a single ESM module
// for Node, keeping packages external, so helpgen can import it at run time.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { BuildOptions } from 'esbuild';
import { helpgenCacheDir } from './paths.ts';
import { pruneCache, readEntry, writeEntry } from './disk-cache.ts';

export interface NodeBundle {
  code: string;
  /** Absolute paths of the local files the bundle was made from. */
  inputs: string[];
}

export async function bundleForNode(entry: string, extra: BuildOptions = {}): Promise<NodeBundle> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    logLevel: 'silent',
    metafile: true,
    ...extra,
  });
  return { code: result.outputFiles![0]!.text, inputs: Object.keys(result.metafile!.inputs).map((input) => resolve(input)) };
}

/**
 * `bundleForNode`, remembered in node_modules/.cache until one of the bundle's input files
 * changes. Loading esbuild and starting its service costs a command ~40 ms, while checking the
 * inputs of a config costs well under 1 ms.
 */
export async function cachedBundleForNode(entry: string, extra: BuildOptions = {}): Promise<NodeBundle> {
  const cacheFile = bundleCacheFile(entry, extra);
  try {
    const cached = JSON.parse(readEntry(cacheFile)?.toString('utf8') ?? 'null') as { inputs: [string, string][]; code: string } | null;
    if (cached?.inputs.every(([file, hash]) => sha256(readFileSync(file)) === hash)) return { code: cached.code, inputs: cached.inputs.map(([file]) => file) };
  } catch {
    // An input is gone, or the entry is damaged: compile again.
  }
  const bundle = await bundleForNode(entry, extra);
  try {
    const inputs = bundle.inputs.map((file) => [file, sha256(readFileSync(file))]);
    // A read-only install still works, compiling every time.
    writeEntry(cacheFile, JSON.stringify({ entry: resolve(entry), inputs, code: bundle.code }));
  } catch {
    // An input vanished since esbuild read it: nothing worth keeping.
  }
  pruneCache(dirname(cacheFile), { entries: (name) => name.endsWith('.json'), stale: entryOfDeletedFile, current: cacheFile });
  return bundle;
}

/** The bundles of entry files that no longer exist (sites in temporary folders, mostly) are stale. */
function entryOfDeletedFile(file: string): boolean {
  try {
    const { entry } = JSON.parse(readFileSync(file, 'utf8')) as { entry?: string };
    return !entry || !existsSync(entry);
  } catch {
    return true; // damaged
  }
}

/** Where `cachedBundleForNode` keeps the bundle of `entry` built with `extra`. */
export function bundleCacheFile(entry: string, extra: BuildOptions = {}): string {
  const key = sha256(JSON.stringify([resolve(entry), extra])).slice(0, 16);
  return join(helpgenCacheDir, 'node-bundles', `${key}.json`);
}

function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
