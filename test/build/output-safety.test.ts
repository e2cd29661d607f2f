// The output folder, as a careless operator meets it: an --out that names the site or its
// sources is refused, a killed build never loses dist/ and leaves no litter once the next
// helpgen command ran, and a read-only dist/ fails the build before anything is replaced.
import { afterAll, describe, expect, it } from 'vitest';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { runCli } from '../helpers/cli.ts';
import { fixture } from '../helpers/site.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) {
    for (const sub of fg.sync('**', { cwd: dir, onlyDirectories: true, absolute: true })) chmodSync(sub, 0o755);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A copy of a fixture site in a folder of its own, so even an --out of ".." stays in the test's folder. */
function siteCopy(): string {
  const outer = mkdtempSync(join(tmpdir(), 'helpgen-outsafe-'));
  made.push(outer);
  const dir = join(outer, 'site');
  cpSync(fixture('basic-site'), dir, { recursive: true });
  return dir;
}

/** Every file of a folder and its bytes, so two states can be compared exactly. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(fg.sync('**/*', { cwd: dir, dot: true }).sort().map((file) => [file, readFileSync(join(dir, file), 'base64')]));
}

const temporaryFolders = (site: string) => readdirSync(site).filter((name) => name.includes('.tmp-'));

describe('--out that would destroy the site', () => {
  it.each([
    ['.', 'it is the site folder itself'],
    ['..', 'it holds the site folder'],
    ['content', "it is the site's content/ folder"],
    ['content/guides', "it is inside the site's content/ folder"],
    ['static', "it is the site's static/ folder"],
    ['node_modules', "it is the site's node_modules/ folder"],
    ['help.config.ts', "it is the site's config file help.config.ts"],
  ])('refuses --out %s with exit code 2 and changes nothing', (out, why) => {
    const site = siteCopy();
    const before = snapshot(site);
    const run = runCli(['build', site, '--out', out]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`refusing to build into`);
    expect(run.stderr).toContain(why);
    expect(snapshot(site)).toEqual(before);
  });

  it('refuses a folder holding files no helpgen build wrote, and replaces one it wrote', () => {
    const site = siteCopy();
    mkdirSync(join(site, 'photos'));
    writeFileSync(join(site, 'photos', 'holiday.jpg'), 'not a build');
    const refused = runCli(['build', site, '--out', 'photos']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('it holds files that no helpgen build wrote (holiday.jpg)');
    expect(readFileSync(join(site, 'photos', 'holiday.jpg'), 'utf8')).toBe('not a build');

    expect(runCli(['build', site]).status).toBe(0);
    expect(readFileSync(join(site, 'dist', '.helpgen-output'), 'utf8')).toContain('helpgen build');
    expect(runCli(['build', site]).status).toBe(0);
  });

  it('takes a .helpgen-output as proof only when it is a manifest that lists every file in the folder', () => {
    const site = siteCopy();
    // Any file of that name used to do: a copied marker let a build delete a folder of photos.
    mkdirSync(join(site, 'photos'));
    writeFileSync(join(site, 'photos', 'holiday.jpg'), 'not a build');
    writeFileSync(join(site, 'photos', '.helpgen-output'), 'This folder is written by "helpgen build" and replaced as a whole by the next build: files added here are lost.\n');
    const before = snapshot(join(site, 'photos'));
    const fake = runCli(['build', site, '--out', 'photos']);
    expect(fake.status).toBe(2);
    expect(fake.stderr).toContain('photos: its .helpgen-output is not the list of files a helpgen build writes (it is not JSON)');
    expect(snapshot(join(site, 'photos'))).toEqual(before);

    // A real build's output, with a writer's file put in it.
    expect(runCli(['build', site]).status).toBe(0);
    writeFileSync(join(site, 'dist', 'support', 'draft-notes.md'), 'my notes');
    const withNotes = snapshot(join(site, 'dist'));
    const added = runCli(['build', site]);
    expect(added.status).toBe(2);
    expect(added.stderr).toContain('dist: it holds 1 file(s) that its last build did not write (support/draft-notes.md)');
    expect(snapshot(join(site, 'dist'))).toEqual(withNotes);
    rmSync(join(site, 'dist', 'support', 'draft-notes.md'));
    expect(runCli(['build', site]).status).toBe(0);
  });
});

describe('a build killed at any moment', () => {
  it.each(['file-written', 'staging-complete', 'old-moved-aside', 'new-moved-in'])(
    'killed at %s: the next helpgen command restores a complete dist/ and removes the temporary folders',
    (point) => {
      const site = siteCopy();
      expect(runCli(['build', site]).status).toBe(0);
      const old = snapshot(join(site, 'dist'));
      writeFileSync(join(site, 'content', 'intro.md'), readFileSync(join(site, 'content', 'intro.md'), 'utf8') + '\nA new paragraph.\n');

      // A fresh folder swapped in (--no-cache); a warm build's update in place is in-place-output.test.ts's.
      const killed = runCli(['build', site, '--no-cache'], { env: { HELPGEN_KILL_AT: point } });
      expect(killed.signal).toBe('SIGKILL');
      expect(temporaryFolders(site).length).toBeGreaterThan(0);
      if (point === 'old-moved-aside') expect(existsSync(join(site, 'dist'))).toBe(false);

      // Any command: here one that only adds a page and never looks at dist/ itself.
      const next = runCli(['new', 'guides/extra', site]);
      expect(next.status).toBe(0);
      expect(temporaryFolders(site)).toEqual([]);
      const now = snapshot(join(site, 'dist'));
      if (point === 'new-moved-in') expect(now).not.toEqual(old);
      else expect(now).toEqual(old);
      expect(now['support/index.html']).toBeDefined();
      expect(runCli(['build', site]).status).toBe(0);
    },
  );

  it('leaves the temporary folder of a build that is still running alone', () => {
    const site = siteCopy();
    // This test process stands in for a running build.
    const running = join(site, `.dist.tmp-${process.pid}-0123abcd`);
    mkdirSync(running);
    expect(runCli(['new', 'guides/extra', site]).status).toBe(0);
    expect(existsSync(running)).toBe(true);
  });
});

describe('a read-only dist/', () => {
  /** A site built once, then edited, with `readOnly(site)` folders made read-only; the build that follows, and dist/ before it. */
  function buildWithReadOnly(readOnly: (site: string) => string[]) {
    const site = mkdtempSync(join(tmpdir(), 'helpgen-readonly-'));
    made.push(site);
    mkdirSync(join(site, 'content'));
    writeFileSync(join(site, 'content', 'index.md'), '---\ntitle: Intro\n---\n\nHello.\n');
    expect(runCli(['build', site]).status).toBe(0);
    writeFileSync(join(site, 'content', 'index.md'), '---\ntitle: Intro\n---\n\nHello again.\n');
    const before = snapshot(join(site, 'dist'));
    // Root may write anywhere: as root, the build runs as "nobody", who owns the site.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) for (const path of [site, ...fg.sync('**', { cwd: site, dot: true, onlyFiles: false, absolute: true })]) chownSync(path, 65534, 65534);
    for (const dir of readOnly(site)) chmodSync(dir, 0o555);
    return { site, before, run: runCli(['build', site], asRoot ? { uid: 65534, gid: 65534 } : {}) };
  }

  it('fails the build before anything is replaced, with a plain message', () => {
    const { site, before, run } = buildWithReadOnly((site) => [join(site, 'dist'), ...fg.sync('dist/**', { cwd: site, onlyDirectories: true, absolute: true })]);
    expect(run.stderr).toMatch(/error: cannot replace .*dist: .*dist is read-only, so nothing was built or changed/);
    expect(run.stderr).toContain('chmod -R u+w');
    expect(run.stderr).not.toContain('bug in helpgen');
    expect(run.status).toBe(1);
    expect(snapshot(join(site, 'dist'))).toEqual(before);
    expect(temporaryFolders(site)).toEqual([]);
  });

  it('fails it too when only a folder deep inside is read-only, and names that folder', () => {
    // The last folder of a walk: the build must look at every folder, not only dist/ and the first ones.
    let deepest = '';
    const { site, before, run } = buildWithReadOnly((site) => {
      deepest = fg.sync('dist/**', { cwd: site, onlyDirectories: true }).sort().at(-1)!;
      return [join(site, deepest)];
    });
    expect(deepest.split('/').length).toBeGreaterThan(2);
    expect(run.stderr).toContain(`${deepest} is read-only, so nothing was built or changed`);
    expect(run.stderr).toContain('chmod -R u+w');
    expect(run.status).toBe(1);
    expect(snapshot(join(site, 'dist'))).toEqual(before);
    expect(temporaryFolders(site)).toEqual([]);
  });
});
