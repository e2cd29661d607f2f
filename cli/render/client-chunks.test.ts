import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reachableChunks, type ChunkGraph } from './client-chunks.ts';
import { compileAssets } from './assets.ts';
import { diagramLoaders } from './mermaid-chunks.ts';
import { ALGOLIA, LOCAL_SEARCH } from './chunk-gates.ts';
import { TABS } from '../markdown/plugins/rehype-tabs.ts';
import { IMAGE_ZOOM } from '../markdown/plugins/rehype-images.ts';
import { CHUNKED_TYPES, KATEX, MERMAID, diagramFeature, layoutFeature } from '../markdown/diagram-needs.ts';

// main → shared; main ⇢ modal (ungated), ⇢ diagrams (gated: mermaid); diagrams ⇢ seq, flow
// (gated by type), ⇢ icons (ungated); flow ⇢ elk (gated by layout); seq → seq-shared.
const graph: ChunkGraph = {
  entry: 'main.js',
  imports: { 'main.js': ['shared.js'], 'shared.js': [], 'modal.js': ['shared.js'], 'diagrams.js': [], 'seq.js': ['seq-shared.js'], 'seq-shared.js': [], 'flow.js': [], 'elk.js': [], 'icons.js': [] },
  dynamic: { 'main.js': ['modal.js', 'diagrams.js'], 'diagrams.js': ['seq.js', 'flow.js', 'icons.js'], 'flow.js': ['elk.js'] },
  gates: { 'diagrams.js': [MERMAID], 'seq.js': [diagramFeature('sequence')], 'flow.js': [diagramFeature('flowchart-v2'), diagramFeature('flowchart-elk')], 'elk.js': [layoutFeature('elk')] },
};
const reach = (features: string[]) => [...reachableChunks(graph, features)].sort();

describe('reachableChunks', () => {
  it('follows static and ungated imports, and gated ones only for a needed feature', () => {
    expect(reach([])).toEqual(['main.js', 'modal.js', 'shared.js']);
    expect(reach([MERMAID, diagramFeature('sequence')])).toEqual(['diagrams.js', 'icons.js', 'main.js', 'modal.js', 'seq-shared.js', 'seq.js', 'shared.js']);
    expect(reach([MERMAID, diagramFeature('flowchart-elk'), layoutFeature('elk')])).toEqual(['diagrams.js', 'elk.js', 'flow.js', 'icons.js', 'main.js', 'modal.js', 'shared.js']);
  });

  it('opens every gate of a family for its wildcard, or for a member no gate knows', () => {
    const all = ['diagrams.js', 'flow.js', 'icons.js', 'main.js', 'modal.js', 'seq-shared.js', 'seq.js', 'shared.js'];
    expect(reach([MERMAID, diagramFeature('*')])).toEqual(all);
    expect(reach([MERMAID, diagramFeature('someNewType')])).toEqual(all);
  });
});

describe('the real bundle', () => {
  const dir = mkdtempSync(join(tmpdir(), 'helpgen-chunks-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gates each search provider, tabs, image zoom, mermaid, every diagram type, every layout engine and KaTeX', async () => {
    await compileAssets(dir, join(dir, 'manifest.json'));
    const { chunks } = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { chunks: ChunkGraph };
    const gated = new Set(Object.values(chunks.gates).flat());
    const expected = [LOCAL_SEARCH, ALGOLIA, TABS, IMAGE_ZOOM, MERMAID, KATEX, ...CHUNKED_TYPES.map(diagramFeature), ...['dagre', 'elk', 'cose-bilkent', 'swimlane'].map(layoutFeature)];
    expect(expected.filter((feature) => !gated.has(feature))).toEqual([]);
    // Without any of them, the bundle loses most of its bytes and keeps the shell's lazy parts.
    const kept = reachableChunks(chunks, []);
    expect(kept.size).toBeLessThan(Object.keys(chunks.imports).length / 2);
    expect([...kept].some((file) => file.includes('/mount.'))).toBe(true);
  });
});

describe('diagramLoaders', () => {
  it("pairs each type id in mermaid's core with the module its loader imports", () => {
    const core = 'var id = "c4";\nvar detector = () => 1;\nvar loader = async () => {\n  const { diagram } = await import("./chunks/x/c4Diagram-A.mjs");\n};\nvar id2 = "info";\nvar detector2 = 1;\nvar id3 = "pie";\nvar loader3 = async () => import("./chunks/x/pie-B.mjs");\n';
    expect(diagramLoaders(core)).toEqual([
      { id: 'c4', module: './chunks/x/c4Diagram-A.mjs' },
      { id: 'pie', module: './chunks/x/pie-B.mjs' },
    ]);
  });
});
