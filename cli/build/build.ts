// A production build: compile everything, fail on errors (and on warnings with --strict),
// then swap the new output in. Nothing is written unless every page and check passed.
import { relative } from 'node:path';
import type { ResolvedConfig } from '../config/schema.ts';
import { HelpgenAggregateError } from '../diagnostics/errors.ts';
import { Reporter } from '../diagnostics/reporter.ts';
import type { PageData } from '../../templates/types.ts';
import { SiteBuild } from './site-build.ts';
import { writeOutput, type OutputFile } from './output.ts';

export interface BuildOptions {
  siteDir: string;
  outDir?: string;
  strict?: boolean;
  /** Reuse unchanged pages' results from the last build (default true). */
  cache?: boolean;
  reporter?: Reporter;
  /** Write the output (default true); tests may inspect the result instead. */
  write?: boolean;
}

export interface BuildResult {
  config: ResolvedConfig;
  outDir: string;
  pages: PageData[];
  files: OutputFile[];
  reporter: Reporter;
  durationMs: number;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const reporter = options.reporter ?? new Reporter();
  const site = new SiteBuild({ siteDir: options.siteDir, outDir: options.outDir, mode: 'production', cache: options.cache });
  await site.loadConfig();
  const configLoaded = performance.now();
  const { pages, files } = await site.compile(reporter);

  const failures = reporter.errors.length + (options.strict ? reporter.warnings.length : 0);
  if (failures > 0) {
    const what =
      options.strict && reporter.warnings.length
        ? `${reporter.errors.length} error(s) and ${reporter.warnings.length} warning(s) (--strict)`
        : `${reporter.errors.length} error(s)`;
    throw new HelpgenAggregateError(`build failed with ${what}; ${relative(process.cwd(), site.outDir) || site.outDir} was left unchanged`, reporter.diagnostics);
  }
  const compiled = performance.now();
  if (options.write !== false) await writeOutput(site.outDir, files);
  if (process.env.HELPGEN_TIMINGS) {
    // Everything outside compile(): starting Node and loading our modules, the config, writing.
    const ms = (n: number) => `${Math.round(n)} ms`;
    process.stderr.write(`process start to build ${ms(started)}, config ${ms(configLoaded - started)}, write ${ms(performance.now() - compiled)}\n`);
  }
  return { config: site.config, outDir: site.outDir, pages, files, reporter, durationMs: performance.now() - started };
}
