// Issue 33, "Done when": four public documentation sets nobody here wrote (../shared/corpora/:
// Electron, The Rust Book, Vue, Homebrew), each copied into a site's content/ and built with
// broken links set to warn, then checked from the output alone:
// - every internal href and src of every built page names a built file, and every #fragment an
//   element id in the page it names (an independent crawl, ./output-crawl.ts), apart from the
//   links that are really broken in the source, which the corpora README lists: those exactly;
// - the code of every fence is its source, character for character;
// - every text block of a plain CommonMark + GFM rendering of the page (./plain-render.ts) is in
//   the visible text of helpgen's main column, apart from the differences listed per page in
//   ./corpora-expected.ts (constructs of other generators that helpgen does not yet render as
//   their home generator does, each named).
import { describe, expect, it } from 'vitest';
import { LONG_MS } from '../helpers/patience.ts';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type BuildResult } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { routeToOutputFile } from '../../cli/source/routes.ts';
import type { DocPageData } from '../../shared/types.ts';
import { repoRoot } from '../helpers/site.ts';
import { crawlOutput } from './output-crawl.ts';
import { builtMain, plainRendering } from './plain-render.ts';
import { CORPORA } from './corpora-expected.ts';

const corporaDir = resolve(repoRoot, '..', 'shared', 'corpora');
const EDIT = 'https://edit.invalid/';

async function buildCorpus(name: string): Promise<{ result: BuildResult; outDir: string; siteDir: string }> {
  const siteDir = mkdtempSync(join(tmpdir(), `helpgen-corpus-${name}-`));
  cpSync(join(corporaDir, name), join(siteDir, 'content'), { recursive: true });
  writeFileSync(join(siteDir, 'help.config.ts'), `export default { title: 'Corpus', onBrokenLinks: 'warn', editUrl: '${EDIT}' };\n`);
  const outDir = mkdtempSync(join(tmpdir(), `helpgen-corpus-${name}-out-`));
  const result = await build({ siteDir, outDir, cache: false, reporter: new Reporter(() => {}) });
  return { result, outDir, siteDir };
}

/** Per page: the plain rendering's text blocks helpgen's main column lacks, other generators' syntax it shows, fences not shown as written. */
function comparePages(result: BuildResult, outDir: string, siteDir: string) {
  const differences: Record<string, string[]> = {};
  const shownRaw: Record<string, string[]> = {};
  const codeMismatches: string[] = [];
  let fences = 0;
  for (const page of result.pages) {
    if (page.kind !== 'doc') continue;
    const relPath = relPathOf(page);
    if (!relPath) continue;
    const markdown = readFileSync(join(siteDir, 'content', relPath), 'utf8');
    const main = builtMain(readFileSync(join(outDir, routeToOutputFile(page.route)), 'utf8'));
    // Code: every fence, in order, as written. helpgen may show more code blocks than the plain
    // rendering has fences (an indented block, code inside a component's HTML that MDX reads as
    // markdown), so the fences are matched in order among the page's code blocks.
    // The source as the docs say helpgen shows it (normalise leaves fences alone), rendered plainly.
    const plain = plainRendering(normalise(markdown));
    const written = plain.fences;
    fences += written.length;
    const shown = main.code.map(withoutFinalNewline);
    let next = 0;
    for (const [index, code] of written.entries()) {
      const at = shown.indexOf(withoutFinalNewline(code), next);
      if (at === -1) {
        codeMismatches.push(`${relPath}: fence ${index + 1} (${JSON.stringify(code.slice(0, 60))}) is not shown as written`);
      } else next = at + 1;
    }
    const missing = plain.blocks.filter((block) => !main.text.includes(block));
    if (missing.length) differences[relPath] = missing;
    const raw = RAW_CONSTRUCTS.filter(([, pattern]) => pattern.test(main.prose)).map(([construct]) => construct);
    if (raw.length) shownRaw[relPath] = raw;
  }
  return { differences, shownRaw, codeMismatches, fences };
}

/**
 * Syntax of other generators that, seen in a page's text (code left out), means helpgen showed a
 * construct as written instead of rendering it as its home generator does (issue 33, items 7-11).
 */
const RAW_CONSTRUCTS: [string, RegExp][] = [
  ['mdBook {{#include}}', /\{\{#(?:rustdoc_)?include\b/],
  ['kramdown {:toc}', /\{:toc\}/],
  ['kramdown IAL {: …}', /\{:\s*[.#][^}]*\}/],
  ['Liquid {% … %}', /\{%-?\s*\w+/],
  ['Vue/VitePress {{ expression }}', /\{\{(?!#)[^}]+\}\}/],
  ['container :::', /(?:^|\s):::/],
  ['MkDocs !!! / ??? admonition', /(?:^|\s)(?:!!!|\?\?\?\+?) ?\w+/],
  ['MkDocs === "tab"', /(?:^|\s)=== "[^"]*"/],
  ['MkDocs include --8<--', /--8<--|\{!.*!\}/],
];

const withoutFinalNewline = (text: string) => text.replace(/\n$/, '');

/**
 * The page's source with what docs/markdown.md lists as rendered differently written as helpgen
 * shows it, for the plain rendering: a container's `:::kind Title` line is its title, `:::` and
 * `::tab[Label]` lines the label or nothing, a GitHub alert's `[!NOTE]` marker becomes the box's
 * label, a heading's `{#id}` is its anchor, not text. Lines inside fences are left alone.
 */
function normalise(markdown: string): string {
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^\s*(?:>\s*)*(`{3,}|~{3,})/.exec(line)?.[1];
      if (marker) {
        if (!fence) fence = marker;
        else if (marker.startsWith(fence[0]!) && marker.length >= fence.length) fence = undefined;
        return line;
      }
      if (fence) return line;
      const container = /^(\s*(?:>\s*)*):{2,}\s*([\w-]*)(?:\{[^}]*\})?\s*(?:\[([^\]]*)\])?(.*)$/.exec(line);
      if (container) {
        const [, prefix, , label = '', title = ''] = container;
        return `${prefix}\n${prefix}${label} ${title.trim()}\n${prefix}`;
      }
      // MDX import lines are dropped with a warning (docs/markdown.md, HTML).
      if (/^import\s.*\sfrom\s+['"][^'"]+['"];?\s*$/.test(line)) return '';
      return line.replace(/^(\s*(?:>\s*)+)\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]\s*/i, '$1').replace(/^(\s{0,3}#{1,6}\s.*?)\s*\{#[^}\s]+\}\s*$/, '$1');
    })
    .join('\n');
}

/** The page's file under content/, read back from its edit link (the build result names no source files). */
function relPathOf(page: DocPageData): string | undefined {
  return page.editUrl?.startsWith(EDIT) ? page.editUrl.slice(EDIT.length).split('/').map(decodeURIComponent).join('/') : undefined;
}

describe.each(Object.keys(CORPORA))('corpus %s', (name) => {
  const present = existsSync(join(corporaDir, name));
  if (!present) console.warn(`skipped: ${join(corporaDir, name)} is not there (the corpora live in ../shared/corpora/ beside the project)`);
  it.skipIf(!present)('builds; every internal link and #fragment resolves but the really broken ones; code and text as written', async () => {
    const expected = CORPORA[name]!;
    const started = performance.now();
    const { result, outDir, siteDir } = await buildCorpus(name);
    const built = performance.now();
    const crawl = crawlOutput(outDir);
    const crawled = performance.now();
    const { differences, shownRaw, codeMismatches, fences } = comparePages(result, outDir, siteDir);
    const compared = performance.now();
    if (process.env.CORPUS_DUMP) writeFileSync(`/tmp/corpus-${name}.json`, JSON.stringify({ dead: crawl.dead, differences, shownRaw, codeMismatches, fences }, null, 1));
    console.log(`${name}: ${crawl.pages.size} pages, ${fences} fences; build ${Math.round(built - started)} ms, crawl ${Math.round(crawled - built)} ms, text and code ${Math.round(compared - crawled)} ms`);
    expect(crawl.dead).toEqual(expected.deadLinks);
    expect(codeMismatches).toEqual([]);
    expect(differences).toEqual(expected.textDifferences);
    expect(shownRaw).toEqual(expected.shownRaw);
    // A whole doc set is built, crawled and compared (Electron: 297 pages) in this one test.
  }, LONG_MS);
});
