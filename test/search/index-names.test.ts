// The index files are named by their own content, with boundaries the content sets
// (cli/search/shards.ts): an edit to one page renames only the files whose bytes changed (the
// shards holding that page's postings and the files of the page's block of sections), so a
// deploy uploads those and not the whole index. Every name kept keeps its bytes.
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus, writeCorpus } from '../../bench/corpus.ts';
import { build, type BuildResult } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { fileText } from './helpers.ts';
import { LONG_MS } from '../helpers/patience.ts';

const SEARCH_DIR = 'support/assets/search/';

let siteDir: string;
let before: Map<string, string>;
let after: Map<string, string>;
const outDirs: string[] = [];

/** Builds the site into a folder of its own (with the build cache the site keeps, as writers' builds do). */
function buildSite(): Promise<BuildResult> {
  const outDir = mkdtempSync(join(tmpdir(), 'helpgen-index-names-out-'));
  outDirs.push(outDir);
  return build({ siteDir, outDir, reporter: new Reporter(() => {}) });
}

/** The index files of a build other than the entry, by path, with their contents. */
function indexFiles(result: BuildResult): Map<string, string> {
  const paths = result.files.map((f) => f.path).filter((p) => p.startsWith(SEARCH_DIR) && !p.endsWith('/index.json'));
  return new Map(paths.map((p) => [p, fileText(result, p)]));
}

beforeAll(async () => {
  siteDir = mkdtempSync(join(tmpdir(), 'helpgen-index-names-'));
  const corpus = generateCorpus({ pages: 200, seed: 7 });
  writeCorpus(siteDir, corpus);
  before = indexFiles(await buildSite());
  const page = join(siteDir, 'content', `${corpus.probe.route.replace(/^\/support\//, '')}.md`);
  expect(readFileSync(page, 'utf8')).toContain('#');
  appendFileSync(page, '\n\nA sentence added by a writer, about unlocking records in bulk.\n');
  after = indexFiles(await buildSite());
}, LONG_MS); // two builds of a generated corpus (patience.ts)
afterAll(() => {
  for (const dir of [siteDir, ...outDirs]) rmSync(dir, { recursive: true, force: true });
});

describe('index file names', () => {
  it('change for the files an edit to one page changed, and no others', () => {
    const renamed = [...after.keys()].filter((p) => !before.has(p));
    const gone = [...before.keys()].filter((p) => !after.has(p));
    const pages = renamed.filter((p) => p.includes('/pages/'));
    const shards = renamed.filter((p) => p.includes('/terms/'));
    console.log(`one-page edit: ${renamed.length} of ${after.size} index files renamed (${shards.length} shards, ${pages.length} page files)`);
    expect(renamed.length).toBeGreaterThan(0);
    expect(gone.length).toBe(renamed.length); // no page was added: the files match one for one
    // The page is in one block: one hash for every page file renamed.
    expect(pages.length).toBeGreaterThan(0);
    expect(new Set(pages.map((p) => /\/pages\/([0-9a-z]+)\./.exec(p)![1])).size).toBe(1);
    expect(shards.length).toBeGreaterThan(0);
    expect(renamed.length).toBeLessThan(after.size / 10);
  });

  it('stay only with the same bytes', () => {
    let kept = 0;
    for (const [path, contents] of after) {
      if (!before.has(path)) continue;
      expect(contents, path).toBe(before.get(path));
      kept++;
    }
    expect(kept).toBeGreaterThan(after.size / 2);
  });
});
