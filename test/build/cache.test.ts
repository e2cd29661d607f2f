// The build cache on disk (cli/pipeline/build-cache.ts) through the real binary: a second build
// reuses the first one's pages and is byte-identical to a build without the cache; an edited
// page, a replaced image and a fixed warning all show up; a damaged cache is ignored.
import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import fg from 'fast-glob';
import { runCli } from '../helpers/cli.ts';
import { fixture, repoRoot } from '../helpers/site.ts';

// Two tiny PNGs (1×1, different colours), so a replaced image gets a new content hash.
const RED = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const BLUE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPj/HwADBwIAMCbHYQAAAABJRU5ErkJggg==', 'base64');

function site(): string {
  const dir = mkdtempSync(join(tmpdir(), 'helpgen-cache-'));
  cpSync(fixture('basic-site'), dir, { recursive: true });
  mkdirSync(join(dir, 'content', 'guides', 'img'), { recursive: true });
  writeFileSync(join(dir, 'content', 'guides', 'img', 'dot.png'), RED);
  writeFileSync(
    join(dir, 'content', 'guides', 'pictures.md'),
    '---\ntitle: Pictures\n---\n\n# Pictures\n\n![A dot](./img/dot.png)\n\nSee the [missing page](./missing.md).\n',
  );
  return dir;
}

function snapshot(dir: string): Map<string, string> {
  const files = fg.sync('**/*', { cwd: dir, dot: true }).sort();
  return new Map(files.map((f) => [f, createHash('sha1').update(readFileSync(join(dir, f))).digest('hex')]));
}

const build = (dir: string, out: string, ...flags: string[]) => runCli(['build', dir, '--out', out, ...flags]);
const page = (out: string, path: string) => readFileSync(join(out, 'support', `${path}/index.html`), 'utf8');

describe('build cache', () => {
  it('gives the same output as a build without it, and follows edits', () => {
    const dir = site();
    // The link to a missing .md file is a warning (as the spec has it), so --strict fails on it.
    const first = build(dir, 'first', '--strict');
    expect(first.status, first.stderr).toBe(1);
    expect(first.stdout + first.stderr).toContain('content/guides/pictures.md:9:9: warning: link to "./missing.md": no such page');
    // Make the page valid, then build cold (no cache) and twice with it: the fixed warning is gone.
    writeFileSync(join(dir, 'content', 'guides', 'pictures.md'), '---\ntitle: Pictures\n---\n\n# Pictures\n\n![A dot](./img/dot.png)\n');
    expect(build(dir, 'cold', '--no-cache', '--strict').status).toBe(0);
    expect(build(dir, 'warm1', '--strict').status).toBe(0);
    const warm = build(dir, 'warm2', '--strict');
    expect(warm.status, warm.stderr).toBe(0);
    expect(warm.stdout + warm.stderr).not.toContain('missing.md');
    const cold = snapshot(join(dir, 'cold'));
    for (const out of ['warm1', 'warm2']) {
      const other = snapshot(join(dir, out));
      expect([...other.keys()]).toEqual([...cold.keys()]);
      for (const [file, digest] of cold) expect(other.get(file), `${out}/${file}`).toBe(digest);
    }

    // An edited page shows its new text.
    const start = join(dir, 'content', 'guides', 'start.md');
    writeFileSync(start, readFileSync(start, 'utf8') + '\n\nA sentence added after the first build.\n');
    expect(build(dir, 'edited').status).toBe(0);
    expect(page(join(dir, 'edited'), 'guides/start')).toContain('A sentence added after the first build.');

    // A replaced image (same markdown) gets its new content hash and file.
    const before = /src="([^"]*dot\.[0-9a-f]+\.png)"/.exec(page(join(dir, 'edited'), 'guides/pictures'))![1];
    writeFileSync(join(dir, 'content', 'guides', 'img', 'dot.png'), BLUE);
    expect(build(dir, 'image').status).toBe(0);
    const after = /src="([^"]*dot\.[0-9a-f]+\.png)"/.exec(page(join(dir, 'image'), 'guides/pictures'))![1];
    expect(after).not.toBe(before);
    expect(readFileSync(join(dir, 'image', after!.replace(/^\//, '')))).toEqual(BLUE);
  });

  it('notices a missing image that appears, and survives a damaged cache', () => {
    const dir = site();
    // An image that does not exist yet: a broken link on every build, cache or not.
    writeFileSync(join(dir, 'content', 'guides', 'pictures.md'), '---\ntitle: Pictures\n---\n\n# Pictures\n\n![A later dot](./img/later.png)\n');
    for (let i = 0; i < 2; i++) {
      const run = build(dir, 'out');
      expect(run.status).toBe(1);
      expect(run.stdout + run.stderr).toContain('content/guides/pictures.md:7');
    }
    // Adding the file fixes the page without touching its markdown.
    writeFileSync(join(dir, 'content', 'guides', 'img', 'later.png'), BLUE);
    const fixed = build(dir, 'out', '--strict');
    expect(fixed.status, fixed.stdout + fixed.stderr).toBe(0);
    expect(page(join(dir, 'out'), 'guides/pictures')).toMatch(/src="\/support\/assets\/files\/later\.[0-9a-f]+\.png"/);

    // Garbage in this site's cache file: the build ignores it and rewrites it.
    const cacheFile = join(repoRoot, 'node_modules', '.cache', 'helpgen', 'build-cache', `${createHash('sha1').update(dir).digest('hex').slice(0, 12)}.bin`);
    expect(readFileSync(cacheFile).length).toBeGreaterThan(100);
    writeFileSync(cacheFile, 'not a cache');
    const again = build(dir, 'out', '--strict');
    expect(again.status, again.stderr).toBe(0);
    expect(page(join(dir, 'out'), 'guides/pictures')).toMatch(/src="\/support\/assets\/files\/later\.[0-9a-f]+\.png"/);
    expect(readFileSync(cacheFile).length).toBeGreaterThan(100);
  });
});
