// Which client chunks a production build writes. esbuild splits the bundle into ~130 files, most
// of them mermaid's (a chunk per diagram type, ELK's 1.5 MB layout engine, KaTeX), and writing
// them all made every site ship 5.7 MB of script whatever its pages hold. The compile keeps the
// chunk graph (static and dynamic imports) and gates some dynamic imports on a feature: mermaid
// itself, each diagram type's loader, each layout engine, KaTeX (./mermaid-chunks.ts finds them).
// A build then writes what the main entry reaches through static imports, ungated dynamic imports
// (the search modal, the islands, page features) and the gated ones some page needs
// (PageMarkdownData.clientFeatures). A dev build writes everything: a writer may add a diagram.
import type { Metafile } from 'esbuild';

/** The client bundle's files ("assets/js/…") and how they import each other. */
export interface ChunkGraph {
  entry: string;
  /** Static imports: loaded with the file. */
  imports: Record<string, string[]>;
  /** Dynamic imports: loaded when the code asks. */
  dynamic: Record<string, string[]>;
  /** Files loaded only for one of these features ("mermaid:sequence"), by file. */
  gates: Record<string, string[]>;
}

/** The graph of esbuild's outputs; `fileOf` names an output key as a file, `gates` by output key. */
export function chunkGraph(outputs: Metafile['outputs'], entryKey: string, fileOf: (key: string) => string, gates: Map<string, string[]>): ChunkGraph {
  const graph: ChunkGraph = { entry: fileOf(entryKey), imports: {}, dynamic: {}, gates: {} };
  for (const key of Object.keys(outputs).sort()) {
    const imports = outputs[key]!.imports.filter((i) => !i.external);
    const file = fileOf(key);
    graph.imports[file] = imports.filter((i) => i.kind === 'import-statement').map((i) => fileOf(i.path));
    graph.dynamic[file] = imports.filter((i) => i.kind === 'dynamic-import').map((i) => fileOf(i.path));
    const gate = gates.get(key);
    if (gate) graph.gates[file] = [...gate].sort();
  }
  return graph;
}

/**
 * Every file the browser can load when the pages need `features`: what the entry reaches,
 * following a gated file only when one of its features is needed. A feature "family:*" opens
 * every gate of its family, and so does a feature of a family that no gate knows (a diagram type
 * newer than this bundle): the build cannot tell which file it needs, so it keeps them all.
 */
export function reachableChunks(graph: ChunkGraph, features: Iterable<string>): Set<string> {
  const known = new Set(Object.values(graph.gates).flat());
  const open = new Set<string>();
  for (const feature of features) {
    open.add(feature);
    if (!known.has(feature)) open.add(wildcard(feature));
  }
  const passes = (file: string) => {
    const gate = graph.gates[file];
    return !gate || gate.some((feature) => open.has(feature) || open.has(wildcard(feature)));
  };
  const reached = new Set([graph.entry]);
  const pending = [graph.entry];
  while (pending.length) {
    const file = pending.pop()!;
    const next = [...(graph.imports[file] ?? []), ...(graph.dynamic[file] ?? []).filter(passes)];
    for (const imported of next) {
      if (reached.has(imported)) continue;
      reached.add(imported);
      pending.push(imported);
    }
  }
  return reached;
}

/** A path with forward slashes, as the graph and esbuild's metafile name files. */
export const slashes = (path: string) => path.split('\\').join('/');

/** "mermaid:sequence" → "mermaid:*" (a feature with no family is its own). */
function wildcard(feature: string): string {
  const colon = feature.indexOf(':');
  return colon < 0 ? feature : `${feature.slice(0, colon)}:*`;
}
