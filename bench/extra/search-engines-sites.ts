// The sites the comparison (./search-engines.ts) measures, when it is not handed built ones:
// our own site and the benchmark's generated corpora (bench/corpus.ts, the seed of `npm run
// bench`), each built once with `bin/helpgen.js build --no-cache` into the work folder, and
// reused when that build is already there.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { generateCorpus, writeCorpus } from '../corpus.ts';

/** The seed `npm run bench` generates its corpora with (bench/run.ts). */
const SEED = 7;

export interface SiteToMeasure {
  id: string;
  siteDir: string;
  outDir: string;
}

function build(root: string, siteDir: string, outDir: string, log: (line: string) => void): void {
  if (existsSync(join(outDir, 'support', 'assets', 'search', 'index.json'))) return;
  log(`building ${siteDir} into ${outDir} (once)…`);
  const run = spawnSync(process.execPath, [join(root, 'bin', 'helpgen.js'), 'build', siteDir, '--out', outDir, '--no-cache'], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
  if (run.status !== 0) throw new Error(`the build of ${siteDir} failed (exit ${run.status}): ${(run.stderr || run.stdout).split('\n').slice(0, 5).join('\n')}`);
}

/** Our site (`own`) and generated corpora of these sizes, built under `work` unless built already. */
export function prepareSites(root: string, work: string, own: boolean, sizes: number[], log: (line: string) => void): SiteToMeasure[] {
  const sites: SiteToMeasure[] = [];
  if (own) sites.push({ id: 'own', siteDir: root, outDir: join(work, 'out-own') });
  for (const size of sizes) {
    const siteDir = join(work, `site-${size}`);
    if (!existsSync(join(siteDir, 'content'))) writeCorpus(siteDir, generateCorpus({ pages: size, seed: SEED }));
    sites.push({ id: String(size), siteDir, outDir: join(work, `out-${size}`) });
  }
  for (const site of sites) build(root, site.siteDir, site.outDir, log);
  return sites;
}
