// The feature chunks are listed once (shared/feature-chunks.ts): the browser loads each by its
// name from client/features/chunks/, and the build gates the chunk of that module on the
// feature the markdown notes. These keep the list, the folder and the gates in step.
import { readdirSync } from 'node:fs';
import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { FEATURE_CHUNKS, featureChunkModule } from '../../shared/feature-chunks.ts';
import { MERMAID } from '../markdown/diagram-needs.ts';
import { IMAGE_ZOOM } from '../markdown/plugins/rehype-images.ts';
import { TABS } from '../markdown/plugins/rehype-tabs.ts';
import { ALGOLIA, LOCAL_SEARCH, lazyGates } from './chunk-gates.ts';

const chunksDir = new URL('../../client/features/chunks/', import.meta.url);

/** A metafile whose outputs are one chunk per entry module ("out/<n>.js"). */
function metafileOf(entries: string[]): Metafile {
  const outputs: Metafile['outputs'] = {};
  entries.forEach((entryPoint, n) => {
    outputs[`out/${n}.js`] = { imports: [], exports: [], entryPoint, inputs: {}, bytes: 1 };
  });
  return { inputs: {}, outputs };
}

describe('the feature chunk list', () => {
  it('names each module of client/features/chunks/ once, and only those', () => {
    const modules = readdirSync(chunksDir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    const names = FEATURE_CHUNKS.map((chunk) => chunk.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(modules.map((file) => file.replace(/\.ts$/, '')).sort());
  });

  it('gates each chunk on a feature the markdown notes', () => {
    const noted = new Set([TABS, IMAGE_ZOOM, MERMAID]);
    for (const chunk of FEATURE_CHUNKS) if (chunk.gate) expect(noted, chunk.name).toContain(chunk.gate);
  });
});

describe('lazyGates', () => {
  it("gates the listed chunks' outputs on their features, the search providers on theirs, and nothing else", () => {
    const entries = [
      'client/main.ts',
      ...FEATURE_CHUNKS.map(featureChunkModule),
      'client/search/providers/local.ts',
      'client/search/providers/algolia.ts',
      'client/search/modal/mount.tsx',
    ];
    const gates = lazyGates(metafileOf(entries), '/helpgen');
    const gateOf = (entry: string) => gates.get(`out/${entries.indexOf(entry)}.js`);
    expect(gateOf('client/features/chunks/tabs.ts')).toEqual([TABS]);
    expect(gateOf('client/features/chunks/zoom.ts')).toEqual([IMAGE_ZOOM]);
    expect(gateOf('client/features/chunks/diagrams.ts')).toEqual([MERMAID]);
    expect(gateOf('client/search/providers/local.ts')).toEqual([LOCAL_SEARCH]);
    expect(gateOf('client/search/providers/algolia.ts')).toEqual([ALGOLIA]);
    // Ungated: always written.
    for (const entry of ['client/main.ts', 'client/features/chunks/feedback.ts', 'client/features/chunks/copy-page.ts', 'client/search/modal/mount.tsx']) expect(gateOf(entry), entry).toBeUndefined();
  });
});
