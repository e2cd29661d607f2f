// A production build with the build cache renders the sidebar fragment (the whole sidebar, which
// pages load after their first levels) only when the sidebar changed: a page's text edited
// leaves it as it was, a page's title or a new page makes it again. Either way dist/ is byte for
// byte a cold build's. The build says which it did under HELPGEN_TIMINGS.
import { describe, expect, it } from 'vitest';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
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
const fragment = (run: CliRun) => /sidebar fragment: (.+)/.exec(run.stderr)?.[1];

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
    expect(fragment(build(site))).toBe('rendered');

    edit(site, 'guides/advanced.md', (text) => `${text}\nOne more line.\n`);
    expect(fragment(build(site))).toBe('kept from the last build');
    expect(filesOf(join(site, 'dist'))).toEqual(coldOutput(site));

    edit(site, 'guides/advanced.md', (text) => text.replace(/^title: .*$/m, 'title: Tuning Acme'));
    expect(fragment(build(site))).toBe('rendered');
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
    expect(fragment(build(site, ['--no-cache']))).toBe('rendered');
  }, LONG_MS);
});
