// Issue 38: the parse-free answer to "is this {{placeholder}} in code?" (cli/source/
// code-ranges-fast.ts) must be remark's (cli/source/code-ranges.ts) on every input, or fall back
// to it. Checked on every page we have: our content/, the four real documentation sets in
// ../shared/corpora/ (skipped when absent, as in ./corpora.test.ts) and the generated bench corpus
// (seed 7, 1,700 pages), each page as written and with `{{p}}` sprinkled into it (after every
// backtick run, in the middle of every line, at the end of every line that is not a fence). The
// fall-back rate of each set is printed; the hand-written cases are cli/source/code-ranges-fast.test.ts.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fg from 'fast-glob';
import { generateCorpus } from '../../bench/corpus.ts';
import { LONG_MS } from '../helpers/patience.ts';
import { repoRoot } from '../helpers/site.ts';
import { compareWithParser } from '../../cli/source/code-ranges-fast.cases.ts';

const corporaDir = resolve(repoRoot, '..', 'shared', 'corpora');
const FENCE_LIKE_LINE = /^[ \t>*+\-\d.)]*(?:```|~~~)/;

/** The page and three copies with `{{p}}` where code and prose meet. */
function variants(page: string): [string, string][] {
  const lines = page.split(/(?<=\r\n|\r(?!\n)|\n)/);
  const body = (line: string) => line.replace(/[\r\n]+$/, '');
  const ending = (line: string) => line.slice(body(line).length);
  const half = (line: string) => body(line).length >> 1;
  return [
    ['as written', page],
    ['after backticks', page.replace(/`+/g, '$&{{p}}')],
    ['mid-line', lines.map((line) => `${body(line).slice(0, half(line))}{{p}}${body(line).slice(half(line))}${ending(line)}`).join('')],
    ['line ends', lines.map((line) => (FENCE_LIKE_LINE.test(line) ? line : `${body(line)} {{p}}${ending(line)}`)).join('')],
  ];
}

type Counts = Record<string, { pages: number; parsed: number }>;

/** Every variant of every page: the two answers must agree wherever the fast path answers. */
function compareAll(pages: [string, string][]): Counts {
  const counts: Counts = {};
  for (const [name, page] of pages) {
    for (const [variant, source] of variants(page)) {
      const { outcome, fast, parsed } = compareWithParser(source);
      if (outcome === 'none') continue;
      expect({ page: `${name} (${variant})`, ...fast }).toEqual({ page: `${name} (${variant})`, ...parsed });
      counts[variant] ??= { pages: 0, parsed: 0 };
      counts[variant].pages++;
      if (outcome === 'parse') counts[variant].parsed++;
    }
  }
  return counts;
}

function report(set: string, counts: Counts): void {
  const rates = Object.entries(counts).map(([variant, { pages, parsed }]) => `${variant} ${parsed}/${pages} (${((100 * parsed) / pages).toFixed(1)} %)`);
  console.log(`pages parsed (fast path fell back), ${set}: ${rates.join(', ')}`);
}

const readPages = (dir: string): [string, string][] =>
  fg
    .sync('**/*.md', { cwd: dir })
    .sort()
    .map((path) => [path, readFileSync(join(dir, path), 'utf8')]);

describe('code ranges without a parse agree with the parser', () => {
  it('on our content/', () => {
    const counts = compareAll(readPages(join(repoRoot, 'content')));
    report('content/', counts);
    expect(counts['as written']!.pages).toBeGreaterThan(50);
  });

  for (const name of ['electron', 'rust-book', 'vue-docs', 'homebrew']) {
    const present = existsSync(join(corporaDir, name));
    if (!present) console.warn(`skipped: ${join(corporaDir, name)} is not there (the corpora live in ../shared/corpora/ beside the project)`);
    it.skipIf(!present)(
      `on ${name}`,
      () => {
        const counts = compareAll(readPages(join(corporaDir, name)));
        report(name, counts);
        expect(counts['line ends']!.pages).toBeGreaterThan(50);
      },
      LONG_MS,
    );
  }

  it(
    'on the generated bench corpus (seed 7, 1,700 pages)',
    () => {
      const corpus = generateCorpus({ pages: 1700, seed: 7 });
      const pages = corpus.files.filter((file) => file.path.endsWith('.md')).map((file): [string, string] => [file.path, file.contents]);
      const counts = compareAll(pages);
      report('bench corpus', counts);
      expect(counts['as written']!.pages).toBeGreaterThan(1000);
      // What the fast path is for: the bench's pages, written like ours, need no parse.
      expect(counts['as written']!.parsed).toBe(0);
    },
    LONG_MS,
  );
});
