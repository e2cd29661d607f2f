// The twin record is only ever a way to make fewer twins: read back as it was written, and a
// record that is damaged, of another format or made with other settings reads as empty.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emptyTwinRecord, loadTwinRecord, saveTwinRecord, type TwinRecord } from './twin-record.ts';

const dir = mkdtempSync(join(tmpdir(), 'helpgen-twin-record-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const record: TwinRecord = {
  targets: new Map([
    ['hash-of-a', ['guides/b.md', 'guides/shot.png', 'guides/b.md']],
    ['hash-of-b', []],
    ['hash-of-c', ['guides/b.md', 'intro.md']],
  ]),
  keys: new Map([
    ['hash-of-a', 'key-a'],
    ['hash-of-b', 'key-b'],
    ['hash-of-c', 'key-c'],
  ]),
  site: 'site-key',
  loose: ['guides/shot.png', 'guides/gone.md'],
  layouts: new Map([['llms-key', [['key-a', 12], ['key-b', 0]]]]),
};

describe('the twin record', () => {
  it('reads back what was saved, with the same salt only', () => {
    const file = join(dir, 'round-trip.json');
    saveTwinRecord(file, 'salt', record);
    expect(loadTwinRecord(file, 'salt')).toEqual(record);
    expect(loadTwinRecord(file, 'other salt')).toEqual(emptyTwinRecord());
    expect(loadTwinRecord(join(dir, 'missing.json'), 'salt')).toEqual(emptyTwinRecord());
  });

  it('reads a damaged record as empty', () => {
    const file = join(dir, 'damaged.json');
    saveTwinRecord(file, 'salt', record);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const damaged = [
      '{"format":1,',
      JSON.stringify({ ...stored, format: 99 }),
      JSON.stringify({ ...stored, paths: ['only-one'] }),
      JSON.stringify({ ...stored, targets: [['hash-of-a', [7], 'key-a']] }),
      JSON.stringify({ ...stored, targets: [['hash-of-a', [0]]] }),
      JSON.stringify({ ...stored, loose: [9] }),
      JSON.stringify({ ...stored, site: undefined }),
      JSON.stringify({ ...stored, targets: [null] }),
      JSON.stringify({ ...stored, layouts: [['llms-key', [['key-a', -1]]]] }),
      JSON.stringify({ ...stored, layouts: [['llms-key', [['key-a', '12']]]] }),
      JSON.stringify({ ...stored, layouts: { 'llms-key': [] } }),
    ];
    for (const text of damaged) {
      writeFileSync(file, text);
      expect(loadTwinRecord(file, 'salt'), text).toEqual(emptyTwinRecord());
    }
  });
});
