// The build's reading of a diagram's type must be mermaid's own: a page whose diagram mermaid
// reads as another type would ask for a chunk the build left out. Mermaid itself (its detectType,
// and its parse, which prepares the text first) is the reference, on every type it knows and on
// the ways a diagram can start (front matter, directives, comments, blank lines, CRLF).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import fg from 'fast-glob';
import type { Mermaid } from 'mermaid';
import { ANY_DIAGRAM, ANY_LAYOUT, KATEX, DETECTION_ORDER, MERMAID, diagramNeeds, diagramType } from './diagram-needs.ts';

let mermaid: Mermaid;
beforeAll(async () => {
  mermaid = (await import('mermaid')).default;
  mermaid.initialize({ startOnLoad: false });
});

/** Mermaid's type for a source, or undefined when it knows none. */
function mermaidType(source: string): string | undefined {
  try {
    return mermaid.detectType(source);
  } catch {
    return undefined;
  }
}

const HEADERS = [
  'flowchart-elk TD', 'mindmap', 'architecture-beta', 'agentflow-beta', 'C4Context', 'C4Container', 'kanban', 'classDiagram',
  'classDiagram-v2', 'erDiagram', 'gantt', 'info', 'pie title Pets', 'requirementDiagram', 'requirement', 'sequenceDiagram',
  'swimlane-beta', 'flowchart LR', 'graph TD', 'timeline', 'gitGraph', 'stateDiagram', 'stateDiagram-v2', 'journey',
  'quadrantChart', 'sankey-beta', 'sankey', 'packet-beta', 'xychart-beta', 'xychart', 'block-beta', 'block', 'eventmodeling',
  'treeView-beta', 'radar-beta', 'ishikawa', 'Ishikawa-beta', 'treemap-beta', 'railroad-beta', 'railroad-ebnf-beta',
  'Railroad-abnf-beta', 'railroad-peg-beta', 'venn-beta', 'wardley-beta', 'cynefin-beta', 'usecase-beta', 'error',
  // Near misses, and text that is no diagram at all.
  'agentflow-betas', 'swimlane-betax', 'cynefin-betax', 'usecase-betas', 'flow chart', 'Graph TD', 'hello', '',
];
const BODY = '\n  A --> B\n';
/** The ways a diagram can start, each a function of its first line. */
const FORMS: Record<string, (header: string) => string> = {
  plain: (h) => h + BODY,
  'blank lines and indentation': (h) => `\n\n   ${h}${BODY}`,
  crlf: (h) => `${h}${BODY}`.replace(/\n/g, '\r\n'),
  'front matter': (h) => `---\ntitle: A title\nconfig:\n  theme: forest\n---\n${h}${BODY}`,
  'indented front matter': (h) => `  ---\n  title: x\n  ---\n${h}${BODY}`,
  'unclosed front matter': (h) => `---\ntitle: x\n${h}${BODY}`,
  directive: (h) => `%%{init: {"theme": "dark"}}%%\n${h}${BODY}`,
  'directive on the same line': (h) => `%%{init: {"theme": "dark"}}%% ${h}${BODY}`,
  'unclosed directive': (h) => `%%{init: {"theme": "dark"}\n${h}${BODY}`,
  'comment lines': (h) => `%% a comment\n  %% another\n${h}${BODY}`,
  'comment after the header': (h) => `${h} %% why\n  A --> B\n`,
  'C4 name in the body': (h) => `${h}\n  A[C4Container] --> B\n`,
};

describe('diagramType', () => {
  for (const [form, make] of Object.entries(FORMS)) {
    it(`reads every type as mermaid does: ${form}`, () => {
      const ours = HEADERS.map((header) => [header, diagramType(make(header))]);
      const theirs = HEADERS.map((header) => [header, mermaidType(make(header))]);
      expect(ours).toEqual(theirs);
    });
  }

  it('reads the diagrams of our site, the starter and the fixtures as mermaid does', () => {
    const files = fg.sync(['content/**/*.md', 'starter/**/*.md', 'test/fixtures/**/*.md'], { cwd: process.cwd() });
    const sources = files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/^( *)```mermaid\n([\s\S]*?)^\1```/gm)].map((m) => m[2]!));
    expect(sources.length).toBeGreaterThan(5);
    for (const source of sources) expect([source, diagramType(source)]).toEqual([source, mermaidType(source)]);
  });

  it('agrees with the type mermaid parses a complete diagram as', async () => {
    const diagrams = ['sequenceDiagram\n  A->>B: hi\n', '---\ntitle: T\n---\n%%{init: {"theme": "dark"}}%%\n%% note\nflowchart LR\n  A --> B\n', 'pie\n  "a": 1\n', 'gitGraph\n  commit\n', 'erDiagram\n  A ||--o{ B : has\n'];
    for (const source of diagrams) expect(diagramType(source)).toBe((await mermaid.parse(source))?.diagramType);
  });

  it('tries every type mermaid registers, in its order', () => {
    expect(DETECTION_ORDER).toEqual(mermaid.getRegisteredDiagramsMetadata().map(({ id }) => id));
  });
});

describe('diagramNeeds', () => {
  it('names the type, its layout and math', () => {
    expect(diagramNeeds('sequenceDiagram\n  A->>B: $$x^2$$\n')).toEqual([MERMAID, 'mermaid:sequence', KATEX]);
    expect(diagramNeeds('flowchart LR\n  A --> B\n')).toEqual([MERMAID, 'mermaid:flowchart-v2', 'mermaid-layout:elk']);
    expect(diagramNeeds('mindmap\n  root\n')).toEqual([MERMAID, 'mermaid:mindmap', 'mermaid-layout:cose-bilkent']);
  });

  it('keeps the default layout and adds those the config names, dagre for an unknown one', () => {
    expect(diagramNeeds('---\nconfig:\n  layout: dagre\n---\nflowchart LR\n  A --> B\n')).toEqual([MERMAID, 'mermaid:flowchart-v2', 'mermaid-layout:elk', 'mermaid-layout:dagre']);
    expect(diagramNeeds('%%{init: {"flowchart": {"layout": "tidy-tree"}}}%%\nmindmap\n  root\n')).toEqual([MERMAID, 'mermaid:mindmap', 'mermaid-layout:cose-bilkent', 'mermaid-layout:dagre']);
    expect(diagramNeeds("%%{init: {'layout': 'elk.stress'}}%%\nclassDiagram\n  A <|-- B\n")).toEqual([MERMAID, 'mermaid:classDiagram', 'mermaid-layout:elk']);
  });

  it('keeps every diagram and layout when the type is unknown, and needs only mermaid for its built-in types', () => {
    expect(diagramNeeds('nothing mermaid knows\n')).toEqual([MERMAID, ANY_DIAGRAM, ANY_LAYOUT]);
    expect(diagramNeeds('error')).toEqual([MERMAID]);
  });
});
