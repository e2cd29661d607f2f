// What a mermaid diagram will make the browser load, decided at build time from its source, so a
// production build can leave out the chunks no page asks for (../render/client-chunks.ts).
// Mermaid picks a diagram's code by trying its detectors in the order they were registered on the
// text left once front matter, %%{directives}%% and %% comments are taken out; this file follows
// the same steps and order (mermaid 12: src/diagram-api/detectType.ts, src/preprocess.ts and
// src/diagram-api/diagram-orchestration.ts). diagram-needs.test.ts compares the result with
// mermaid's own detectType on every kind of diagram. When no detector matches, every diagram
// chunk is kept: a page must never lose a diagram to save bytes.

/** The names of what a page needs (features that gate chunks in ../render/client-chunks.ts). */
export const MERMAID = 'mermaid';
export const KATEX = 'katex';
export const diagramFeature = (type: string) => `mermaid:${type}`;
export const layoutFeature = (layout: string) => `mermaid-layout:${layout}`;
/** Any diagram, or any layout: kept when the build cannot tell which. */
export const ANY_DIAGRAM = diagramFeature('*');
export const ANY_LAYOUT = layoutFeature('*');

interface DiagramType {
  /** Mermaid's id for the type (the key its loader is registered under). */
  id: string;
  test: (text: string) => boolean;
  /** The layout it uses unless the diagram's config names another; none for types drawn without a layout engine. */
  layout?: string;
}

const startsWith = (pattern: RegExp) => (text: string) => pattern.test(text);

/**
 * Mermaid's detectors, in its registration order: the first that matches wins. "error" and
 * "---" are built into mermaid's core (no chunk). Types drawn through mermaid's layout engines
 * default to ELK (the default config's `layout`), except mindmaps (cose-bilkent) and swimlanes.
 */
const TYPES: DiagramType[] = [
  { id: 'error', test: (text) => text.toLowerCase().trim() === 'error' },
  { id: '---', test: (text) => text.toLowerCase().trimStart().startsWith('---') },
  { id: 'flowchart-elk', test: startsWith(/^\s*flowchart-elk/), layout: 'elk' },
  { id: 'mindmap', test: startsWith(/^\s*mindmap/), layout: 'cose-bilkent' },
  { id: 'architecture', test: startsWith(/^\s*architecture/) },
  { id: 'agentflow', test: startsWith(/^\s*agentflow-beta\b/), layout: 'elk' },
  // Only the first name is anchored in mermaid's pattern: the others match anywhere in the text.
  { id: 'c4', test: (text) => /^\s*C4Context/.test(text) || /C4Container|C4Component|C4Dynamic|C4Deployment/.test(text) },
  { id: 'kanban', test: startsWith(/^\s*kanban/) },
  { id: 'classDiagram', test: startsWith(/^\s*classDiagram/), layout: 'elk' },
  { id: 'er', test: startsWith(/^\s*erDiagram/), layout: 'elk' },
  { id: 'gantt', test: startsWith(/^\s*gantt/) },
  { id: 'info', test: startsWith(/^\s*info/) },
  { id: 'pie', test: startsWith(/^\s*pie/) },
  { id: 'requirement', test: startsWith(/^\s*requirement/), layout: 'elk' },
  { id: 'sequence', test: startsWith(/^\s*sequenceDiagram/) },
  { id: 'swimlane', test: startsWith(/^\s*swimlane-beta\b/), layout: 'swimlane' },
  { id: 'flowchart-v2', test: startsWith(/^\s*(?:graph|flowchart)/), layout: 'elk' },
  { id: 'timeline', test: startsWith(/^\s*timeline/) },
  { id: 'gitGraph', test: startsWith(/^\s*gitGraph/) },
  { id: 'stateDiagram', test: startsWith(/^\s*stateDiagram/), layout: 'elk' },
  { id: 'journey', test: startsWith(/^\s*journey/) },
  { id: 'quadrantChart', test: startsWith(/^\s*quadrantChart/) },
  { id: 'sankey', test: startsWith(/^\s*sankey/) },
  { id: 'packet', test: startsWith(/^\s*packet/) },
  { id: 'xychart', test: startsWith(/^\s*xychart/) },
  { id: 'block', test: startsWith(/^\s*block/) },
  { id: 'eventmodeling', test: startsWith(/^\s*eventmodeling/) },
  { id: 'treeView', test: startsWith(/^\s*treeView-beta/) },
  { id: 'radar', test: startsWith(/^\s*radar-beta/) },
  { id: 'ishikawa', test: startsWith(/^\s*ishikawa(?:-beta)?\b/i) },
  { id: 'treemap', test: startsWith(/^\s*treemap/) },
  { id: 'railroad', test: startsWith(/^\s*railroad-beta/i) },
  { id: 'railroadEbnf', test: startsWith(/^\s*railroad-ebnf-beta/i) },
  { id: 'railroadAbnf', test: startsWith(/^\s*railroad-abnf-beta/i) },
  { id: 'railroadPeg', test: startsWith(/^\s*railroad-peg-beta/i) },
  { id: 'venn', test: startsWith(/^\s*venn-beta/) },
  { id: 'wardley', test: startsWith(/^\s*wardley-beta/i) },
  { id: 'cynefin', test: startsWith(/^\s*cynefin-beta(?:[\s:]|$)/) },
  { id: 'usecase', test: startsWith(/^\s*usecase-beta(?:\s|$)/) },
];

/** The types built into mermaid's core, which load no chunk of their own. */
const BUILT_IN = new Set(['error', '---']);
/** The layout engines mermaid registers; a config naming another falls back to dagre. */
const LAYOUTS = new Set(['dagre', 'elk', 'swimlane', 'cose-bilkent']);

/** The ids in the order they are tried (the test checks it is mermaid's order). */
export const DETECTION_ORDER = TYPES.map((type) => type.id);
/** The types with a chunk of their own (each must have one in the bundle: client-chunks.test.ts). */
export const CHUNKED_TYPES = DETECTION_ORDER.filter((id) => !BUILT_IN.has(id));

/** The features one diagram's source needs: mermaid, its type, its layouts, KaTeX if it has math. */
export function diagramNeeds(source: string): string[] {
  const { text, config } = preprocess(source);
  const type = detectType(text);
  const needs = [MERMAID];
  if (!type) needs.push(ANY_DIAGRAM, ANY_LAYOUT);
  else if (!BUILT_IN.has(type.id)) {
    needs.push(diagramFeature(type.id));
    if (type.layout) for (const layout of layoutsOf(type.layout, config)) needs.push(layoutFeature(layout));
  }
  // Mermaid renders $$…$$ in labels with KaTeX, which it loads only then.
  if (source.includes('$$')) needs.push(KATEX);
  return needs;
}

/** Mermaid's type id for a diagram's source, or undefined when no detector matches. */
export function diagramType(source: string): string | undefined {
  return detectType(preprocess(source).text)?.id;
}

function detectType(text: string): DiagramType | undefined {
  // Mermaid strips front matter, directives and comments once while preparing the text, and its
  // detector does the same again on what is left.
  const cleaned = stripComments(removeDirectives(stripFrontMatter(text).rest));
  return TYPES.find((type) => type.test(cleaned));
}

/** The text as mermaid's detectors see it, and the config its front matter and directives hold (as text). */
function preprocess(source: string): { text: string; config: string } {
  const normalised = source.replace(/\r\n?/g, '\n');
  const { frontMatter, rest } = stripFrontMatter(normalised);
  const directives = rest.match(DIRECTIVE) ?? [];
  const text = removeDirectives(rest)
    .replace(/^\s*%%(?!\{)[^\n]+\n?/gm, '')
    .trimStart();
  return { text, config: [frontMatter, ...directives].join('\n') };
}

/**
 * A diagram's layouts: its type's default and every layout its config names (whichever of them
 * applies, all are kept); a name mermaid does not know falls back to dagre.
 */
function layoutsOf(defaultLayout: string, config: string): string[] {
  const layouts = new Set([defaultLayout]);
  for (const [, name] of config.matchAll(/["']?\blayout["']?\s*:\s*["']?([\w.-]+)/g)) {
    const engine = name!.startsWith('elk.') ? 'elk' : name!;
    layouts.add(LAYOUTS.has(engine) ? engine : 'dagre');
  }
  return [...layouts];
}

/** `%%{word …}%%`, or to the end of the text when it is never closed. */
const DIRECTIVE = /%%\{\s*\w(?:(?!\}%%)[\s\S])*(?:\}%%)?/g;

function removeDirectives(text: string): string {
  return text.replace(DIRECTIVE, '');
}

/** Drops every `%%` to the end of its line (a last line without a line break is left as it is). */
function stripComments(text: string): string {
  let out = '';
  let kept = 0;
  for (let marker = text.indexOf('%%'); marker >= 0; marker = text.indexOf('%%', kept)) {
    const lineEnd = text.indexOf('\n', marker);
    if (lineEnd < 0) break;
    let start = marker;
    while (start > kept && /\s/.test(text[start - 1]!)) start--;
    out += text.slice(kept, start) + '\n';
    kept = lineEnd + 1;
  }
  return out + text.slice(kept);
}

const isBlank = (char: string | undefined) => char !== undefined && /\s/.test(char);
const isLineBreak = (char: string | undefined) => char === '\n' || char === '\r';

/**
 * Mermaid's front matter: `---` (after spaces on the first line), a line break, a body, and a
 * line of the same indent and `---` followed by a line break. The opening is the last line break
 * after the first `---` that comes before the last closing fence; the body ends at the first
 * closing fence after it.
 */
function stripFrontMatter(text: string): { frontMatter: string; rest: string } {
  let cursor = 0;
  while (isBlank(text[cursor]) && !isLineBreak(text[cursor])) cursor++;
  const none = { frontMatter: '', rest: text };
  if (!text.startsWith('---', cursor)) return none;
  const fence = `${text.slice(0, cursor)}---`;
  const openings: number[] = [];
  for (let i = cursor + 3; isBlank(text[i]); i++) if (isLineBreak(text[i])) openings.push(i);
  if (!openings.length) return none;
  /** Where the closing fence starting after the line break at `i` ends (its last line break), or -1. */
  const closingEnd = (i: number): number => {
    if (!isLineBreak(text[i]) || !text.startsWith(fence, i + 1)) return -1;
    let end = -1;
    for (let j = i + 1 + fence.length; isBlank(text[j]); j++) if (isLineBreak(text[j])) end = j;
    return end;
  };
  let lastClosing = -1;
  for (let i = openings[0]! + 1; i < text.length; i++) if (closingEnd(i) >= 0) lastClosing = i;
  if (lastClosing < 0) return none;
  const opening = openings.filter((at) => at < lastClosing).pop() ?? openings[0]!;
  for (let i = opening + 1; i <= lastClosing; i++) {
    const end = closingEnd(i);
    if (end >= 0) return { frontMatter: text.slice(opening + 1, i), rest: text.slice(end + 1) };
  }
  return none;
}
