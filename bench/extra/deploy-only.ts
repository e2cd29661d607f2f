// `npm run bench -- --deploy-only`: the deploy measure (./deploy.ts) of our site alone, added to
// the results file of an earlier full run.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { coldBuild } from '../cold-build.ts';
import { formatTable } from '../report.ts';
import type { Results } from '../results.ts';
import { measureDeploy } from './deploy.ts';

/**
 * `--deploy-only`: builds our site once (untimed) and measures `helpgen deploy` of it, then adds
 * the figures to our site's entry in the results file, leaving the build figures as they were.
 */
export async function deployOnly(root: string, out: string, commit: string): Promise<void> {
  const results = JSON.parse(readFileSync(out, 'utf8')) as Results;
  const own = results.sites.find((s) => s.id === 'own');
  if (!own) throw new Error(`${relative(process.cwd(), out)} has no entry for our site: run the whole benchmark first`);
  const outDir = mkdtempSync(join(tmpdir(), 'helpgen-bench-deploy-'));
  try {
    const built = await coldBuild({ helpgenRoot: root, siteDir: root, outDir, strict: false, timeoutMs: 180_000 });
    if (!built.ok) throw new Error(`our site did not build: ${built.error}`);
    own.deploy = await measureDeploy({ helpgenRoot: root, siteDir: root, outDir, rounds: 5 });
    results.notes = results.notes.filter((n) => !n.startsWith('deploy:'));
    results.notes.push(`deploy: measured on its own (--deploy-only) on ${new Date().toISOString().slice(0, 10)} at commit ${commit}, 1-minute load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores.`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
  process.stdout.write(formatTable(results) + `\n\nadded the deploy of our site to ${relative(process.cwd(), out)} (load average ${loadavg()[0]!.toFixed(1)})\n`);
}
