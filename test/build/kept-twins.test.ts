// A warm build that updates dist/ in place makes a page's markdown twin (its ".md" copy for AI
// tools) only when something the twin is made from changed: the page's text, title,
// description or address, or where one of its relative links leads. Every other twin file is
// left as it was (same inode, same times), and llms-full.txt, which holds every twin, is still
// byte for byte a cold build's. The build says how many twins it made under HELPGEN_TIMINGS.
import { describe, expect, it } from 'vitest';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { runCli, type CliRun } from '../helpers/cli.ts';
import { fixtureCopier } from '../helpers/fixture-copy.ts';
import { LONG_MS } from '../helpers/patience.ts';

const siteCopy = fixtureCopier('basic-site', 'helpgen-twins-');

function build(site: string, flags: string[] = []): CliRun {
  const run = runCli(['build', site, ...flags], { env: { HELPGEN_TIMINGS: '1' } });
  return run;
}

/** The twins a build made, of its doc twins, as HELPGEN_TIMINGS reports them. */
function twinsMade(run: CliRun): [number, number] {
  const [, twins, docs] = /markdown twins: (\d+) of (\d+) made/.exec(run.stderr) ?? [];
  return [Number(twins), Number(docs)];
}

/** Every file of dist/ with its bytes and its stamp (inode, modification and change times: they change when it is written). */
function snapshot(dir: string): Map<string, { bytes: string; stamp: string }> {
  return new Map(
    fg.sync('**/*', { cwd: dir, dot: true }).map((file) => {
      const stats = statSync(join(dir, file), { bigint: true });
      return [file, { bytes: readFileSync(join(dir, file), 'base64'), stamp: `${stats.ino}:${stats.mtimeNs}:${stats.ctimeNs}` }];
    }),
  );
}

const bytesOf = (snap: Map<string, { bytes: string }>) => new Map([...snap].map(([file, { bytes }]) => [file, bytes]));

/** Files whose stamp changed between two snapshots (written, or new). */
const writtenBetween = (before: Map<string, { stamp: string }>, after: Map<string, { stamp: string }>) =>
  [...after].filter(([file, { stamp }]) => before.get(file)?.stamp !== stamp).map(([file]) => file);

/** What a cold build (--no-cache, a fresh folder) of the site's sources writes. */
function coldOutput(site: string): Map<string, string> {
  const out = join(site, '..', `cold-${Date.now()}`);
  const run = runCli(['build', site, '--no-cache', '--out', out]);
  expect(run.status, run.stderr).toBe(0);
  const bytes = bytesOf(snapshot(out));
  rmSync(out, { recursive: true, force: true });
  return bytes;
}

function edit(site: string, path: string, change: (text: string) => string): void {
  const file = join(site, 'content', path);
  writeFileSync(file, change(readFileSync(file, 'utf8')));
}

/** How many doc twins' keys the build worked out (the others it took from the build cache's record). */
function keysWorkedOut(run: CliRun): number {
  return Number(/(\d+) key\(s\) worked out/.exec(run.stderr)?.[1]);
}

const TWINS = ['support/index.md', 'support/guides/start.md', 'support/guides/advanced.md', 'support/reference/cell types/date-cell.md'];

describe('a warm build keeps the markdown twins that did not change', () => {
  it('makes only the edited page’s twin, leaves the other twin files alone, and llms-full.txt equals a cold build’s', () => {
    const site = siteCopy();
    const first = build(site);
    expect(first.status, first.stderr).toBe(0);
    expect(twinsMade(first)).toEqual([4, 4]);
    const dist = join(site, 'dist');
    const before = snapshot(dist);

    const again = build(site);
    expect(twinsMade(again)).toEqual([0, 4]);
    expect(again.stderr).toContain('updated in place: no file changed');

    edit(site, 'guides/advanced.md', (text) => text.replace('Use a proxy.', 'Use a proxy, or a VPN that Acme trusts.'));
    const warm = build(site);
    expect(warm.status, warm.stderr).toBe(0);
    expect(twinsMade(warm)).toEqual([1, 4]);
    const after = snapshot(dist);
    const written = writtenBetween(before, after);
    expect(written.filter((file) => TWINS.includes(file))).toEqual(['support/guides/advanced.md']);
    expect(written).toContain('support/llms-full.txt');
    expect(after.get('support/llms-full.txt')!.bytes).not.toBe(before.get('support/llms-full.txt')!.bytes);
    expect(bytesOf(after)).toEqual(coldOutput(site));
  }, LONG_MS);

  it('works out only the changed pages’ keys while every page’s address, title and description is the same', () => {
    const site = siteCopy();
    expect(keysWorkedOut(build(site))).toBe(4);
    expect(keysWorkedOut(build(site))).toBe(0);

    edit(site, 'guides/advanced.md', (text) => `${text}\nOne more line.\n`);
    const edited = build(site);
    expect([twinsMade(edited), keysWorkedOut(edited)]).toEqual([[1, 4], 1]);

    // A title is in every twin's key that links to the page: every key is worked out again.
    edit(site, 'guides/start.md', (text) => text.replace('title: Get started', 'title: Start here'));
    const retitled = build(site);
    expect(retitled.status, retitled.stderr).toBe(0);
    expect([twinsMade(retitled), keysWorkedOut(retitled)]).toEqual([[1, 4], 4]);
    expect(bytesOf(snapshot(join(site, 'dist')))).toEqual(coldOutput(site));

    // A link to a file: its published address (with its content's hash) is in the twin, and in the site key.
    writeFileSync(join(site, 'content', 'guides', 'limits.csv'), 'plan,projects\nfree,3\n');
    edit(site, 'guides/advanced.md', (text) => `${text}\nSee [the limits](limits.csv).\n`);
    expect(twinsMade(build(site))).toEqual([1, 4]);
    writeFileSync(join(site, 'content', 'guides', 'limits.csv'), 'plan,projects\nfree,5\n');
    const fileChanged = build(site);
    // Every key worked out again, and the linking page's twice: from its recorded targets, then made.
    expect([twinsMade(fileChanged), keysWorkedOut(fileChanged)]).toEqual([[1, 4], 5]);
    expect(bytesOf(snapshot(join(site, 'dist')))).toEqual(coldOutput(site));
  }, LONG_MS);

  it('makes again the twins whose links lead to a page whose address changed, and only those', () => {
    const site = siteCopy();
    expect(build(site).status).toBe(0);
    const dist = join(site, 'dist');
    const before = snapshot(dist);

    // intro.md and advanced.md link to the date cell page; start.md does not.
    edit(site, 'reference/cell types/date-cell.md', (text) => text.replace(/^---\n/, '---\nslug: /reference/date\n'));
    const moved = build(site);
    expect(moved.status, moved.stderr).toBe(0);
    expect(twinsMade(moved)).toEqual([3, 4]);
    const after = snapshot(dist);
    expect(after.get('support/guides/start.md')).toEqual(before.get('support/guides/start.md'));
    for (const twin of ['support/index.md', 'support/guides/advanced.md']) expect(Buffer.from(after.get(twin)!.bytes, 'base64').toString()).toContain('https://acme.test/support/reference/date');
    expect(bytesOf(after)).toEqual(coldOutput(site));
  }, LONG_MS);

  it('keeps the twins after a failed build, which left dist/ as it was', () => {
    const site = siteCopy();
    expect(build(site).status).toBe(0);
    edit(site, 'guides/advanced.md', (text) => `${text}\nOne more line.\n`);
    edit(site, 'intro.md', (text) => `${text}\n[Gone](nowhere.md)\n`);
    expect(build(site, ['--strict']).status).not.toBe(0);

    edit(site, 'intro.md', (text) => text.replace('\n[Gone](nowhere.md)\n', ''));
    const fixed = build(site);
    expect(fixed.status, fixed.stderr).toBe(0);
    expect(fixed.stderr).toContain('updated in place');
    // Made: intro.md's (its text is back to what the record no longer knows). The edited page's is copied from the build
    // cache (the failed build stored it); the other two from the llms-full.txt the failed build left in dist/.
    expect([twinsMade(fixed), /^markdown twins: 1 of 4 made, 1 copied from the build cache, 2 left in the output/m.test(fixed.stderr)]).toEqual([[1, 4], true]);
    expect(bytesOf(snapshot(join(site, 'dist')))).toEqual(coldOutput(site));
  }, LONG_MS);
});
