// The markdown pipeline alone, with every dependency-patch edit and with each edit left out,
// all in one process (bench/extra/patches.ts --pipeline). Whole builds on a busy shared machine
// vary by 20 % and more from run to run, far more than an edit of a few percent; here every
// variant (a bundle of remark-parse, GFM, directives, front matter, remark-rehype and
// hast-util-to-html, as the build uses them, with its patches) turns each page into HTML in
// turn, page by page, so that the variants compared are measured milliseconds apart. The first
// pass of each variant is cold (V8 compiles as it goes, as in a build); the later ones show
// the steady state. Main-thread CPU time: V8's background compiles are left out.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { PATCHES, editOf, patchingPlugin } from '../../bin/dependency-patches.js';

/** The variant with every edit left out: the packages as published. */
export const NO_EDIT = '(no edit: as published)';

const PIPELINE = `
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkFrontmatter from 'remark-frontmatter';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import { toHtml } from 'hast-util-to-html';
const processor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm).use(remarkDirective).use(remarkRehype, { allowDangerousHtml: true });
export const html = (doc) => toHtml(processor.runSync(processor.parse(doc)), { allowDangerousHtml: true });
`;

type Html = (doc: string) => string;

export interface PipelineResult {
  edit: string;
  /** CPU time of the first pass over every page (cold), and the median of the later ones, in ms. */
  coldMs: number;
  warmMs: number;
  /** Without the edit ÷ with every edit, pass by pass (measured next to each other). */
  passRatios: number[];
  /** Median of the warm passes' ratios; the cold pass's ratio. */
  warmRatio: number;
  coldRatio: number;
  /** Same HTML as with every edit for every page. */
  identical: boolean;
}

async function bundle(root: string, dir: string, name: string, leaveOut: string[]): Promise<Html> {
  const result = await esbuild.build({
    stdin: { contents: PIPELINE, resolveDir: root, loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
    plugins: [patchingPlugin({ leaveOut }).plugin],
  });
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, result.outputFiles[0]!.text);
  return ((await import(pathToFileURL(file).href)) as { html: Html }).html;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Main-thread CPU time of `html(page)`, in ms (process.threadCpuUsage: Node 22.19 or later). */
function cpuOf(html: Html, page: string, out?: string[]): number {
  const start = process.threadCpuUsage();
  const result = html(page);
  const used = process.threadCpuUsage(start);
  out?.push(result);
  return (used.user + used.system) / 1000;
}

/**
 * One pass over the pages for every variant, interleaved page by page (the variants' order
 * rotating from page to page): a busy machine's CPU time drifts by 10 % and more from second to
 * second, and this way every variant sees the same drift. Returns each variant's CPU time, in ms.
 */
function pass(htmls: Html[], pages: string[], outputs?: string[][]): number[] {
  const cpu = htmls.map(() => 0);
  pages.forEach((page, j) => {
    for (let k = 0; k < htmls.length; k++) {
      const i = (j + k) % htmls.length;
      cpu[i]! += cpuOf(htmls[i]!, page, outputs?.[i]);
    }
  });
  return cpu;
}

/**
 * Runs `passes` passes of every variant over `pages`; `variants[0]` is the full set (nothing left
 * out), the others leave out the edit they name. The order rotates from pass to pass.
 */
export async function measurePipeline(options: { root: string; workDir: string; pages: string[]; full: string; edits: string[]; passes: number; log: (line: string) => void }): Promise<PipelineResult[]> {
  const dir = join(options.workDir, 'pipeline');
  mkdirSync(dir, { recursive: true });
  const names = [options.full, ...options.edits];
  const leaveOut = (edit: string) => (edit === options.full ? [] : edit === NO_EDIT ? [...new Set(PATCHES.map(editOf))] : [edit]);
  const htmls = await Promise.all(names.map((edit, i) => bundle(options.root, dir, `variant-${i}`, leaveOut(edit))));
  // A pass of a bundle of its own first: what the process does once, whichever variant runs
  // first (loading shared code, growing the heap), made the first variant's cold pass slower.
  pass([await bundle(options.root, dir, 'warm-up', [])], options.pages);
  const cpu = names.map(() => [] as number[]);
  const outputs = names.map(() => [] as string[]);
  for (let p = 0; p < options.passes; p++) {
    pass(htmls, options.pages, p === 0 ? outputs : undefined).forEach((ms, i) => {
      cpu[i]!.push(ms);
    });
    options.log(`pass ${p + 1}/${options.passes}: ${names.map((name, i) => `${i === 0 ? 'every edit' : name.replace(/^[^:]*: /, '')} ${Math.round(cpu[i]![p]!)} ms`).join(', ')}`);
  }
  return names.map((edit, i) => {
    const passRatios = cpu[i]!.map((ms, p) => Math.round((ms / cpu[0]![p]!) * 1000) / 1000);
    return {
      edit,
      coldMs: Math.round(cpu[i]![0]!),
      warmMs: Math.round(median(cpu[i]!.slice(1))),
      passRatios,
      warmRatio: median(passRatios.slice(1)),
      coldRatio: passRatios[0]!,
      identical: outputs[i]!.every((html, page) => html === outputs[0]![page]),
    };
  });
}
