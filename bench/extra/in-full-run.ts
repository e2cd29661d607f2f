// What a full run measures beyond bench/'s core (run.ts, site-runs.ts): on our site's kept build,
// its deploy and a first search on a slow phone, then its page types; the markdown parse alone
// under the build-time budgets; dev save-to-reload on our site and the 1,700-page site.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gitCommit } from '../own-site.ts';
import type { SiteResult } from '../results.ts';
import type { RunContext } from '../args.ts';
import { removeOutput } from '../cold-build.ts';
import { measureDeploy } from './deploy.ts';
import { measureDev } from './dev.ts';
import { measureOwnFirstSearch } from './first-search-run.ts';
import type { PageTypesResult } from './page-types.ts';
import { measurePageTypes } from './page-types-run.ts';
import { measureParseFloor } from './parse-floor.ts';

/** Our site's deploy and first search on a slow phone, on its kept build, while time allows. */
export async function measureOwnBuild(site: SiteResult, kept: string, ctx: RunContext): Promise<void> {
  if (site.id !== 'own') return;
  const { root, deadline, log } = ctx;
  if (ctx.args.deploy && deadline - Date.now() > 60_000) {
    const d = (site.deploy = await measureDeploy({ helpgenRoot: root, siteDir: root, outDir: kept, rounds: 3 }));
    log(`${site.label}: deploy ${d.error ?? `first ${d.first.requests} requests ${((d.first.wallMs?.median ?? 0) / 1000).toFixed(2)} s, no-change ${d.unchanged.requests} request(s) ${((d.unchanged.wallMs?.median ?? 0) / 1000).toFixed(2)} s`}`);
  }
  if (deadline - Date.now() > 180_000) {
    Object.assign(site, await measureOwnFirstSearch(kept, ctx.probes.get(site.id)!));
    log(`${site.label}: first search on a slow phone ${site.firstSearch?.error ?? `opens ${((site.firstSearch?.openedMs?.median ?? 0) / 1000).toFixed(2)} s after navigation (median)`}`);
  }
}

/**
 * The floors under the build-time budgets: our site's cold build is checked against its bare
 * stack (issue 38); beside the 1,700-page budget, the floor says what the stack leaves of 8 s.
 */
export function measureFloor(site: SiteResult, ctx: RunContext): void {
  if ((site.generatedPages ?? 0) > 2000 || ctx.deadline - Date.now() <= 60_000) return;
  site.parseFloor = measureParseFloor(ctx.root, join(ctx.root, site.siteDir, 'content'), site.generatedPages && site.generatedPages > 200 ? 1 : 3);
  ctx.log(`${site.label}: markdown parse alone ${(site.parseFloor.wallMs.median / 1000).toFixed(2)} s in one cold thread`);
}

/** Dev: our site (issue 6 budget: 100 ms) and the 1,700-page site (300 ms at 2,000 pages). */
export async function measureDevSites(sites: SiteResult[], ctx: RunContext): Promise<void> {
  const ownBuilt = sites.find((s) => s.id === 'own')?.build.wallMs !== undefined;
  const devSites = sites.filter((s) => (ownBuilt ? s.id === 'own' : s.id === 'own-content') || s.generatedPages === 1700);
  for (const site of devSites) {
    // The first dev build of a site was seen taking up to twice its production build.
    const needed = site.id === 'own' ? 30_000 : 40_000 + (site.build.wallMs?.median ?? 60_000) * 2;
    if (ctx.deadline - Date.now() < needed) {
      site.dev = { available: false, reason: 'n/a: skipped to stay inside the 10-minute envelope' };
      continue;
    }
    // Dev edits files, so our site is measured on a copy: writers are working in content/.
    // The committed-pages copy and the generated sites are ours to edit; they are restored after.
    const devDir = site.id === 'own' ? copyOwnSite(ctx.root, join(ctx.corpusDir, 'own-dev')) : join(ctx.root, site.siteDir);
    const route = ctx.probes.get(site.id)!;
    const editFile = join('content', route.replace(/^\/support\//, '') + '.md');
    site.dev = await measureDev({ helpgenRoot: ctx.root, siteDir: devDir, editFile, pageRoute: route, edits: 20, deadline: ctx.deadline - 10_000 });
    ctx.log(`${site.label}: dev ${site.dev.saveToReload ? `median ${site.dev.saveToReload.median.toFixed(0)} ms` : site.dev.reason}`);
  }
}

/** A copy of our site (content/, static/, and our config). */
function copyOwnSite(root: string, dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(root, 'content'), join(dir, 'content'), { recursive: true });
  if (existsSync(join(root, 'static'))) cpSync(join(root, 'static'), join(dir, 'static'), { recursive: true });
  // Our config imports defineConfig by a path relative to the repository; a copy elsewhere
  // uses the package name, which helpgen resolves for any site.
  const ours = readFileSync(join(root, 'help.config.ts'), 'utf8').replace(/from '\.\/cli\/config\/define\.ts'/, "from 'helpgen/config'");
  writeFileSync(join(dir, 'help.config.ts'), ours);
  return dir;
}

/** Page types of our site (issue 37) on its kept build: a few minutes of Lighthouse runs, on top of the envelope. */
export async function measureOwnPageTypes(ownOut: string, ctx: RunContext): Promise<PageTypesResult | undefined> {
  try {
    return await measurePageTypes({ helpgenRoot: ctx.root, siteDir: ctx.root, outDir: ownOut, commit: gitCommit(ctx.root), log: ctx.log });
  } catch (error) {
    ctx.notes.push(`page types: not measured (${(error as Error).message.split('\n')[0]}); the earlier figures are kept.`);
    return undefined;
  } finally {
    removeOutput(ownOut);
  }
}
