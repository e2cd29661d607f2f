// Fetches the whole module graph of a lazily loaded entry at once, instead of level by level as
// each chunk arrives and names its imports (a round trip per level: seconds on a slow mobile
// network). The build writes, in place of the marker object below, each preloaded entry's chunk
// files (cli/render/lazy-chunks.ts, PRELOADED_ENTRIES names the entries); they sit beside this
// bundle. Without the build's lists (a test bundling the client itself) nothing is preloaded and
// import() still fetches everything, only later.
const LAZY_CHUNKS = { __helpgen_lazy_chunks__: 0 } as unknown as Partial<Record<string, string[]>>;

const preloaded = new Set<string>();

/** Asks for every chunk of `entry` (its source path, as PRELOADED_ENTRIES names it); call it just before import(). */
export function preloadChunks(entry: string): void {
  for (const file of LAZY_CHUNKS[entry] ?? []) {
    const href = new URL(file, import.meta.url).href;
    if (preloaded.has(href)) continue;
    preloaded.add(href);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}
