// helpgen build [SITE_DIR] [--strict] [--out DIR] [--quiet]
import { relative, resolve } from 'node:path';
import pc from 'picocolors';
import { build } from '../pipeline/build.ts';
import { Reporter } from '../diagnostics/reporter.ts';
import { createProgress } from '../diagnostics/progress.ts';

export async function runBuild(siteDir: string, opts: { strict?: boolean; out: string; cache?: boolean; quiet?: boolean }): Promise<void> {
  const reporter = new Reporter();
  const progress = createProgress({ quiet: opts.quiet });
  const result = await build({ siteDir, outDir: resolve(siteDir, opts.out), strict: opts.strict, cache: opts.cache, reporter, progress }).finally(() => progress.done());
  reporter.print();
  if (opts.quiet) return;
  const pages = result.pages.length;
  const where = relative(process.cwd(), result.outDir) || '.';
  const warnings = reporter.warnings.length ? pc.yellow(` with ${reporter.warnings.length} warning(s)`) : '';
  // Says why a build was quick: most of its pages came unchanged from the last one.
  const copied = result.copiedPages > 0 ? pc.dim(` (${result.copiedPages} unchanged, ${unchangedFrom(result.copiedPages, result.keptPages, where)})`) : '';
  process.stdout.write(
    `${pc.green('✔')} Built ${pages} pages in ${(result.durationMs / 1000).toFixed(2)} s${copied}${warnings} → ${where}${result.config.baseUrl}\n`,
  );
}

/** Where the unchanged pages came from: the output folder updated in place keeps them, else the build cache. */
function unchangedFrom(copied: number, kept: number, where: string): string {
  if (kept === 0) return 'copied from the build cache';
  if (kept === copied) return `left in ${where}/ as they were`;
  return `${kept} left in ${where}/ as they were, ${copied - kept} copied from the build cache`;
}
