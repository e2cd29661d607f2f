import { describe, expect, it } from 'vitest';
import { packedBuffers, packIndexFiles, unpackIndexFiles } from './packed-files.ts';

describe('packed index files', () => {
  it('gives back every file, in order, with its exact text (accents, emoji, empty files)', () => {
    const files = [
      { path: 'terms/a.1.json', json: '{"postings":["0:1/2"]}' },
      { path: 'pages/b.0.json', json: '["/support/café","Café ☕ and 日本語",1]' },
      { path: 'pages/b.1.json', json: '' },
      { path: 'terms/z.2.json', json: '["🙂"]' },
    ];
    const packed = packIndexFiles({ indexJson: '{"format":5,"terms":"é"}', files });
    const back = unpackIndexFiles(packed);
    expect(back.indexJson).toBe('{"format":5,"terms":"é"}');
    expect(back.files.map((file) => file.path)).toEqual(files.map((file) => file.path));
    expect(back.files.map((file) => new TextDecoder().decode(file.json))).toEqual(files.map((file) => file.json));
    // One buffer for every file's bytes, and the table of where each ends: what the worker moves.
    expect(packedBuffers(packed)).toEqual([packed.ends.buffer, packed.bytes.buffer]);
    expect(new Set(back.files.map((file) => file.json.buffer)).size).toBe(1);
  });
});
