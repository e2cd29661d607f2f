// The files the build cache keeps beside its file (cli/pipeline/file-store.ts). The pages a warm
// build copies from the last one are only ever pages that would come out the same and check
// clean: a page whose check warned is rendered and checked again (its warning reported again), a
// store another build emptied only means the pages are rendered, and a --no-cache build neither
// reads nor writes it. Each page's search records are kept in a file, not in the cache file; one
// that is gone is made again from the page. That the copies equal a cold build after every kind
// of edit is warm-equals-cold.test.ts's.
import { beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type CliRun } from '../helpers/cli.ts';
import { fixture } from '../helpers/site.ts';
import { LONG_MS, TEST_MS } from '../helpers/patience.ts';

const site = mkdtempSync(join(tmpdir(), 'helpgen-store-'));
const cacheDir = mkdtempSync(join(tmpdir(), 'helpgen-store-cache-'));
const out = join(mkdtempSync(join(tmpdir(), 'helpgen-store-out-')), 'dist');

function build(...flags: string[]): CliRun {
  const run = runCli(['build', site, '--out', out, ...flags], { env: { HELPGEN_CACHE_DIR: cacheDir } });
  expect(run.status, run.stderr).toBe(0);
  return run;
}

/** How many pages the build rendered, and how many it copied from the last one. */
function counts(run: CliRun): { built: number; copied: number } {
  const [, built, copied = '0'] = /Built (\d+) pages in [\d.]+ s(?: \((\d+) unchanged)?/.exec(run.stdout) ?? [];
  return { built: Number(built), copied: Number(copied) };
}

function stored(kind: 'pages' | 'records'): string[] {
  const folder = readdirSync(join(cacheDir, 'build-cache')).find((name) => name.endsWith(`.${kind}`));
  // (Not its note of when it was pruned, ".pruned": cli/pipeline/prune-due.ts.)
  const names = folder ? readdirSync(join(cacheDir, 'build-cache', folder)).filter((name) => !name.startsWith('.')) : [];
  return names.map((name) => join(cacheDir, 'build-cache', folder!, name));
}
const storedPages = () => stored('pages').filter((file) => file.endsWith('.html'));

/** The search index files of the last build, by path. */
function searchFiles(): Map<string, string> {
  const dir = join(out, 'support/assets/search');
  return new Map(readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort().map((path) => [path, statSync(join(dir, path)).isFile() ? readFileSync(join(dir, path), 'utf8') : '']));
}

const brokenAnchor = /warning: link "the guide" points to #no-such-heading/;

describe('the files of the build cache', () => {
  beforeAll(() => {
    cpSync(fixture('basic-site'), site, { recursive: true });
    const page = join(site, 'content/guides/advanced.md');
    writeFileSync(page, `${readFileSync(page, 'utf8')}\nSee [the guide](start.md#no-such-heading).\n`);
    const first = build();
    expect(`${first.stdout}${first.stderr}`).toMatch(brokenAnchor);
    expect(counts(first).copied).toBe(0);
  }, LONG_MS);

  it('copies every clean page, and renders and reports the page whose check warned again', () => {
    const run = build();
    const { built, copied } = counts(run);
    expect(copied).toBe(built - 1);
    expect(`${run.stdout}${run.stderr}`).toMatch(brokenAnchor);
    // Every clean page, and the sidebar fragment, whose links were checked clean too.
    expect(storedPages()).toHaveLength(built - 1 + 1);
  }, TEST_MS);

  it('renders the pages it cannot find, when another build removed them', () => {
    const before = readFileSync(join(out, 'support/guides/start/index.html'));
    // With them the record of the output folder (cli/output/output-record.ts), else dist/ would keep its pages in place.
    for (const file of stored('pages')) rmSync(file);
    const run = build();
    expect(counts(run).copied).toBe(0);
    expect(readFileSync(join(out, 'support/guides/start/index.html')).equals(before)).toBe(true);
    expect(counts(build()).copied).toBe(counts(run).built - 1);
  }, TEST_MS);

  it('keeps the records of each doc page in a file, and makes again those whose file is gone', () => {
    const records = stored('records');
    // The fixture's four doc pages, each with records of its own.
    expect(records).toHaveLength(4);
    const index = searchFiles();
    for (const file of records) rmSync(file);
    // A page edit makes the index again from every page's records: the gone ones from the pages.
    const page = join(site, 'content/guides/start.md');
    writeFileSync(page, readFileSync(page, 'utf8').replace('Run this:', 'Run this command:'));
    build();
    const remade = searchFiles();
    writeFileSync(page, readFileSync(page, 'utf8').replace('Run this command:', 'Run this:'));
    build();
    expect(searchFiles()).toEqual(index);
    expect(remade.size).toBeGreaterThan(0);
    expect(stored('records')).toHaveLength(4);
  }, TEST_MS);

  it('is neither read nor written by a build with --no-cache', () => {
    const stored = storedPages().sort();
    const run = build('--no-cache');
    expect(counts(run).copied).toBe(0);
    expect(storedPages().sort()).toEqual(stored);
  }, TEST_MS);
});
