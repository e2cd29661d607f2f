// The chunk lists behind client/lazy-chunks.ts. A lazily loaded chunk's static imports are found
// only when it arrives, and theirs only when those arrive: each level of that waterfall costs a
// round trip (over half a second on a slow mobile network) before the code can run. For the
// entries a reader waits for (the search modal, the islands with React), the build lists every
// chunk they import and writes the lists into the main bundle, where the client marked the
// place; the client then asks for all of them at once (<link rel=modulepreload>).
// main's file name stays true to its content: a list changes only when an entry's imports get
// other names, which gives the entry another name, and main, which import()s it, changes too.
import type { Metafile } from 'esbuild';

/**
 * The entries whose chunks are fetched at once (source paths, as client/lazy-chunks.ts names them).
 * The local search provider is fetched with the modal: the modal import()s it only once it runs,
 * a round trip later, and the first search waits for it.
 */
export const PRELOADED_ENTRIES = ['client/search/modal/mount.tsx', 'client/search/providers/local.ts', 'client/islands/registry.tsx'];

/** What client/lazy-chunks.ts leaves in the minified bundle for the lists to replace. */
export const LAZY_CHUNKS_MARKER = '{__helpgen_lazy_chunks__:0}';

const fileName = (outputKey: string) => outputKey.slice(outputKey.lastIndexOf('/') + 1);

/**
 * For each preloaded entry: its own file and every chunk it imports statically, directly or
 * not, except those the page loaded already (`eager`, output keys); file names, sorted.
 */
export function lazyChunkLists(outputs: Metafile['outputs'], eager: Set<string>): Record<string, string[]> {
  const lists: Record<string, string[]> = {};
  for (const entry of PRELOADED_ENTRIES) {
    const key = Object.keys(outputs).find((k) => outputs[k]!.entryPoint?.split('\\').join('/') === entry);
    if (!key) throw new Error(`helpgen's client bundle has no chunk for ${entry}: update PRELOADED_ENTRIES in cli/render/lazy-chunks.ts`);
    const found = new Set([key]);
    const pending = [key];
    while (pending.length) {
      for (const imported of outputs[pending.pop()!]!.imports) {
        if (imported.kind !== 'import-statement' || found.has(imported.path) || eager.has(imported.path)) continue;
        found.add(imported.path);
        pending.push(imported.path);
      }
    }
    lists[entry] = [...found].map(fileName).sort();
  }
  return lists;
}

/** The main bundle's code with the lists in place of the marker (which must be there once). */
export function fillLazyChunks(code: string, lists: Record<string, string[]>): string {
  const at = code.indexOf(LAZY_CHUNKS_MARKER);
  if (at < 0 || code.indexOf(LAZY_CHUNKS_MARKER, at + 1) >= 0) {
    throw new Error(`helpgen's main bundle should hold ${LAZY_CHUNKS_MARKER} once (client/lazy-chunks.ts), for the lists of chunks to fetch at once`);
  }
  return code.slice(0, at) + JSON.stringify(lists) + code.slice(at + LAZY_CHUNKS_MARKER.length);
}
