// A production build: compile everything, fail on errors (and on warnings with --strict),
// then swap the new output in. Nothing is written unless every page and check passed.
import { relative } from 'node:path';
import type { ResolvedConfig } from '../config/schema.ts';
import { HelpgenAggregateError } from '../diagnostics/errors.ts';
import { Reporter } from '../diagnostics/reporter.ts';
import type { PageData } from '../../shared/types.ts';
import type { SearchRecord } from '../../shared/search/record.ts';
import { SiteBuild } from './site-build.ts';
import type { CompileOutput } from './context.ts';
import { Staging, type OutputFile } from '../output/output.ts';
import { assertReplaceable, assertSafeOutputFolder } from '../output/output-folder.ts';
import { previousOutput } from '../output/output-record.ts';
import type { Progress } from '../diagnostics/progress.ts';

export interface BuildOptions {
  siteDir: string;
  outDir?: string;
  strict?: boolean;
  /** Reuse unchanged pages' results from the last build (default true). */
  cache?: boolean;
  reporter?: Reporter;
  /** Write the output (default true); tests may inspect the result instead. */
  write?: boolean;
  /** Told what the build is doing (the CLI shows it). */
  progress?: Progress;
  /** Keep every doc page's search records in the result (`helpgen search push`). */
  searchRecords?: boolean;
}

export interface BuildResult {
  config: ResolvedConfig;
  outDir: string;
  pages: PageData[];
  /**
   * Every output file. When the build wrote them, the pages are left out (they went to disk as
   * they were rendered) and the other files are listed by path only (read them from `outDir`).
   */
  files: OutputFile[];
  /** Every doc page's search records, in page order, when asked for (`searchRecords`). */
  searchRecords?: SearchRecord[];
  reporter: Reporter;
  durationMs: number;
  /** Pages copied unchanged from the last build (the build cache) or left in the output as they were, instead of rendered. */
  copiedPages: number;
  /** Of those, the pages left in the output folder as they were (an update in place). */
  keptPages: number;
}

/** Rendered pages waiting to be written, at most; the next pages wait to be rendered. */
const MAX_PAGES_WAITING = 64;

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const reporter = options.reporter ?? new Reporter();
  const site = new SiteBuild({ siteDir: options.siteDir, outDir: options.outDir, mode: 'production', cache: options.cache, searchRecords: options.searchRecords });
  // One walk of the output folder serves both checks, and its manifest, read once, the record's check below.
  const checked = options.write !== false ? assertSafeOutputFolder(site.siteDir, site.outDir) : undefined;
  if (checked) assertReplaceable(site.outDir, checked.folders);
  if (options.progress) site.progress = options.progress;
  await site.loadConfig();
  const configLoaded = performance.now();
  // Files go to the staging folder while the build goes on: pages as they are checked, the
  // rest as soon as they are ready; whatever is left when everything passed.
  const recordFile = options.write !== false ? site.outputRecordFile() : undefined;
  // The last build's output is checked (each file's stamp) while the content is scanned.
  const record = recordFile ? { file: recordFile, previous: previousOutput(recordFile, site.outDir, checked?.manifest) } : undefined;
  const staging = options.write !== false ? new Staging(site.outDir, record) : undefined;
  const pagesWaiting = new Set<Promise<void>>();
  const output: CompileOutput | undefined = staging && {
    expect: (paths) => staging.prepare(paths),
    file: (file) => staging.enqueue(file),
    // Rendering waits while many pages are still unwritten, so a large site's HTML never has
    // to fit in memory at once.
    pagesInOutput: () => staging.pagesInOutput(),
    recordedHolds: (key) => staging.recordedHolds(key),
    writableFiles: () => staging.writableFiles(),
    pageWritten: (path, holds, key) => staging.writtenElsewhere(path, holds, key),
    page: async (file, key) => {
      const written = staging.enqueue(file, 'page', key).finally(() => pagesWaiting.delete(written));
      pagesWaiting.add(written);
      while (pagesWaiting.size >= MAX_PAGES_WAITING) await Promise.race(pagesWaiting);
      // One turn of the event loop per page, so that finished writes start the next ones: else
      // the files handed over before the pages (the search index, markdown twins) were written
      // only as fast as single pages finished, and most still waited in memory when the last
      // page was rendered (heap snapshot at 1,700 pages: 13,700 of 15,000 files, 31 MB).
      await new Promise((resolve) => setImmediate(resolve));
      if (staging.failed) await staging.flush(); // throws the write's error
    },
  };
  let compiled: Awaited<ReturnType<SiteBuild['compile']>>;
  try {
    compiled = await site.compile(reporter, output);
    await staging?.flush();
  } catch (error) {
    await staging?.discard();
    throw error;
  }
  const { pages, files, searchRecords, copiedPages, keptPages } = compiled;

  const failures = reporter.errors.length + (options.strict ? reporter.strictFailures.length : 0);
  if (failures > 0) {
    await staging?.discard();
    const what =
      options.strict && reporter.strictFailures.length
        ? `${reporter.errors.length} error(s) and ${reporter.strictFailures.length} warning(s) (--strict)`
        : `${reporter.errors.length} error(s)`;
    throw new HelpgenAggregateError(`build failed with ${what}; ${relative(process.cwd(), site.outDir) || site.outDir} was left unchanged`, reporter.diagnostics);
  }
  const compileEnd = performance.now();
  await staging?.finish(files);
  if (process.env.HELPGEN_TIMINGS) {
    // Everything outside compile(): starting Node and loading our modules, the config, writing.
    const ms = (n: number) => `${Math.round(n)} ms`;
    process.stderr.write(`process start to build ${ms(started)}, config ${ms(configLoaded - started)}, write ${ms(performance.now() - compileEnd)}${staging ? ` (${staging.summary})` : ''}\n`);
  }
  return { config: site.config, outDir: site.outDir, pages, files, searchRecords, reporter, durationMs: performance.now() - started, copiedPages, keptPages };
}
