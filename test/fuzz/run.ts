// The hostile-input fuzz: builds generated documents (./generate.ts) through the real CLI, a
// batch of them per site, and reports every build that crashed, hung, or stopped with an error
// that names no file and line. `npm run fuzz` runs 10,000 documents (bin/helpgen-fuzz.js);
// ./fuzz.test.ts runs a small sample in the test suite.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HANG_MS } from '../helpers/patience.ts';
import { generateDocument } from './generate.ts';

export interface FuzzOptions {
  /** The helpgen checkout whose bin/helpgen.js builds the sites. */
  root: string;
  count: number;
  seed: number;
  /** Documents per site build. */
  batchSize: number;
  log?: (line: string) => void;
}

export interface Finding {
  kind: 'crash' | 'hang' | 'unlocated error';
  /** The documents in the build, as "seed/index" (replay one with generateDocument(seed, index)). */
  documents: string[];
  detail: string;
}

export interface FuzzResult {
  documents: number;
  builds: number;
  /** Documents a build refused with a located error (expected for hostile input). */
  refused: number;
  findings: Finding[];
}

/** 1x1 transparent PNG, so that links to an existing image have one. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
/** Rebuilds of a batch without the pages a build refused, so the others still reach rendering. */
const MAX_ROUNDS = 6;

export async function runFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const result: FuzzResult = { documents: 0, builds: 0, refused: 0, findings: [] };
  const work = mkdtempSync(join(tmpdir(), 'helpgen-fuzz-'));
  try {
    for (let first = 0; first < options.count; first += options.batchSize) {
      const indexes = Array.from({ length: Math.min(options.batchSize, options.count - first) }, (_, i) => first + i);
      await fuzzBatch(options, indexes, join(work, `batch-${first}`), result);
      result.documents += indexes.length;
      options.log?.(`${result.documents}/${options.count} documents, ${result.builds} builds, ${result.refused} refused, ${result.findings.length} findings`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return result;
}

async function fuzzBatch(options: FuzzOptions, indexes: number[], dir: string, result: FuzzResult): Promise<void> {
  cpSync(join(options.root, 'test', 'fixtures', 'basic-site'), dir, { recursive: true });
  const pages = join(dir, 'content', 'fuzz');
  mkdirSync(join(pages, 'img'), { recursive: true });
  writeFileSync(join(pages, 'img', 'pic.png'), PIXEL);
  let remaining = new Map(indexes.map((index) => [`content/fuzz/doc-${index}.md`, index]));
  for (const [file, index] of remaining) writeFileSync(join(dir, file), generateDocument(options.seed, index));
  for (let round = 0; round < MAX_ROUNDS && remaining.size; round++) {
    const names = [...remaining.values()].map((index) => `${options.seed}/${index}`);
    const run = await build(options.root, dir);
    result.builds++;
    const output = `${run.stdout}\n${run.stderr}`;
    if (run.hung) {
      result.findings.push({ kind: 'hang', documents: names, detail: `no exit after ${HANG_MS / 60_000} min` });
      return;
    }
    const crash = crashIn(output, run.status, run.signal);
    if (crash) {
      result.findings.push({ kind: 'crash', documents: names, detail: crash });
      return;
    }
    const unlocated = unlocatedErrors(output);
    if (unlocated.length) result.findings.push({ kind: 'unlocated error', documents: names, detail: unlocated.join('\n') });
    if (run.status === 0) return;
    // Drop the pages the build refused and build the rest again.
    const refusedFiles = new Set(output.split('\n').flatMap((line) => /^([^:\s]+)(?::\d+){0,2}: error:/.exec(line)?.[1] ?? []));
    const refused = [...remaining.keys()].filter((file) => refusedFiles.has(file));
    if (!refused.length) return;
    for (const file of refused) {
      rmSync(join(dir, file));
      remaining.delete(file);
    }
    result.refused += refused.length;
    remaining = new Map(remaining);
  }
}

/** What shows that helpgen itself failed, rather than refusing bad input. */
function crashIn(output: string, status: number | null, signal: NodeJS.Signals | null): string | undefined {
  if (signal) return `killed by ${signal}`;
  if (status !== 0 && status !== 1) return `exit status ${status}:\n${output.slice(-2000)}`;
  const sign = /bug in helpgen|Uncaught|Maximum call stack|FATAL ERROR|out of memory|\n\s+at .+\(.+:\d+:\d+\)/i.exec(output);
  return sign ? output.slice(Math.max(0, sign.index - 1500), sign.index + 500) : undefined;
}

/** Error lines ("error: …", "file: error: …") that do not start with "file:line:column:" (or "file:line:"). */
export function unlocatedErrors(output: string): string[] {
  return output.split('\n').filter((line) => /^(?:\S[^:]*: )?error:/.test(line.trim()) && !/^[^:\s]+:\d+(?::\d+)?: error:/.test(line.trim()));
}

interface BuildRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  hung: boolean;
}

/** `helpgen build DIR` in a process of its own, killed only when it outlives HANG_MS. */
function build(root: string, dir: string): Promise<BuildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'bin', 'helpgen.js'), 'build', dir], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, HANG_MS);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal: hung ? null : signal, stdout, stderr, hung });
    });
  });
}
