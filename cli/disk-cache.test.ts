import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publishFolder, pruneCache, readEntry, temporaryPath, writeEntry } from './disk-cache.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'helpgen-disk-cache-'));
  made.push(dir);
  return dir;
}

/** Creates `name` in `dir`, last modified `minutesAgo` minutes ago. */
function entry(dir: string, name: string, minutesAgo: number): void {
  writeFileSync(join(dir, name), name);
  const time = new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(join(dir, name), time, time);
}

describe('writeEntry and readEntry', () => {
  it('write an entry whole, making its folder, and leave no temporary file', () => {
    const dir = folder();
    const file = join(dir, 'deeper', 'site.bin');
    expect(writeEntry(file, 'first')).toBe(true);
    expect(writeEntry(file, 'second')).toBe(true);
    expect(readEntry(file)?.toString()).toBe('second');
    expect(readdirSync(join(dir, 'deeper'))).toEqual(['site.bin']);
    expect(readEntry(join(dir, 'none.bin'))).toBeUndefined();
  });

  it('report a place that cannot be written, without throwing', () => {
    const dir = folder();
    writeFileSync(join(dir, 'a-file'), '');
    expect(writeEntry(join(dir, 'a-file', 'site.bin'), 'data')).toBe(false); // a file where the folder should be
    expect(readdirSync(dir)).toEqual(['a-file']);
  });
});

describe('publishFolder', () => {
  it('keeps the copy that got there first', () => {
    const dir = folder();
    const target = join(dir, 'assets-1');
    for (const text of ['first', 'second']) {
      const temp = temporaryPath(target);
      mkdirSync(join(temp, 'files'), { recursive: true });
      writeFileSync(join(temp, 'files', 'a.txt'), text);
      publishFolder(temp, target);
    }
    expect(readEntry(join(target, 'files', 'a.txt'))?.toString()).toBe('first');
    expect(readdirSync(dir)).toEqual(['assets-1']);
  });
});

describe('pruneCache', () => {
  it('keeps the newest entries, and never the current one or other files', () => {
    const dir = folder();
    for (const [name, age] of [['a.bin', 5], ['b.bin', 1], ['c.bin', 3], ['d.bin', 60], ['notes.txt', 100]] as const) entry(dir, name, age);
    pruneCache(dir, { entries: (name) => name.endsWith('.bin'), keepNewest: 2, current: join(dir, 'd.bin') });
    expect(readdirSync(dir).sort()).toEqual(['b.bin', 'c.bin', 'd.bin', 'notes.txt']);
  });

  it('removes stale entries whatever their age', () => {
    const dir = folder();
    entry(dir, 'gone.json', 0);
    entry(dir, 'kept.json', 10);
    pruneCache(dir, { entries: (name) => name.endsWith('.json'), stale: (path) => path.endsWith('gone.json') });
    expect(readdirSync(dir)).toEqual(['kept.json']);
  });

  it("removes temporary entries abandoned over an hour ago, and leaves another process's fresh one", () => {
    const dir = folder();
    const abandoned = temporaryPath(join(dir, 'a.bin')).slice(dir.length + 1);
    const writing = temporaryPath(join(dir, 'b.bin')).slice(dir.length + 1);
    const unrelated = temporaryPath(join(dir, 'inputs.json')).slice(dir.length + 1);
    entry(dir, abandoned, 61);
    entry(dir, writing, 1);
    entry(dir, unrelated, 61);
    pruneCache(dir, { entries: (name) => name.endsWith('.bin'), keepNewest: 0 });
    expect(existsSync(join(dir, abandoned))).toBe(false);
    expect(readdirSync(dir).sort()).toEqual([unrelated, writing].sort());
  });
});
