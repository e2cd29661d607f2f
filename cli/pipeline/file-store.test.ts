import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { FileStore } from './file-store.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A store folder holding `count` files of an earlier build, pruned `minutesAgo` minutes ago. */
function storeOf(count: number, minutesAgo: number): { dir: string; store: () => FileStore } {
  const dir = mkdtempSync(join(tmpdir(), 'helpgen-file-store-'));
  made.push(dir);
  for (let i = 0; i < count; i++) writeFileSync(join(dir, `old${i}.html`), `page ${i}`);
  const pruned = Date.now() - minutesAgo * 60_000;
  writeFileSync(join(dir, '.pruned'), `${pruned} 0`);
  utimesSync(join(dir, '.pruned'), new Date(pruned), new Date(pruned));
  return { dir, store: () => new FileStore(dir, '.html') };
}

/** A build that reads every old file but the first, and writes `added` new ones, named from `first` on. */
async function build(store: FileStore, count: number, added: number, first = 0): Promise<void> {
  for (let i = 1; i < count; i++) store.read(`old${i}`);
  for (let i = first; i < first + added; i++) store.write(`new${i}`, `new page ${i}`);
  await store.finish();
}

const pages = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.html'));

describe('FileStore.finish', () => {
  it('leaves the files a small edit made unneeded until they add up to a tenth of the folder', async () => {
    const { dir, store } = storeOf(100, 5);
    await build(store(), 100, 1);
    expect(pages(dir)).toHaveLength(101);
    await build(store(), 100, 8, 1);
    expect(pages(dir), 'nine files added since the last prune, of 107 kept').toHaveLength(109);
    // The third build brings the files added since the prune to a tenth of those it keeps.
    await build(store(), 100, 1, 9);
    expect(pages(dir).sort()).toEqual([...Array.from({ length: 99 }, (_, i) => `old${i + 1}.html`), 'new9.html'].sort());
  });

  it('removes them once the folder was last pruned over an hour ago', async () => {
    const { dir, store } = storeOf(100, 61);
    await build(store(), 100, 1);
    expect(pages(dir)).toHaveLength(100);
    expect(pages(dir)).not.toContain('old0.html');
  });

  it('removes them at once when a build replaced a tenth of the files or more', async () => {
    const { dir, store } = storeOf(100, 5);
    await build(store(), 100, 11);
    expect(pages(dir)).toHaveLength(110);
    expect(pages(dir)).not.toContain('old0.html');
  });

  it('prunes a folder it has no note of', async () => {
    const { dir, store } = storeOf(100, 5);
    rmSync(join(dir, '.pruned'));
    await build(store(), 100, 1);
    expect(pages(dir)).not.toContain('old0.html');
  });
});

describe('FileStore.holdsOf', () => {
  it("gives each file's size and SHA-256, larger files after smaller ones too, and keeps the file", async () => {
    const { dir, store: open } = storeOf(0, 0);
    const store = open();
    const small = 'a small page';
    const large = 'x'.repeat(300_000); // more than the buffer the small one was read into
    writeFileSync(join(dir, 'small.html'), small);
    writeFileSync(join(dir, 'large.html'), large);
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(store.holdsOf('small')).toEqual({ size: small.length, sha256: sha256(small) });
    expect(store.holdsOf('large')).toEqual({ size: large.length, sha256: sha256(large) });
    expect(store.holdsOf('small'), 'read into the larger buffer, only its own bytes').toEqual({ size: small.length, sha256: sha256(small) });
    expect(store.holdsOf('gone')).toBeUndefined();
    // Kept by the prune that follows, as a file read is.
    writeFileSync(join(dir, '.pruned'), '0 0');
    await store.finish();
    expect(pages(dir).sort()).toEqual(['large.html', 'small.html']);
  });
});
