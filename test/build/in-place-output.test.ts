// A warm build updates dist/ in place, as a Hugo or Docusaurus user expects of a rebuild: only the
// files whose bytes changed are written, new ones added, the ones the build no longer makes
// removed, and every other file is left alone (same inode, same times). It keeps what a fresh
// folder promised: a failed build leaves dist/ exactly as it was; a build killed while applying
// its update is finished by the next helpgen command; a dist/ that is not exactly the last
// build's output (a file edited by hand, even with its old time put back) is written fresh; and
// the result is always byte for byte a cold --no-cache build's, manifest included.
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { runCli, type CliRun } from '../helpers/cli.ts';
import { fixture } from '../helpers/site.ts';
import { LONG_MS } from '../helpers/patience.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function siteCopy(): string {
  const outer = mkdtempSync(join(tmpdir(), 'helpgen-inplace-'));
  made.push(outer);
  const dir = join(outer, 'site');
  cpSync(fixture('basic-site'), dir, { recursive: true });
  return dir;
}

/** Each file's bytes, and the stamp that says whether it was written: inode, modification and change times. */
function snapshot(dir: string): Map<string, { bytes: string; stamp: string }> {
  return new Map(
    fg
      .sync('**/*', { cwd: dir, dot: true })
      .sort()
      .map((file) => {
        const stats = statSync(join(dir, file), { bigint: true });
        return [file, { bytes: readFileSync(join(dir, file), 'base64'), stamp: `${stats.ino}:${stats.mtimeNs}:${stats.ctimeNs}` }];
      }),
  );
}

function bytesOf(snap: Map<string, { bytes: string }>): Map<string, string> {
  return new Map([...snap].map(([file, { bytes }]) => [file, bytes]));
}

function build(site: string, flags: string[] = [], env: Record<string, string> = {}): CliRun {
  return runCli(['build', site, ...flags], { env: { HELPGEN_TIMINGS: '1', ...env } });
}

/** What a cold build (--no-cache, a fresh folder) of the site's sources writes, file by file. */
function coldOutput(site: string): Map<string, string> {
  const out = join(site, '..', `cold-${made.length}-${Date.now()}`);
  const run = runCli(['build', site, '--no-cache', '--out', out]);
  expect(run.status, run.stderr).toBe(0);
  const bytes = bytesOf(snapshot(out));
  rmSync(out, { recursive: true, force: true });
  return bytes;
}

const editPage = (site: string) => writeFileSync(join(site, 'content', 'guides', 'advanced.md'), readFileSync(join(site, 'content', 'guides', 'advanced.md'), 'utf8') + '\nOne more line.\n');
const temporaryFolders = (site: string) => readdirSync(site).filter((name) => name.includes('.tmp-'));

describe('a warm build updates dist/ in place', () => {
  it('writes only the files whose bytes changed, and equals a cold build', () => {
    const site = siteCopy();
    expect(build(site).status).toBe(0);
    const first = snapshot(join(site, 'dist'));

    // Nothing changed: nothing written.
    const again = build(site);
    expect(again.stderr).toContain('updated in place: no file changed');
    expect(snapshot(join(site, 'dist'))).toEqual(first);

    editPage(site);
    const warm = build(site);
    expect(warm.status, warm.stderr).toBe(0);
    expect(warm.stderr).toContain('updated in place');
    expect(warm.stdout).toMatch(/\(8 unchanged, left in \S*dist\/ as they were\)/);
    const after = snapshot(join(site, 'dist'));
    const written = [...after].filter(([file, { stamp }]) => first.get(file)?.stamp !== stamp).map(([file]) => file);
    const changed = [...after].filter(([file, { bytes }]) => first.get(file)?.bytes !== bytes).map(([file]) => file);
    expect(written).toEqual(changed);
    expect(written).toContain('support/guides/advanced/index.html');
    expect(written).toContain('.helpgen-output');
    // The other pages were neither rendered nor rewritten.
    for (const page of ['support/index.html', 'support/guides/start/index.html']) expect(after.get(page)).toEqual(first.get(page));
    expect(bytesOf(after)).toEqual(coldOutput(site));
  }, LONG_MS);

  it('leaves dist/ exactly as it was when the warm build fails', () => {
    const site = siteCopy();
    expect(build(site).status).toBe(0);
    const before = snapshot(join(site, 'dist'));
    editPage(site);
    writeFileSync(join(site, 'content', 'intro.md'), readFileSync(join(site, 'content', 'intro.md'), 'utf8') + '\n[Gone](nowhere.md)\n');
    const failed = build(site, ['--strict']);
    expect(failed.status).not.toBe(0);
    expect(failed.stderr).toContain('was left unchanged');
    expect(snapshot(join(site, 'dist'))).toEqual(before);
    expect(temporaryFolders(site)).toEqual([]);

    // The next good build still updates in place, and equals a cold one.
    const fixed = build(site);
    expect(fixed.status, fixed.stderr).toBe(0);
    expect(fixed.stderr).toContain('updated in place');
    expect(bytesOf(snapshot(join(site, 'dist')))).toEqual(coldOutput(site));
  }, LONG_MS);

  it('writes a fresh dist/ when a file in it was edited by hand, even with its size and time put back', () => {
    const site = siteCopy();
    expect(build(site).status).toBe(0);
    const page = join(site, 'dist', 'support', 'guides', 'start', 'index.html');
    const { atime, mtime } = statSync(page);
    const html = readFileSync(page, 'utf8');
    writeFileSync(page, html.replace('<title>', '<title>X').replace('</title>', '</titl>'));
    expect(statSync(page).size).toBe(html.length);
    utimesSync(page, atime, mtime);
    const untouched = snapshot(join(site, 'dist')).get('support/index.html');

    editPage(site);
    const run = build(site);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain('fresh folder (support/guides/start/index.html changed since the last build)');
    const after = snapshot(join(site, 'dist'));
    expect(after.get('support/index.html')?.stamp).not.toBe(untouched?.stamp);
    expect(bytesOf(after)).toEqual(coldOutput(site));
  }, LONG_MS);

  it('writes a fresh dist/ into another --out, and when the cache is off', () => {
    const site = siteCopy();
    expect(build(site).status).toBe(0);
    editPage(site);
    expect(build(site, ['--no-cache']).stderr).toContain('fresh folder (no build cache)');
    // The cold build replaced dist/, so the cache's record of it no longer holds.
    expect(build(site).stderr).toContain("fresh folder (its .helpgen-output is not the one the last build wrote)");
    expect(bytesOf(snapshot(join(site, 'dist')))).toEqual(coldOutput(site));
    expect(build(site, ['--out', 'public']).stderr).toContain('fresh folder (the last build wrote');
    expect(build(site).stderr).toContain('fresh folder (the last build wrote');
    expect(build(site).stderr).toContain('updated in place: no file changed');
  }, LONG_MS);
});

describe('a warm build killed while updating dist/', () => {
  it.each(['staging-complete', 'apply-started', 'file-applied', 'files-applied'])(
    'killed at %s: the next helpgen command leaves a complete dist/, the old one or the new one',
    (point) => {
      const site = siteCopy();
      expect(build(site).status).toBe(0);
      const old = bytesOf(snapshot(join(site, 'dist')));
      editPage(site);
      const killed = build(site, [], { HELPGEN_KILL_AT: point });
      expect(killed.signal).toBe('SIGKILL');
      expect(temporaryFolders(site).length).toBeGreaterThan(0);

      const next = runCli(['new', 'guides/extra', site]);
      expect(next.status, next.stderr).toBe(0);
      expect(temporaryFolders(site)).toEqual([]);
      const now = bytesOf(snapshot(join(site, 'dist')));
      if (point === 'staging-complete') expect(now).toEqual(old);
      else {
        expect(next.stderr).toContain('finished updating dist/ for a build that was stopped while updating it');
        rmSync(join(site, 'content', 'guides', 'extra.md'));
        expect(now).toEqual(coldOutput(site));
      }
    },
    LONG_MS,
  );
});
