import { describe, expect, it } from 'vitest';
import type { Metafile } from 'esbuild';
import { fillLazyChunks, LAZY_CHUNKS_MARKER, lazyChunkLists } from './lazy-chunks.ts';

const out = (path: string) => `node_modules/.cache/x/files/assets/js/${path}`;
const output = (imports: string[], entryPoint?: string) => ({ bytes: 1, inputs: {}, exports: [], entryPoint, imports: imports.map((path) => ({ path: out(path), kind: 'import-statement' as const })) });

// main → shared; mount → react, modal-shared → react-core (two levels); registry → react, shared;
// local → shared.
const outputs: Metafile['outputs'] = {
  [out('main.A.js')]: { ...output(['shared.B.js']), entryPoint: 'client/main.ts' },
  [out('shared.B.js')]: output([]),
  [out('mount.C.js')]: output(['react.D.js', 'modal-shared.E.js'], 'client/search/modal/mount.tsx'),
  [out('react.D.js')]: output(['react-core.F.js']),
  [out('react-core.F.js')]: output([]),
  [out('modal-shared.E.js')]: output(['shared.B.js']),
  [out('registry.G.js')]: output(['react.D.js', 'shared.B.js'], 'client/islands/registry.tsx'),
  [out('local.H.js')]: output(['shared.B.js'], 'client/search/providers/local.ts'),
};

describe('lazyChunkLists', () => {
  it('lists every chunk an entry imports, at any depth, less what the page loaded already', () => {
    expect(lazyChunkLists(outputs, new Set([out('main.A.js'), out('shared.B.js')]))).toEqual({
      'client/search/modal/mount.tsx': ['modal-shared.E.js', 'mount.C.js', 'react-core.F.js', 'react.D.js'],
      'client/search/providers/local.ts': ['local.H.js'],
      'client/islands/registry.tsx': ['react-core.F.js', 'react.D.js', 'registry.G.js'],
    });
  });

  it('fails when an entry it should list is not in the bundle', () => {
    const { [out('registry.G.js')]: _, ...without } = outputs;
    expect(() => lazyChunkLists(without, new Set())).toThrow(/client\/islands\/registry\.tsx/);
  });
});

describe('fillLazyChunks', () => {
  it('writes the lists where the client left the marker', () => {
    const code = `const a=${LAZY_CHUNKS_MARKER};export{a};`;
    expect(fillLazyChunks(code, { x: ['y.js'] })).toBe('const a={"x":["y.js"]};export{a};');
  });

  it('fails when the marker is missing or there twice', () => {
    expect(() => fillLazyChunks('const a={};', {})).toThrow(/client\/lazy-chunks\.ts/);
    expect(() => fillLazyChunks(LAZY_CHUNKS_MARKER + LAZY_CHUNKS_MARKER, {})).toThrow(/once/);
  });
});
