// `npm run bench -- --profile 1700` (or a site folder): one build under --cpu-prof, each thread's
// profile summarised by ./profile.ts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCorpus, writeCorpus } from '../corpus.ts';
import { formatProfile, summarizeProfile } from './profile.ts';

export async function profileBuild(root: string, corpusDir: string, target: string, seed: number): Promise<void> {
  let siteDir = target;
  if (/^\d+$/.test(target)) {
    siteDir = join(corpusDir, `site-${target}`);
    writeCorpus(siteDir, generateCorpus({ pages: Number(target), seed }));
  }
  const profDir = mkdtempSync(join(tmpdir(), 'helpgen-bench-prof-'));
  const outDir = mkdtempSync(join(tmpdir(), 'helpgen-bench-out-'));
  execFileSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profDir}`, join(root, 'bin', 'helpgen.js'), 'build', siteDir, '--out', outDir], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  // One profile per thread: the main thread first, then its workers (markdown, search index).
  const files = readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile')).sort();
  files.forEach((file, i) => {
    process.stdout.write(`\n== ${i === 0 ? 'main thread' : `worker thread ${i}`}: ${join(profDir, file)}\n`);
    process.stdout.write(formatProfile(summarizeProfile(join(profDir, file), 40), i === 0 ? 40 : 20) + '\n');
  });
  rmSync(outDir, { recursive: true, force: true });
}
