// The child process of ./parse-floor.ts, in one of two modes, printing one line of JSON:
// - "parse": parses every page under the content folder given (content/STYLE.md, our writers'
//   guide, is not a page) with helpgen's markdown processor, its parse only. The files are
//   read before the clock starts.
// - "stack": the least any build on the owner's stack does, timed from the process's start:
//   load the libraries, read every page, parse it as helpgen does, turn it into HTML with
//   remark-rehype and rehype-stringify, and wrap that in a bare React page (renderToString).
//   No highlighting, directives, links, sidebar, search index or writes.
// Bundled by bin/helpgen-bench.js with the CLI's dependency patches, so it parses exactly as a
// build does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import rehypeStringify from 'rehype-stringify';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { createMarkdownProcessor } from '../../cli/markdown/pipeline.ts';
import { preprocessMarkdown } from '../../cli/markdown/preprocess.ts';
import { markdownSite } from '../../cli/markdown/stub-site.ts';
import { listMarkdown } from '../list-markdown.ts';

export interface ChildRun {
  pages: number;
  bytes: number;
  /** "parse": the parse of every page; "stack": from the process's start to the last page made. */
  wallMs: number;
  /** CPU time of the whole process over the same span (V8's compiler and GC threads included). */
  cpuMs: number;
}

export type FloorMode = 'parse' | 'stack';

// The V8 setting bin/helpgen.js makes for every build (it says why), on the same V8 versions.
const v8Major = Number(process.versions.v8.split('.')[0]);
if (v8Major >= 11 && v8Major <= 14) setFlagsFromString('--no-turbo-inlining');

const contentDir = process.argv[2]!;
const mode = (process.argv[3] ?? 'parse') as FloorMode;
const files = listMarkdown(contentDir).filter((file) => !file.endsWith(join('content', 'STYLE.md')));
const texts = files.map((file) => readFileSync(file, 'utf8'));
// A parse highlights nothing; the highlighter is never called.
const processor = createMarkdownProcessor(markdownSite(), { highlight: () => Promise.reject(new Error('parse only')) });
const toHtml = unified().use(remarkRehype).use(rehypeStringify);
const cpu = mode === 'parse' ? process.cpuUsage() : undefined;
const started = mode === 'parse' ? performance.now() : 0;
for (const [i, path] of files.entries()) {
  const tree = processor.parse(new VFile({ value: preprocessMarkdown(texts[i]!), path }));
  if (mode === 'stack') {
    const body = toHtml.stringify(toHtml.runSync(tree as Parameters<typeof toHtml.runSync>[0]));
    renderToString(createElement('html', null, createElement('body', null, createElement('main', { dangerouslySetInnerHTML: { __html: body } }))));
  }
}
// performance.now() counts from the process's start.
const wallMs = performance.now() - started;
const used = process.cpuUsage(cpu);
const run: ChildRun = { pages: files.length, bytes: texts.reduce((n, text) => n + Buffer.byteLength(text), 0), wallMs, cpuMs: (used.user + used.system) / 1000 };
process.stdout.write(JSON.stringify(run) + '\n');
