// Mermaid's gated files in the client bundle (./chunk-gates.ts): which of esbuild's outputs are
// loaded only for a feature some page may or may not need. Found in the bundle's metafile and in
// mermaid's own module, never guessed from chunk names alone:
// - each diagram type's code, which mermaid's core imports in the loader it registers for the
//   type: "mermaid:<type id>" (ids as ../markdown/diagram-needs.ts reads them);
// - the layout engines mermaid registers (dagre, ELK, cose-bilkent, swimlanes): "mermaid-layout:<name>";
// - KaTeX, which mermaid imports to draw $$math$$: "katex".
// A file no rule names stays ungated (always written), so a mermaid that changes shape costs
// bytes, never a diagram; client-chunks.test.ts checks every type and layout is found.
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { Metafile } from 'esbuild';
import { KATEX, diagramFeature, layoutFeature } from '../markdown/diagram-needs.ts';
import { slashes } from './client-chunks.ts';

/** Layout names as mermaid's config takes them, and the start of the module that holds each. */
const LAYOUT_MODULES: Record<string, string> = { dagre: 'dagre-', elk: 'elk-', 'cose-bilkent': 'cose-bilkent-', swimlane: 'swimlanes-' };

/**
 * Calls `gate` with each input module (its path as esbuild names it) and the feature it needs.
 * `root` is the folder esbuild's paths are relative to.
 */
export function mermaidGates(metafile: Metafile, root: string, gate: (input: string | undefined, feature: string) => void): void {
  const inputs = Object.keys(metafile.inputs).map(slashes);
  const core = inputs.find((path) => path.endsWith('mermaid/dist/mermaid.core.mjs'));
  if (core) {
    for (const { id, module } of diagramLoaders(readFileSync(join(root, core), 'utf8'))) gate(posix.join(posix.dirname(core), module), diagramFeature(id));
    const chunks = posix.join(posix.dirname(core), 'chunks', 'mermaid.core') + '/';
    for (const [layout, start] of Object.entries(LAYOUT_MODULES)) {
      gate(inputs.find((path) => path.startsWith(chunks + start) && !path.slice(chunks.length).includes('/')), layoutFeature(layout));
    }
  }
  gate(inputs.find((path) => /(^|\/)katex\/dist\/katex\.m?js$/.test(path)), KATEX);
}

/**
 * The diagram types mermaid's core registers with a loader, and the module each loader imports:
 * in mermaid.core.mjs each type's detector file is bundled as `var idN = "<type>"`, its detector,
 * then its loader's `import("./chunks/…")`.
 */
export function diagramLoaders(coreSource: string): { id: string; module: string }[] {
  const found: { id: string; module: string }[] = [];
  for (const match of coreSource.matchAll(/\bvar id\d* = "([^"]+)";((?:(?!\bvar id\d* = ")[\s\S])*?)\bimport\("(\.\/chunks\/[^"]+)"\)/g)) {
    found.push({ id: match[1]!, module: match[3]! });
  }
  return found;
}
