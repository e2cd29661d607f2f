import { describe, expect, it } from 'vitest';
import { nextPart, PART_BYTES, packedBuffers, packIndexFiles, unpackIndexFiles } from './packed-files.ts';
import type { IndexFile } from './shards.ts';

describe('packed index files', () => {
  it('gives back every file, in order, with its exact text (accents, emoji, empty files)', () => {
    const files = [
      { path: 'terms/a.1.json', json: '{"postings":["0:1/2"]}' },
      { path: 'pages/b.0.json', json: '["/support/café","Café ☕ and 日本語",1]' },
      { path: 'pages/b.1.json', json: '' },
      { path: 'terms/z.2.json', json: '["🙂"]' },
    ];
    const packed = packIndexFiles(files, '{"format":5,"terms":"é"}');
    const back = unpackIndexFiles(packed);
    expect(back.indexJson).toBe('{"format":5,"terms":"é"}');
    expect(back.files.map((file) => file.path)).toEqual(files.map((file) => file.path));
    expect(back.files.map((file) => new TextDecoder().decode(file.json))).toEqual(files.map((file) => file.json));
    // One buffer for every file's bytes, and the table of where each ends: what the worker moves.
    expect(packedBuffers(packed)).toEqual([packed.ends.buffer, packed.bytes.buffer]);
    expect(new Set(back.files.map((file) => file.json.buffer)).size).toBe(1);
  });

  it('takes the files in parts of bounded size, made one at a time, the entry with the last', () => {
    const file = (i: number): IndexFile => ({ path: `pages/p.${i}.json`, json: `"${String(i).padStart(100_000, 'x')}"` });
    let made = 0;
    function* files(): Generator<IndexFile, string> {
      for (let i = 0; i < 100; i++) {
        made++;
        yield file(i);
      }
      return '{"entry":true}';
    }
    const source = files();
    const parts = [];
    for (let part = nextPart(source); ; part = nextPart(source)) {
      parts.push(part);
      // Each part is made only when asked for: no more files made than handed over.
      expect(made).toBe(parts.reduce((sum, p) => sum + p.paths.length, 0));
      if (part.indexJson !== undefined) break;
    }
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(part.bytes.length).toBeLessThan(PART_BYTES + 100_010);
    expect(parts.map((part) => part.indexJson)).toEqual([...parts.slice(1).map(() => undefined), '{"entry":true}']);
    const back = parts.flatMap((part) => unpackIndexFiles(part).files);
    expect(back.map((f) => f.path)).toEqual(Array.from({ length: 100 }, (_, i) => file(i).path));
    expect(back.map((f) => new TextDecoder().decode(f.json))).toEqual(Array.from({ length: 100 }, (_, i) => file(i).json));
  });
});
