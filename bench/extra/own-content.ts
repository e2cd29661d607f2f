// Writers are mid-way through our pages: the working tree may hold a half-edited page, and the
// config's navbar may point to pages not written yet. When our site does not build, a full run
// measures our committed pages (git HEAD) instead, with a minimal config that reports broken
// links as warnings, labelled as such wherever their figures are used.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BENCH_CONFIG } from '../corpus.ts';
import { gitCommit, ownProbeRoute, ownSite } from '../own-site.ts';
import type { SiteResult } from '../results.ts';
import type { RunContext } from '../args.ts';

/** Adds our committed pages as a site right after `sites[i]`, our site that did not build. */
export function addCommittedPages(sites: SiteResult[], i: number, ctx: RunContext): void {
  const dir = join(ctx.corpusDir, 'own-content');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tar = execFileSync('git', ['archive', '--format=tar', 'HEAD', 'content'], { cwd: ctx.root, maxBuffer: 512 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  writeFileSync(join(dir, 'help.config.ts'), lenientConfig());
  const commit = gitCommit(ctx.root);
  const copy = ownSite(dir);
  sites.splice(i + 1, 0, { ...copy, id: 'own-content', label: `our pages @${commit} (minimal config)`, siteDir: relative(ctx.root, dir) });
  ctx.probes.set('own-content', ownProbeRoute(dir));
  ctx.notes.push(`our site did not build (${(sites[i]!.build.error ?? '').split('\n')[0]}); our committed pages (content/ at ${commit}, ${copy.markdownPages} pages) were built instead with a minimal config that reports broken links as warnings.`);
}

/**
 * The generated sites' config, reporting broken links as warnings (writers are still linking
 * up our pages) and leaving out the writers' guide, which our content/ holds but is not a page.
 */
export function lenientConfig(): string {
  return BENCH_CONFIG.replace(/^ {2}onBrokenLinks: 'throw',$/m, "  onBrokenLinks: 'warn',").replace(/^ {2}search: /m, "  docs: { exclude: ['STYLE.md'] },\n  search: ");
}
