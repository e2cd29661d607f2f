// A warm build (the disk cache of the build before, as CI restores it) makes the same dist/,
// byte for byte, as a cold one (--no-cache) of the same sources, after each kind of edit a
// writer makes: page text, a heading, a title, a sidebar label, a new page, a deleted page, a
// renamed page and config changes; and that it renders again only the pages the edit changes,
// copying the rest. The edits pile up, as commits do, and each warm build starts from the cache
// the one before it left. Three warm builds follow each edit, each with a cache of its own: one
// into a fresh folder (its pages copied from the page store), one into the same folder every
// time, which it updates in place (its unchanged pages left where they are), and one as CI
// makes it (docs/build.md): a fresh checkout of the site, every file with new stamps, at the
// same path each time, with the cache restored and no output folder. Not timed: only what the
// build writes and reports is compared.
import { beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import fg from 'fast-glob';
import { runCli, type CliRun } from '../helpers/cli.ts';
import { fixture, repoRoot } from '../helpers/site.ts';
import { LONG_MS, TEST_MS } from '../helpers/patience.ts';

const site = mkdtempSync(join(tmpdir(), 'helpgen-warm-'));
const outputs = mkdtempSync(join(tmpdir(), 'helpgen-warm-out-'));
let builds = 0;

function build(...flags: string[]): { out: string; run: CliRun } {
  const out = join(outputs, `${++builds}`);
  // The timings say how many pages the search index worker analysed (the rest it took from the build cache).
  return { out, run: runCli(['build', site, '--out', out, ...flags], { env: { HELPGEN_TIMINGS: '1' } }) };
}

/** Pages the search index worker analysed, and pages it indexed, as the build reports them. */
function analysedPages(run: CliRun): [number, number] {
  const [, analysed, indexed] = /search index worker: .*; (\d+) of (\d+) pages analysed/.exec(run.stderr) ?? [];
  return [Number(analysed), Number(indexed)];
}

/** The warm build that updates one folder in place, with a build cache of its own. */
const inPlaceOut = join(outputs, 'in-place');
const inPlaceCache = mkdtempSync(join(tmpdir(), 'helpgen-warm-cache-'));
function buildInPlace(): { out: string; run: CliRun } {
  return { out: inPlaceOut, run: runCli(['build', site, '--out', inPlaceOut], { env: { HELPGEN_CACHE_DIR: inPlaceCache, HELPGEN_TIMINGS: '1' } }) };
}

/**
 * The warm build CI makes: the site checked out afresh (copied, so every file has a new inode
 * and new times, as a clone gives them) at the same path each time, the build cache restored
 * (a folder of its own, kept between builds), a fresh output folder.
 */
const checkout = mkdtempSync(join(tmpdir(), 'helpgen-warm-ci-'));
const checkoutCache = mkdtempSync(join(tmpdir(), 'helpgen-warm-ci-cache-'));
function buildFromCheckout(): { out: string; run: CliRun } {
  rmSync(checkout, { recursive: true, force: true });
  cpSync(site, checkout, { recursive: true });
  const out = join(outputs, `${++builds}`);
  return { out, run: runCli(['build', checkout, '--out', out], { env: { HELPGEN_CACHE_DIR: checkoutCache, HELPGEN_TIMINGS: '1' } }) };
}

/** How many pages the scan read (the rest it took from the cache, by their stamps or, with new stamps, their hashes). */
function pagesRead(run: CliRun): number {
  const [, read] = /^pages read: (\d+) of \d+ by the scan/m.exec(run.stderr) ?? [];
  return Number(read);
}

/** How many pages a warm build rendered again (the rest it copied or left in place). */
function renderedAgain(run: CliRun): number {
  const [, built, copied = '0'] = /Built (\d+) pages in [\d.]+ s(?: \((\d+) unchanged)?/.exec(run.stdout) ?? [];
  return Number(built) - Number(copied);
}

function digests(dir: string): Map<string, string> {
  const files = fg.sync('**/*', { cwd: dir, dot: true }).sort();
  return new Map(files.map((f) => [f, createHash('sha1').update(readFileSync(join(dir, f))).digest('hex')]));
}

/** Every file that is missing from one output, or differs between the two. */
function differences(warm: string, cold: string): string[] {
  const a = digests(warm);
  const b = digests(cold);
  const names = [...new Set([...a.keys(), ...b.keys()])].sort();
  return names.filter((name) => a.get(name) !== b.get(name)).map((name) => (!a.has(name) ? `${name} (only cold)` : !b.has(name) ? `${name} (only warm)` : name));
}

/** The build's warnings and errors ("file:line:col: warning: …"), not its timings. */
function problems(run: CliRun): string[] {
  return `${run.stdout}\n${run.stderr}`.split('\n').filter((line) => /: (warning|error): /.test(line));
}

function edit(path: string, change: (text: string) => string): void {
  const file = join(site, path);
  const before = readFileSync(file, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`the edit of ${path} changed nothing`);
  writeFileSync(file, after);
}

/**
 * Each edit, and how many pages the warm build renders again (the rest are copied from the last
 * build, ../../cli/pipeline/file-store.ts): the page edited, and the pages whose links it
 * changes (a heading others link to, a page they link to); everything when the sidebar or the
 * site settings every page shows change.
 */
const EDITS: [string, () => void, number | 'all'][] = [
  ['page text', () => edit('content/guides/advanced.md', (t) => t.replace('Use a proxy.', 'Use a proxy, or a VPN that Acme trusts.')), 1],
  ['a heading', () => edit('content/reference/cell types/date-cell.md', (t) => t.replace('## Formats', '## Accepted formats')), 1],
  ['a heading that other pages link to', () => edit('content/guides/start.md', (t) => t.replace('## Install the app', '## Install Acme')), 2],
  ['a title', () => edit('content/guides/start.md', (t) => t.replace('title: Get started', 'title: Getting started with Acme')), 'all'],
  ['a sidebar category label', () => edit('content/guides/_category_.json', (t) => t.replace('"label": "Guides"', '"label": "How-to guides"')), 'all'],
  [
    'a new page',
    () =>
      writeFileSync(
        join(site, 'content/guides/troubleshoot.md'),
        '---\ntitle: Troubleshooting\nsidebar_position: 3\n---\n\n## When Acme will not start\n\nReinstall it as [the guide](start.md) says.\n',
      ),
    'all',
  ],
  ['a link to the new page', () => edit('content/intro.md', (t) => t.replace('{{product}} helps you.', '{{product}} helps you. [Troubleshooting](guides/troubleshoot.md).')), 2],
  ['a deleted page', () => rmSync(join(site, 'content/guides/troubleshoot.md')), 'all'],
  ['a renamed page', () => renameSync(join(site, 'content/guides/advanced.md'), join(site, 'content/guides/tuning.md')), 'all'],
  ['the links to the renamed page', () => edit('content/guides/start.md', (t) => t.replaceAll('advanced.md', 'tuning.md')), 2],
  ['the tagline in the config', () => edit('help.config.ts', (t) => t.replace("tagline: 'Answers for Acme users'", "tagline: 'Answers for every Acme user'")), 'all'],
  ['a markdown setting in the config', () => edit('help.config.ts', (t) => t.replace("baseUrl: '/support/',", "baseUrl: '/support/',\n  toc: { minHeadingLevel: 2, maxHeadingLevel: 2 },")), 'all'],
  ['the site title in the config', () => edit('help.config.ts', (t) => t.replace("title: 'Acme Help'", "title: 'Acme Support'")), 'all'],
];

describe('a warm build equals a cold one', () => {
  beforeAll(() => {
    cpSync(fixture('basic-site'), site, { recursive: true });
    const first = build().run;
    expect(first.status, first.stderr).toBe(0);
    // The warm builds below do use the cache: a build of the same sources reuses every page,
    // so it has nothing new to store and leaves the cache file as it was.
    const cacheFile = join(repoRoot, 'node_modules', '.cache', 'helpgen', 'build-cache', `${createHash('sha1').update(site).digest('hex').slice(0, 12)}.bin`);
    const stored = readFileSync(cacheFile);
    expect(build().run.status).toBe(0);
    expect(readFileSync(cacheFile).equals(stored), 'a second build of the same sources did not reuse the cache').toBe(true);
    expect(buildInPlace().run.status).toBe(0);
    expect(buildFromCheckout().run.status).toBe(0);
  }, LONG_MS);

  // One after another: each warm build reads the cache the one before wrote.
  for (const [kind, apply, rendered] of EDITS) {
    it(`after an edit of ${kind}`, () => {
      apply();
      const warm = build();
      const inPlace = buildInPlace();
      const ci = buildFromCheckout();
      const cold = build('--no-cache');
      const pages = Number(/Built (\d+) pages/.exec(cold.run.stdout)?.[1]);
      for (const [how, run] of [['warm', warm], ['warm in place', inPlace], ['CI', ci]] as const) {
        expect(run.run.status, run.run.stderr).toBe(cold.run.status);
        expect(problems(run.run)).toEqual(problems(cold.run));
        expect(differences(run.out, cold.out), `files that differ between the ${how} and the cold dist/`).toEqual([]);
        expect(renderedAgain(run.run), `pages the ${how} build rendered again`).toBe(rendered === 'all' ? pages : rendered);
      }
      expect(inPlace.run.stderr).toContain('(updated in place: ');
      // New stamps alone make the scan read no page: it hashes them, and reads only what the
      // same edit made the build beside it read (the pages it changed, or all after a config change).
      expect(pagesRead(ci.run), 'pages the CI build read').toBe(pagesRead(warm.run));
      // The search index worker (which runs when some page's markdown is rendered again)
      // analyses again only pages whose records changed: never more than were rendered again,
      // and after an edit of one page's text, that page alone. A cold build analyses every page.
      const [analysed, indexed] = analysedPages(warm.run);
      const [coldAnalysed, coldIndexed] = analysedPages(cold.run);
      // (No worker when no markdown is rendered again: the index is then the cache's, or made in the main thread.)
      if (!Number.isNaN(indexed)) expect(analysed, 'pages the warm build analysed for the search index').toBeLessThanOrEqual(rendered === 'all' ? coldIndexed : rendered);
      if (kind === 'page text') expect([analysed, indexed]).toEqual([1, coldIndexed]);
      expect(coldAnalysed, 'pages the cold build analysed').toBe(coldIndexed);
    }, TEST_MS);
  }
});
