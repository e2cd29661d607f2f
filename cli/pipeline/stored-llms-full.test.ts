import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StoredLlmsFull } from './stored-llms-full.ts';

function folders() {
  const root = mkdtempSync(join(tmpdir(), 'helpgen-llms-'));
  const written = (name: string, text: string) => {
    const file = join(root, name);
    writeFileSync(file, text);
    return file;
  };
  return { dir: join(root, 'SITE.llms'), written };
}

describe('the build cache copies of llms-full.txt', () => {
  it('finds a stored copy only when it is whole (the size its layout says)', async () => {
    const { dir, written } = folders();
    const stored = new StoredLlmsFull(dir);
    expect(stored.find([['a', 5]])).toBeUndefined();
    await stored.store('a', written('out-a.txt', 'hello'), undefined);
    expect(stored.find([['b', 3], ['a', 5]])).toEqual({ key: 'a', file: join(dir, 'a.txt') });
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('hello');
    // Cut short (a disk that filled up): taken for none.
    expect(stored.find([['a', 6]])).toBeUndefined();
  });

  it('keeps the copy stored and the one the build read from, and removes the others', async () => {
    const { dir, written } = folders();
    const stored = new StoredLlmsFull(dir);
    await stored.store('a', written('a', 'one'), undefined);
    await stored.store('b', written('b', 'two'), 'a');
    expect(readdirSync(dir).sort()).toEqual(['a.txt', 'b.txt']);
    await stored.store('c', written('c', 'three'), 'b');
    expect(readdirSync(dir).sort()).toEqual(['b.txt', 'c.txt']);
    // Stored already: left as it is.
    await stored.store('c', written('c2', 'other'), 'b');
    expect(readFileSync(join(dir, 'c.txt'), 'utf8')).toBe('three');
  });

  it('stores nothing, and does not fail, when the file to copy is gone', async () => {
    const { dir } = folders();
    const stored = new StoredLlmsFull(dir);
    await expect(stored.store('a', join(dir, '..', 'missing.txt'), undefined)).resolves.toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
  });
});
