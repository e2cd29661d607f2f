// The warm build after a one-page edit: each run sees a real, different edit of a page that is
// not the probe page, and the site is left byte for byte as it was, whatever the build did.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BuildRun } from './cold-build.ts';
import { editText, folderDigest, measureEditedBuilds, pageToEdit, withEditedPage } from './edited-builds.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A site of five pages (the probe page among them), with a config; every page dated 2020. */
function site(): string {
  const dir = mkdtempSync(join(tmpdir(), 'helpgen-bench-edited-'));
  dirs.push(dir);
  const pages = ['intro.md', 'cell types/date-cell.md', 'cell types/number-cell.md', 'files/export.md', 'files/import.md'];
  for (const page of pages) {
    const file = join(dir, 'content', page);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, `# ${page}\n\nSome text about ${page}.\n`);
    utimesSync(file, new Date('2020-01-01'), new Date('2020-01-01'));
  }
  writeFileSync(join(dir, 'help.config.ts'), 'export default {};\n');
  return dir;
}

const PROBE = '/support/cell types/date-cell';
const run = (ok: boolean, wallMs: number): BuildRun => ({ ok, wallMs, timedOut: false, exitCode: ok ? 0 : 1, warnings: 0, pages: 5, copiedPages: ok ? 4 : undefined, error: ok ? undefined : 'content/files/export.md:1:1: error: boom' });

describe('withEditedPage', () => {
  it('appends the text while the callback runs, then puts the bytes and the modification time back', async () => {
    const dir = site();
    const file = join(dir, 'content', 'files', 'export.md');
    const bytes = readFileSync(file);
    const seen = await withEditedPage(file, editText(1), async () => readFileSync(file, 'utf8'));
    expect(seen).toBe(`${bytes}${editText(1)}`);
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(statSync(file).mtimeMs).toBe(new Date('2020-01-01').getTime());
  });

  it('puts the page back when the callback throws, and lets the error through', async () => {
    const dir = site();
    const file = join(dir, 'content', 'files', 'export.md');
    const before = folderDigest(dir);
    await expect(withEditedPage(file, editText(2), async () => Promise.reject(new Error('the build crashed')))).rejects.toThrow('the build crashed');
    expect(folderDigest(dir)).toBe(before);
  });
});

describe('measureEditedBuilds', () => {
  it('edits a page other than the probe page, differently each run, and leaves the site as it was', async () => {
    const dir = site();
    const before = folderDigest(dir);
    expect(pageToEdit(dir, PROBE)).toBe(join(dir, 'content', 'files', 'import.md'));
    const texts: string[] = [];
    const walls = [4000, 3000, 5000];
    const edited = await measureEditedBuilds({
      siteDir: dir,
      probeRoute: PROBE,
      coldMs: 10_000,
      deadline: Number.POSITIVE_INFINITY,
      build: async () => {
        texts.push(readFileSync(join(dir, 'content', 'files', 'import.md'), 'utf8'));
        return run(true, walls[texts.length - 1]!);
      },
    });
    expect(texts).toHaveLength(3);
    expect(new Set(texts).size).toBe(3);
    for (const text of texts) expect(text).toMatch(/^# files\/import\.md\n\nSome text about files\/import\.md\.\n\n\nThis sentence was added .* run \d\.\n$/);
    expect(edited).toMatchObject({ page: join('content', 'files', 'import.md'), wallMs: { n: 3, median: 4000 } });
    expect(folderDigest(dir)).toBe(before);
  });

  it('records a failed build and still restores the page', async () => {
    const dir = site();
    const before = folderDigest(dir);
    let n = 0;
    const edited = await measureEditedBuilds({ siteDir: dir, probeRoute: PROBE, coldMs: 10_000, deadline: Number.POSITIVE_INFINITY, build: async () => run(++n !== 2, 1000 * n) });
    expect(edited?.runs.map((r) => r.ok)).toEqual([true, false, true]);
    expect(edited?.wallMs).toMatchObject({ n: 2, median: 2000 });
    expect(folderDigest(dir)).toBe(before);
  });

  it('restores the page when a build throws', async () => {
    const dir = site();
    const before = folderDigest(dir);
    await expect(measureEditedBuilds({ siteDir: dir, probeRoute: PROBE, coldMs: 10_000, deadline: Number.POSITIVE_INFINITY, build: () => Promise.reject(new Error('spawn failed')) })).rejects.toThrow('spawn failed');
    expect(folderDigest(dir)).toBe(before);
  });

  it('says so when the site folder changed under it', async () => {
    const dir = site();
    const build = async () => {
      writeFileSync(join(dir, 'content', 'stray.md'), '# A file a build should never write\n');
      return run(true, 1000);
    };
    await expect(measureEditedBuilds({ siteDir: dir, probeRoute: PROBE, coldMs: 10_000, deadline: Number.POSITIVE_INFINITY, build, runs: 1 })).rejects.toThrow(/is not as it was before the edited builds \(its hash differs\)/);
  });

  it('starts no run, and edits nothing, when one would not end before the deadline', async () => {
    const dir = site();
    let builds = 0;
    const edited = await measureEditedBuilds({ siteDir: dir, probeRoute: PROBE, coldMs: 60_000, deadline: Date.now() + 30_000, build: async () => run(true, ++builds) });
    expect([edited, builds]).toEqual([undefined, 0]);
  });
});
