// Page features whose code is a chunk of its own, loaded only on pages that use them: the one
// list both sides read. The browser (client/features/enhance.ts) finds each by its selector and
// loads client/features/chunks/<name>.ts; a production build (cli/render/chunk-gates.ts) writes
// a gated chunk only when some page's markdown notes its gate (PageMarkdownData.clientFeatures,
// from the rehype plugin that makes the element), and an ungated one always.
//
// A new feature chunk: its module in client/features/chunks/ (exporting `init(scope)`, or
// `onClick(element)` when it loads on the first click) and its line here. If markdown produces
// its element, the plugin that does notes the gate.

export interface FeatureChunk {
  /** Its module: client/features/chunks/<name>.ts (the chunk is named after it). */
  name: string;
  /** The elements it works on; a page without one never loads it. */
  selector: string;
  /**
   * When its code loads: as the page starts ('now', the default), when an element comes within
   * a screen of the viewport ('visible'), on the first click on one ('click'), or when the
   * reader shows intent toward one ('intent': the pointer enters or presses it, or focus moves
   * into it), so a page read without touching the feature loads none of its code.
   */
  when?: 'now' | 'visible' | 'click' | 'intent';
  /** For 'intent': the part of each element that counts (a selector inside it); default the element itself. */
  intentOn?: string;
  /** The feature a page's markdown notes when it has the element; none: always written. */
  gate?: string;
}

export const FEATURE_CHUNKS: readonly FeatureChunk[] = [
  // The first panel is server-rendered and the tabs are buttons, so a tab block reads and is
  // reachable without this code; it comes when the reader reaches for the tab list.
  { name: 'tabs', selector: '.tabs', gate: 'tabs', when: 'intent', intentOn: ':scope > [role=tablist]' },
  // Mermaid's core comes with it.
  { name: 'diagrams', selector: 'figure.diagram', gate: 'mermaid' },
  // The images are made buttons by the main script (client/features/zoomable.ts, which marks
  // them data-zoom); the code that enlarges comes with the first click on one.
  { name: 'zoom', selector: '.markdown-body img[data-zoom]', gate: 'image-zoom', when: 'click' },
  // The question and its buttons are server-rendered; the code comes when the reader reaches for them.
  { name: 'feedback', selector: '.feedback', when: 'intent' },
  { name: 'copy-page', selector: '.copy-page', when: 'click' },
];

/** A feature chunk's module, relative to helpgen's root (as esbuild's metafile names it). */
export function featureChunkModule(chunk: FeatureChunk): string {
  return `client/features/chunks/${chunk.name}.ts`;
}
