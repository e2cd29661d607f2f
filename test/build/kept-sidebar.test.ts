// A production build with the build cache renders the sidebar fragment (the whole sidebar, which
// pages load after their first levels) only when the sidebar changed: a page's text edited
// leaves it as it was, a page's title or a new page makes it again. Its links are checked again
// only when it or an address they may lead to changed. Either way dist/ is byte for byte a cold
// build's. The build says which it did under HELPGEN_TIMINGS.
import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { runCli, type CliRun } from '../helpers/cli.ts';
import { fixtureCopier } from '../helpers/fixture-copy.ts';
import { LONG_MS } from '../helpers/patience.ts';

const siteCopy = fixtureCopier('basic-site', 'helpgen-sidebar-');

function build(site: string, flags: string[] = []): CliRun {
  const run = runCli(['build', site, ...flags], { env: { HELPGEN_TIMINGS: '1' } });
  expect(run.status, run.stderr).toBe(0);
  return run;
}

/** What the build said it did with the sidebar fragment. */
const fragment = (run: CliRun) => /sidebar fragment: (rendered|kept from the last build)/.exec(run.stderr)?.[1];
/** Whether the build left the fragment's links unchecked, as the last build checked them under the same key. */
const checkKept = (run: CliRun) => run.stderr.includes('sidebar fragment: links checked by the last build');

/** Every file of a folder with its bytes. */
function filesOf(dir: string): Map<string, string> {
  return new Map(fg.sync('**/*', { cwd: dir, dot: true }).map((file) => [file, readFileSync(join(dir, file), 'base64')]));
}

/** What a cold build (--no-cache, a fresh folder) of the site's sources writes. */
function coldOutput(site: string): Map<string, string> {
  const out = join(site, '..', `cold-${Date.now()}`);
  expect(runCli(['build', site, '--no-cache', '--out', out]).status).toBe(0);
  const files = filesOf(out);
  rmSync(out, { recursive: true, force: true });
  return files;
}

function edit(site: string, path: string, change: (text: string) => string): void {
  const file = join(site, 'content', path);
  writeFileSync(file, change(readFileSync(file, 'utf8')));
}

describe('a warm build keeps the sidebar fragment while the sidebar is the same', () => {
  it('does not render it again after a text edit, and renders it after a title edit or a new page', () => {
    const site = siteCopy();
    const first = build(site);
    expect([fragment(first), checkKept(first)]).toEqual(['rendered', false]);

    edit(site, 'guides/advanced.md', (text) => `${text}\nOne more line.\n`);
    const textEdited = build(site);
    expect([fragment(textEdited), checkKept(textEdited)]).toEqual(['kept from the last build', true]);
    expect(filesOf(join(site, 'dist'))).toEqual(coldOutput(site));

    edit(site, 'guides/advanced.md', (text) => text.replace(/^title: .*$/m, 'title: Tuning Acme'));
    const titleEdited = build(site);
    expect([fragment(titleEdited), checkKept(titleEdited)]).toEqual(['rendered', false]);
    const sidebarFile = [...filesOf(join(site, 'dist')).keys()].find((file) => /sidebar\.[0-9a-f]+\.json$/.test(file))!;
    expect(readFileSync(join(site, 'dist', sidebarFile), 'utf8')).toContain('Tuning Acme');
    expect(filesOf(join(site, 'dist'))).toEqual(coldOutput(site));

    writeFileSync(join(site, 'content', 'guides', 'billing.md'), '# Billing\n\nHow Acme bills you.\n');
    expect(fragment(build(site))).toBe('rendered');
    expect(filesOf(join(site, 'dist'))).toEqual(coldOutput(site));
  }, LONG_MS);

  it('renders it when the build cache is not used', () => {
    const site = siteCopy();
    build(site);
    const cold = build(site, ['--no-cache']);
    expect([fragment(cold), checkKept(cold)]).toEqual(['rendered', false]);
  }, LONG_MS);

  it('checks its links again when the addresses they may lead to changed, though it is the same', () => {
    const site = siteCopy();
    build(site);
    mkdirSync(join(site, 'static'));
    writeFileSync(join(site, 'static', 'terms.txt'), 'Terms of service.\n');
    const run = build(site);
    expect([fragment(run), checkKept(run)]).toEqual(['kept from the last build', false]);
    expect(filesOf(join(site, 'dist'))).toEqual(coldOutput(site));
    const again = build(site);
    expect([fragment(again), checkKept(again)]).toEqual(['kept from the last build', true]);
  }, LONG_MS);
});
