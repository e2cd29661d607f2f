// Runs the real helpgen command line, as a writer or CI would, and captures what it prints.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './site.ts';
import { HANG_MS } from './patience.ts';

export interface CliRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], options: { cwd?: string; env?: Record<string, string>; uid?: number; gid?: number } = {}): CliRun {
  const result = spawnSync(process.execPath, [join(repoRoot, 'bin', 'helpgen.js'), ...args], {
    cwd: options.cwd ?? repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...options.env },
    timeout: HANG_MS,
    uid: options.uid,
    gid: options.gid,
  });
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

/**
 * The same, without blocking this process: for commands that talk to a server the test runs
 * in this process (an S3 server, say), which must keep answering meanwhile.
 */
export function runCliAsync(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, 'bin', 'helpgen.js'), ...args], {
      cwd: options.cwd ?? repoRoot,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
}
