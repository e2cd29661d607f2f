import { describe, expect, it } from 'vitest';
import { formatManifest, parseManifest, sha256Of, type ManifestEntry } from './build-manifest.ts';

const entry = (path: string, text = path): ManifestEntry => ({ path, size: Buffer.byteLength(text), sha256: '0'.repeat(63) + String(text.length % 10) });

describe('the build manifest', () => {
  it('is the same bytes whatever order the files were written in, sorted by path', () => {
    const files = [entry('support/b.html'), entry('.well-known/security.txt'), entry('404.html'), entry('support/a b/ü.html'), entry('support/B.html')];
    const text = formatManifest(files);
    expect(formatManifest([...files].reverse())).toBe(text);
    const parsed = parseManifest(text);
    expect(parsed).toBeInstanceOf(Map);
    expect([...(parsed as Map<string, ManifestEntry>).keys()]).toEqual(['.well-known/security.txt', '404.html', 'support/B.html', 'support/a b/ü.html', 'support/b.html']);
    expect((parsed as Map<string, ManifestEntry>).get('404.html')).toEqual(entry('404.html'));
    expect(text).not.toMatch(/\d{4}-\d\d-\d\d/); // no times
  });

  it('says why a text is not a manifest', () => {
    const valid = JSON.parse(formatManifest([entry('a.html')]));
    const withFile = (file: object) => JSON.stringify({ ...valid, files: [file] });
    expect(parseManifest('')).toEqual({ problem: 'it is empty' });
    expect(parseManifest('This folder is written by "helpgen build".')).toEqual({ problem: 'it is not JSON' });
    expect(parseManifest('[]')).toEqual({ problem: 'it is not a JSON object' });
    expect(parseManifest(JSON.stringify({ ...valid, format: 2 }))).toEqual({ problem: '"format" is 2, not 1' });
    expect(parseManifest(withFile({ ...entry('a.html'), path: '../outside.html' }))).toEqual({ problem: '"files.0": its path is not a file path inside the folder' });
    expect(parseManifest(withFile({ ...entry('a.html'), path: '.helpgen-output' }))).toEqual({ problem: '"files.0": its path is not a file path inside the folder' });
    // Paths near the plainly safe ones (PLAINLY_SAFE_PATH), each refused or taken by the checks part by part.
    const inside = '"files.0": its path is not a file path inside the folder';
    for (const path of ['a/./b.html', 'a/../b.html', 'a//b.html', 'a/b/', '/a.html', 'C:/a.html', 'c:a.html', 'a\\b.html', 'a\0.html', '', '..', '.']) {
      expect(parseManifest(withFile({ ...entry('a.html'), path }))).toEqual({ problem: inside });
    }
    for (const path of ['.well-known/security.txt', 'a/.hidden', 'a b/ü.html', 'a/b..c/d.html', 'a/b:c.html']) expect(parseManifest(withFile({ ...entry('a.html'), path }))).toBeInstanceOf(Map);
    expect(parseManifest(withFile({ ...entry('a.html'), size: -1 }))).toEqual({ problem: '"files.0": its size is not a whole number of bytes' });
    expect(parseManifest(withFile({ ...entry('a.html'), sha256: 'abc' }))).toEqual({ problem: '"files.0": its sha256 is not a SHA-256 in hex' });
    expect(parseManifest(JSON.stringify({ ...valid, files: [entry('a.html'), entry('a.html')] }))).toEqual({ problem: 'it lists a.html twice' });
  });

  it('hashes with SHA-256', async () => {
    expect(await sha256Of(Buffer.from('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
