// `helpgen deploy` of a built site to an S3-compatible server on 127.0.0.1 (s3rver, the one
// the tests use): a first upload into an empty prefix, then a redeploy of the same build, which
// should upload nothing. Each is a fresh `bin/helpgen.js deploy` process, timed from spawn to
// exit; the request count is the one the CLI's summary line reports (every HTTP request the
// SDK sent, retries included). Rounds alternate first/redeploy, each round in its own prefix.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import S3rver from 's3rver';
import { summarize, type Summary } from '../stats.ts';

const run = promisify(execFile);

export interface DeployRun {
  requests: number;
  uploaded: number;
  unchanged: number;
  wallMs: number;
}

export interface DeployResult {
  files: number;
  first: { runs: DeployRun[]; wallMs?: Summary; requests?: number };
  unchanged: { runs: DeployRun[]; wallMs?: Summary; requests?: number };
  error?: string;
}

const SUMMARY = /uploaded (\d+) file\(s\).*?, (\d+) unchanged, .*?; (\d+) request\(s\)/;

async function deployOnce(helpgenRoot: string, siteDir: string, outDir: string, target: string, endpoint: string): Promise<DeployRun> {
  const started = performance.now();
  const { stdout } = await run(process.execPath, [join(helpgenRoot, 'bin', 'helpgen.js'), 'deploy', target, siteDir, '--out', outDir, '--endpoint', endpoint], {
    env: { ...process.env, NO_COLOR: '1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' },
    timeout: 120_000,
  });
  const wallMs = performance.now() - started;
  const match = SUMMARY.exec(stdout);
  if (!match) throw new Error(`no summary line in: ${stdout.trim()}`);
  return { uploaded: Number(match[1]), unchanged: Number(match[2]), requests: Number(match[3]), wallMs };
}

export async function measureDeploy(options: { helpgenRoot: string; siteDir: string; outDir: string; rounds: number }): Promise<DeployResult> {
  const directory = mkdtempSync(join(tmpdir(), 'helpgen-bench-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: 'bench', configs: [] }] });
  const result: DeployResult = { files: 0, first: { runs: [] }, unchanged: { runs: [] } };
  try {
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    for (let round = 1; round <= options.rounds; round++) {
      const target = `s3://bench/round-${round}`;
      result.first.runs.push(await deployOnce(options.helpgenRoot, options.siteDir, options.outDir, target, endpoint));
      result.unchanged.runs.push(await deployOnce(options.helpgenRoot, options.siteDir, options.outDir, target, endpoint));
    }
    result.files = result.first.runs[0]!.uploaded;
    for (const kind of [result.first, result.unchanged]) {
      kind.wallMs = summarize(kind.runs.map((r) => r.wallMs));
      kind.requests = Math.max(...kind.runs.map((r) => r.requests));
    }
  } catch (error) {
    result.error = (error as Error).message;
  } finally {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  }
  return result;
}
