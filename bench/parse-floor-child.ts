// The child process of ./parse-floor.ts: parses every page under the content folder given
// (content/STYLE.md, our writers' guide, is not a page) with helpgen's markdown processor, its
// parse only, and prints one line of JSON. Bundled by bin/helpgen-bench.js with the CLI's
// dependency patches, so it parses exactly as a build does. The files are read before the
// clock starts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { VFile } from 'vfile';
import { createMarkdownProcessor } from '../cli/markdown/pipeline.ts';
import { preprocessMarkdown } from '../cli/markdown/preprocess.ts';
import { markdownSite } from '../cli/markdown/stub-site.ts';
import { listMarkdown } from './own-site.ts';

export interface ChildRun {
  pages: number;
  bytes: number;
  wallMs: number;
  cpuMs: number;
}

// The V8 setting bin/helpgen.js makes for every build (it says why), on the same V8 versions.
const v8Major = Number(process.versions.v8.split('.')[0]);
if (v8Major >= 11 && v8Major <= 14) setFlagsFromString('--no-turbo-inlining');

const contentDir = process.argv[2]!;
const files = listMarkdown(contentDir).filter((file) => !file.endsWith(join('content', 'STYLE.md')));
const texts = files.map((file) => readFileSync(file, 'utf8'));
// A parse highlights nothing; the highlighter is never called.
const processor = createMarkdownProcessor(markdownSite(), { highlight: () => Promise.reject(new Error('parse only')) });
const cpu = process.cpuUsage();
const started = performance.now();
for (const [i, path] of files.entries()) processor.parse(new VFile({ value: preprocessMarkdown(texts[i]!), path }));
const wallMs = performance.now() - started;
const used = process.cpuUsage(cpu);
const run: ChildRun = { pages: files.length, bytes: texts.reduce((n, text) => n + Buffer.byteLength(text), 0), wallMs, cpuMs: (used.user + used.system) / 1000 };
process.stdout.write(JSON.stringify(run) + '\n');
