import { afterEach, describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EntryFiles } from './cache-delta.ts';

interface Data {
  markdown: [string, { text: string }][];
  search?: string;
}

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function place(): { base: string; delta: string; files: (stamp?: string) => EntryFiles<Data> } {
  const dir = mkdtempSync(join(tmpdir(), 'helpgen-cache-delta-'));
  made.push(dir);
  const base = join(dir, 'site.bin');
  const delta = join(dir, 'site.delta');
  return { base, delta, files: (stamp = 'v1') => new EntryFiles<Data>(base, delta, stamp) };
}

const pages = (count: number, label = 'page'): Data['markdown'] => Array.from({ length: count }, (_, i) => [`p${i}.md`, { text: `${label} ${i}` }]);

/** What a build hands the save: the entries it loaded, as they are, but those it changes. */
function edited(loaded: Data, changes: Record<string, string>, search = loaded.search): Data {
  return { search, markdown: loaded.markdown.map(([key, entry]) => [key, key in changes ? { text: changes[key]! } : entry]) };
}

describe('EntryFiles', () => {
  it('writes a one-entry change as a delta, leaving the base as it was, and reads the two as one', () => {
    const { base, delta, files } = place();
    expect(files().save({ markdown: pages(100), search: 'index 1' })).toBe(true);
    const baseBytes = readFileSync(base);
    const first = files();
    const loaded = first.load()!;
    expect(loaded.markdown).toEqual(pages(100));
    expect(first.save(edited(loaded, { 'p7.md': 'page 7, edited' }, 'index 2'))).toBe(true);
    expect(readFileSync(base).equals(baseBytes)).toBe(true);
    expect(readFileSync(delta).length).toBeLessThan(baseBytes.length / 10);
    const again = files().load()!;
    expect(again.search).toBe('index 2');
    expect(new Map(again.markdown).get('p7.md')).toEqual({ text: 'page 7, edited' });
    expect(new Map(again.markdown).get('p8.md')).toEqual({ text: 'page 8' });
  });

  it('keeps every change since the base in the delta, and entries removed out of it', () => {
    const { files } = place();
    files().save({ markdown: pages(100) });
    const one = files();
    one.save(edited(one.load()!, { 'p1.md': 'one' }));
    const two = files();
    const loaded = two.load()!;
    two.save({ markdown: edited(loaded, { 'p2.md': 'two' }).markdown.filter(([key]) => key !== 'p3.md') });
    const now = new Map(files().load()!.markdown);
    expect(now.get('p1.md')).toEqual({ text: 'one' });
    expect(now.get('p2.md')).toEqual({ text: 'two' });
    expect(now.has('p3.md')).toBe(false);
    expect(now.size).toBe(99);
  });

  it('writes a new base, and drops the delta, once a tenth of the entries changed', () => {
    const { base, delta, files } = place();
    files().save({ markdown: pages(1000) });
    const small = files();
    small.save(edited(small.load()!, { 'p0.md': 'zero' }));
    expect(existsSync(delta)).toBe(true);
    const baseBytes = readFileSync(base);
    const large = files();
    const changes = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`p${i}.md`, `changed ${i}`]));
    large.save(edited(large.load()!, changes));
    expect(readFileSync(base).equals(baseBytes)).toBe(false);
    expect(existsSync(delta)).toBe(false);
    expect(new Map(files().load()!.markdown).get('p100.md')).toEqual({ text: 'changed 100' });
  });

  it('reads a delta left from an older base as nothing: a save killed after the new base was written', () => {
    const { delta, files } = place();
    files().save({ markdown: pages(100) });
    const one = files();
    one.save(edited(one.load()!, { 'p1.md': 'old delta' }));
    copyFileSync(delta, `${delta}.kept`);
    // A new base (every entry changed), then the old delta put back, as if the kill came before its removal.
    const all = files();
    all.save({ markdown: pages(100, 'new') });
    copyFileSync(`${delta}.kept`, delta);
    expect(files().load()!.markdown).toEqual(pages(100, 'new'));
  });

  it('reads a damaged delta as none, and another code or settings as an empty cache', () => {
    const { delta, files } = place();
    files().save({ markdown: pages(100) });
    const one = files();
    one.save(edited(one.load()!, { 'p1.md': 'edited' }));
    writeFileSync(delta, readFileSync(delta).subarray(0, 20));
    expect(files().load()!.markdown).toEqual(pages(100));
    expect(files('v2').load()).toBeUndefined();
  });
});
