// The launcher patches dependencies while it bundles the CLI (bin/dependency-patches.js). A
// patch must still find its text in the installed package, and must not change what the
// package computes: here, the tree of every markdown page in the repository.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import type { CompileContext, Extension, Token } from 'mdast-util-from-markdown';
import { unified } from 'unified';
import { LONG_MS } from '../helpers/patience.ts';
import remarkParse from 'remark-parse';
import { PATCHES, dependencyPatches, editOf, editsToLeaveOut, patchSource, patchingPlugin } from '../../bin/dependency-patches.js';
import { helpgenRoot } from '../../cli/paths.ts';
import { runCli } from '../helpers/cli.ts';

// The same syntax extensions as cli/markdown/pipeline.ts, so every construct our pages use
// goes through the patched code, from markdown to mdast and from mdast to hast.
const PARSER_ENTRY = `
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkFrontmatter from 'remark-frontmatter';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import { toHtml } from 'hast-util-to-html';
const processor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm).use(remarkDirective).use(remarkRehype, { allowDangerousHtml: true });
/** The page's mdast and hast, as JSON, and its HTML. */
export const trees = (doc) => {
  const mdast = processor.parse(doc);
  const hast = processor.runSync(mdast);
  return [JSON.stringify(mdast), JSON.stringify(hast), toHtml(hast, { allowDangerousHtml: true })];
};
`;

/** Every construct the parser knows, in one page, for what our pages happen not to use. */
const EVERY_CONSTRUCT = `---
title: Sample
---

Setext heading
==============

# ATX heading {#custom}

*Emphasis*, _emphasis_, **strong**, ~~deleted~~, \`code\`, \\* escaped, &amp; &#35; &#x41;,
a hard break  
and one with a backslash\\
[inline](https://example.com "title"), [reference][ref], [collapsed][], ![image](a.png),
<https://example.com>, www.example.com, https://example.com/a, name@example.com, <span>html</span>.

[ref]: https://example.com/ref 'Title'
[collapsed]: ./other.md
[REF]: https://example.com/second-definition-of-ref-is-ignored

> Quote with a list:
> - one
>   1. nested
> - [x] done
> - [ ] open

***

    indented code

\`\`\`js title="a.js" {1}
const a = 1;
\`\`\`

| Left | Center | Right |
|:-----|:------:|------:|
| a    | *b*    | \\| c |

A footnote[^1], and a second one[^two].

[^1]: The note.

[^two]: Another note, with a [link][ref].

:::tip[Title]
Container directive with :text[directive]{#id .class} and a leaf below.
::leaf[label]{key=value}
:::

<div>
Raw block HTML
</div>
`;

/** What each patch leaves in a bundle (esbuild drops comments and may rename the loop variable). */
const PATCHED_CODE = [/context\.sliceSerialize = events\[\w+\]\[2\]\.sliceSerialize;/, /function collectDefinitions\(/, /compilersByExtensions\d*\.get\(/, /constructsByExtensions\d*\.get\(/, /jumps\d*\.has\(/, /interruptView\d*\(context\d*, fields\)/, /_labelStarts: void 0/, /_gfmAutolinkLiteralWalkedInto: void 0/, /\.left = eventsArray\d*;/, /insertedContent\d* = holdsContent\(/];

type Trees = (doc: string) => [mdast: string, hast: string, html: string];

async function bundleParser(dir: string, name: string, plugins: esbuild.Plugin[]): Promise<{ trees: Trees; code: string }> {
  const result = await esbuild.build({
    stdin: { contents: PARSER_ENTRY, resolveDir: helpgenRoot, loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
    plugins,
  });
  const code = result.outputFiles[0]!.text;
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, code);
  return { trees: ((await import(pathToFileURL(file).href)) as { trees: Trees }).trees, code };
}

describe('dependency patches', () => {
  for (const patch of PATCHES) {
    it(`${patch.id}: still finds its text, once`, () => {
      const source = readFileSync(join(helpgenRoot, 'node_modules', patch.module), 'utf8');
      expect(source.split(patch.find).length - 1, `${patch.module} changed: check the patch against the new code, then update or drop it`).toBe(1);
    });
  }

  it('apply edit by edit: a package that lost one part of an edit runs that edit unpatched, not half-patched', () => {
    const parts = PATCHES.filter((patch) => editOf(patch) === 'micromark-util-subtokenize: jumps in a Map');
    expect(parts).toHaveLength(5);
    const file = join(helpgenRoot, 'node_modules', parts[0]!.module);
    const published = readFileSync(file, 'utf8');
    // As if a new release had rewritten the place the third part patches.
    const changed = published.replace(parts[2]!.find, '/* rewritten upstream */');
    const { source, applied, skipped } = patchSource(file, changed);
    for (const part of parts) expect(applied).not.toContain(part.id);
    for (const part of parts) expect(source).not.toContain(part.replace);
    expect(skipped.map((edit) => edit.name)).toContain('micromark-util-subtokenize: jumps in a Map');
    expect(skipped.find((edit) => edit.name === 'micromark-util-subtokenize: jumps in a Map')!.reason).toContain(parts[2]!.id);
    // The other edits of the same file still apply whole.
    const others = PATCHES.filter((patch) => patch.module === parts[0]!.module && !parts.includes(patch));
    for (const patch of others) expect(applied).toContain(patch.id);
    // Every edit of the published file applies.
    expect(patchSource(file, published).skipped).toEqual([]);
  });

  it('are in the CLI the launcher bundles', () => {
    // Running the command makes the launcher bundle the CLI if any input changed.
    expect(runCli(['--help']).status).toBe(0);
    const { dir } = JSON.parse(readFileSync(join(helpgenRoot, 'node_modules', '.cache', 'helpgen', 'inputs.json'), 'utf8')) as { dir: string };
    const chunks = fg.sync('**/*.mjs', { cwd: join(helpgenRoot, 'node_modules', '.cache', 'helpgen', dir), absolute: true });
    const bundled = chunks.map((file) => readFileSync(file, 'utf8')).join('\n');
    for (const mark of PATCHED_CODE) expect(bundled).toMatch(mark);
  });

});

describe('dependency patches left out for the bench', () => {
  // The bench measures what each edit buys by building without it (bench/extra/patches.ts).
  const LEFT_OUT = 'micromark-util-subtokenize: in place';
  const leftOutMark = PATCHED_CODE.find((mark) => mark.source.includes('eventsArray'))!;

  it('the bench can leave an edit out, named exactly; the others still apply', async () => {
    // Edit names hold commas, so ";" separates them.
    const interrupt = 'micromark: interrupt attempts see the context through a view, not a prototype';
    expect(editsToLeaveOut(` ${LEFT_OUT} ;${interrupt}`)).toEqual([interrupt, LEFT_OUT].sort());
    expect(editsToLeaveOut(undefined)).toEqual([]);
    expect(() => editsToLeaveOut('micromark-util-subtokenize')).toThrow(/names no edit of bin\/dependency-patches\.js: "micromark-util-subtokenize"/);
    const patches = patchingPlugin({ leaveOut: [LEFT_OUT] });
    const { code } = await bundleParser(mkdtempSync(join(tmpdir(), 'helpgen-patches-')), 'without-one', [patches.plugin]);
    expect(code).not.toMatch(leftOutMark);
    for (const mark of PATCHED_CODE.filter((m) => m !== leftOutMark)) expect(code).toMatch(mark);
    // Left out on purpose: neither skipped nor missing, so the launcher warns of nothing.
    expect(patches.skipped).toEqual([]);
    expect(patches.notLoaded()).toEqual([]);
  });

  it('a bundle without an edit (HELPGEN_SKIP_EDITS) has a folder of its own; the normal bundle stays', () => {
    const cache = join(helpgenRoot, 'node_modules', '.cache', 'helpgen');
    expect(runCli(['--help']).status).toBe(0);
    const normal = readFileSync(join(cache, 'inputs.json'), 'utf8');
    const normalWritten = statSync(join(cache, 'inputs.json')).mtimeMs;
    expect(runCli(['--help'], { env: { HELPGEN_SKIP_EDITS: LEFT_OUT } }).status).toBe(0);
    expect(readFileSync(join(cache, 'inputs.json'), 'utf8')).toBe(normal);
    expect(statSync(join(cache, 'inputs.json')).mtimeMs).toBe(normalWritten);
    const own = join(cache, 'without-edits', createHash('sha1').update(LEFT_OUT).digest('hex').slice(0, 12));
    const { dir } = JSON.parse(readFileSync(join(own, 'inputs.json'), 'utf8')) as { dir: string };
    const bundled = fg.sync('**/*.mjs', { cwd: join(own, dir), absolute: true }).map((file) => readFileSync(file, 'utf8')).join('\n');
    expect(bundled).not.toMatch(leftOutMark);
    for (const mark of PATCHED_CODE.filter((m) => m !== leftOutMark)) expect(bundled).toMatch(mark);
    // A name that is no edit is refused, in a sentence, rather than measured as the full set.
    const wrong = runCli(['--help'], { env: { HELPGEN_SKIP_EDITS: 'no such edit' } });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/^error: HELPGEN_SKIP_EDITS names no edit of bin\/dependency-patches\.js: "no such edit"\n {2}Name edits exactly/);
    expect(wrong.stderr).not.toMatch(/\n {4}at /);
  });

});

describe('dependency patches in the tests', () => {
  it('are what the tests run too (vitest.config.ts applies them)', () => {
    // Patched, the markdown compiler hands every handler one context; published, a fresh copy
    // per event.
    const contexts: unknown[] = [];
    const recordContexts: Extension = {
      enter: {
        strong(this: CompileContext, token: Token) {
          contexts.push(this);
          this.enter({ type: 'strong', children: [] }, token);
        },
      },
    };
    // Through remark-parse, as the build's markdown pipeline reaches the compiler.
    unified()
      .use(remarkParse)
      .use(function () {
        this.data('fromMarkdownExtensions', [recordContexts]);
      })
      .parse('**a** and **b**');
    expect(contexts).toHaveLength(2);
    expect(contexts[0]).toBe(contexts[1]);
  });
});

describe('dependency patches at work', () => {
  it('one compiler serves every document of a processor, with fresh data for each', () => {
    const seen: { config: unknown; data: unknown }[] = [];
    const record: Extension = {
      enter: {
        strong(this: CompileContext, token: Token) {
          seen.push({ config: this.config, data: this.data });
          this.enter({ type: 'strong', children: [] }, token);
        },
      },
    };
    const processor = unified()
      .use(remarkParse)
      .use(function () {
        this.data('fromMarkdownExtensions', [record]);
      });
    processor.parse('**a** and **b**');
    processor.parse('**c**');
    expect(seen).toHaveLength(3);
    // Published, each document gets a new compiler and so a new config; patched, one config.
    expect(seen[2]!.config).toBe(seen[0]!.config);
    // The handlers' state is the document's own: shared within one, new for the next.
    expect(seen[1]!.data).toBe(seen[0]!.data);
    expect(seen[2]!.data).not.toBe(seen[0]!.data);
  });

  it('an interrupt attempt sees its tokenizer context live, and its own writes stay its own', () => {
    // Published, such an attempt runs on Object.create(context) with interrupt: true; patched,
    // on a view of the context. Either way it reads the context as it is, and what it sets is
    // not seen by the context's later attempts.
    const calls: { interrupt: unknown; mark: unknown; line: unknown }[] = [];
    const probe = {
      tokenize(this: Record<string, unknown>, _effects: unknown, _ok: unknown, nok: unknown) {
        calls.push({ interrupt: this.interrupt, mark: this.mark, line: (this.now as () => { line: number })().line });
        this.mark = this.interrupt ? 'set in the attempt' : 'set on the context';
        return nok;
      },
    };
    // "!" starts a flow construct: tried at line 1 and line 6, and at line 4 as something that
    // might interrupt the paragraph above it.
    unified()
      .use(remarkParse)
      .use(function () {
        this.data('micromarkExtensions', [{ flow: { 33: probe } } as never]);
      })
      .parse('!first\n\nsecond line\n!third\n\n!fourth\n');
    expect(calls).toEqual([
      { interrupt: undefined, mark: undefined, line: 1 },
      { interrupt: true, mark: 'set on the context', line: 4 },
      { interrupt: undefined, mark: 'set on the context', line: 6 },
    ]);
  });

  it('parses every markdown page of the repository to the same trees and HTML as the published packages', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpgen-patches-'));
    const published = await bundleParser(dir, 'published', []);
    const patched = await bundleParser(dir, 'patched', [dependencyPatches]);
    // The patched bundle must really differ, or this test compares a parser with itself.
    for (const mark of PATCHED_CODE) {
      expect(published.code).not.toMatch(mark);
      expect(patched.code).toMatch(mark);
    }
    const pages = await fg(['content/**/*.md', 'test/fixtures/**/*.md'], { cwd: helpgenRoot, absolute: true });
    expect(pages.length).toBeGreaterThan(150);
    const docs: [string, string][] = [['(every construct)', EVERY_CONSTRUCT], ...pages.map((page): [string, string] => [page, readFileSync(page, 'utf8')])];
    for (const [name, doc] of docs) {
      const [mdast, hast, html] = patched.trees(doc);
      const [publishedMdast, publishedHast, publishedHtml] = published.trees(doc);
      expect(mdast, `${name}: mdast`).toBe(publishedMdast);
      expect(hast, `${name}: hast`).toBe(publishedHast);
      expect(html, `${name}: html`).toBe(publishedHtml);
    }
  }, LONG_MS); // every page parsed four times: over a minute on a loaded machine (patience.ts)
});
