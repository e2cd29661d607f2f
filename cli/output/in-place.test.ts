import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTPUT_MARKER, formatManifest } from './build-manifest.ts';
import { applyInPlace, applyingFolder, rollForward } from './in-place.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder holding these files, and a manifest listing those of `listed` (sizes and hashes do not matter here). */
function folder(root: string, name: string, files: Record<string, string>, listed: string[] = Object.keys(files)): string {
  const dir = join(root, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, OUTPUT_MARKER), formatManifest(listed.map((path) => ({ path, size: 0, sha256: '0'.repeat(64) }))));
  return dir;
}

function files(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) found[join(entry.parentPath, entry.name).slice(dir.length + 1)] = readFileSync(join(entry.parentPath, entry.name), 'utf8');
  }
  return found;
}

function setUp() {
  const root = mkdtempSync(join(tmpdir(), 'helpgen-in-place-'));
  made.push(root);
  // The old output: "a/b.html" becomes a file "a", "c" becomes a folder, "keep.html" stays, "gone/x.html" goes.
  const outDir = folder(root, 'dist', { 'a/b.html': 'old b', c: 'old c', 'keep.html': 'kept', 'gone/x.html': 'gone' });
  const newFiles = { a: 'new a', 'c/index.html': 'new c', 'new/page.html': 'new page' };
  const staging = folder(root, '.dist.tmp-1-0123abcd', newFiles, [...Object.keys(newFiles), 'keep.html']);
  const expected = { ...newFiles, 'keep.html': 'kept', [OUTPUT_MARKER]: readFileSync(join(staging, OUTPUT_MARKER), 'utf8') };
  return { root, outDir, staging, expected };
}

describe('applyInPlace', () => {
  it('deletes what the build no longer makes, moves the changed files in, and the manifest last', () => {
    const { root, outDir, staging, expected } = setUp();
    applyInPlace(staging, outDir, ['a/b.html', 'c', 'gone/x.html']);
    expect(files(outDir)).toEqual(expected);
    expect(existsSync(join(outDir, 'gone')), 'a folder left empty is removed').toBe(false);
    expect(readdirSync(root).sort()).toEqual(['dist']);
  });

  it('never deletes a file the old manifest does not list, nor the folder holding it', () => {
    const { outDir, staging } = setUp();
    writeFileSync(join(outDir, 'gone', 'notes.txt'), 'mine');
    applyInPlace(staging, outDir, ['a/b.html', 'c', 'gone/x.html']);
    expect(readFileSync(join(outDir, 'gone', 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('is finished from its folder after a stop at any step, reading what to delete from the two manifests', () => {
    const { outDir, staging, expected } = setUp();
    const applying = applyingFolder(staging);
    // Stopped after the old manifest was moved aside, one file deleted and one moved in.
    renameSync(staging, applying);
    renameSync(join(outDir, OUTPUT_MARKER), join(applying, '.helpgen-output-old'));
    rmSync(join(outDir, 'gone'), { recursive: true });
    rmSync(join(outDir, 'c'));
    mkdirSync(join(outDir, 'c'));
    renameSync(join(applying, 'c', 'index.html'), join(outDir, 'c', 'index.html'));
    rollForward(applying, outDir);
    expect(files(outDir)).toEqual(expected);
    expect(existsSync(applying)).toBe(false);
    // Once finished, doing it again changes nothing.
    rollForward(applying, outDir);
    expect(files(outDir)).toEqual(expected);
  });
});
