import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics/errors.ts';
import { ContentListing } from './content-listing.ts';
import { listFiles } from './list-files.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function site(): string {
  const dir = mkdtempSync(join(tmpdir(), 'helpgen-listing-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'a.md'), 'one');
  writeFileSync(join(dir, 'b.md'), 'two');
  return dir;
}

describe('the kept listing of content/', () => {
  it('is reused after onlyChanged, with fresh stats for the changed files and the warnings of the listing said again', async () => {
    const dir = site();
    const listing = new ContentListing();
    let listed = 0;
    const warning: Diagnostic = { severity: 'warning', code: 'symlink-skipped', message: 'a link is skipped' };
    const list = async (report: (d: Diagnostic) => void) => {
      listed++;
      report(warning);
      return listFiles({ dir, siteDir: dir, keep: () => true, report });
    };
    const reported: Diagnostic[] = [];
    const first = await listing.list(dir, (d) => reported.push(d), list);
    expect(first.map((f) => f.path)).toEqual(['a.md', 'b.md']);

    writeFileSync(join(dir, 'b.md'), 'two, longer now');
    listing.onlyChanged(['b.md']);
    const second = await listing.list(dir, (d) => reported.push(d), list);
    expect(listed).toBe(1);
    expect(second.find((f) => f.path === 'b.md')!.stats.size).toBe('two, longer now'.length);
    expect(second.find((f) => f.path === 'a.md')).toBe(first.find((f) => f.path === 'a.md'));
    expect(reported).toEqual([warning, warning]);

    // Without being told what changed, it lists again.
    writeFileSync(join(dir, 'c.md'), 'three');
    expect((await listing.list(dir, () => {}, list)).map((f) => f.path)).toEqual(['a.md', 'b.md', 'c.md']);
    expect(listed).toBe(2);
  });

  it('lists again when a file said to have changed is gone', async () => {
    const dir = site();
    const listing = new ContentListing();
    const list = () => listFiles({ dir, siteDir: dir, keep: () => true, report: () => {} });
    await listing.list(dir, () => {}, list);
    rmSync(join(dir, 'a.md'));
    listing.onlyChanged(['a.md']);
    expect((await listing.list(dir, () => {}, list)).map((f) => f.path)).toEqual(['b.md']);
  });
});
