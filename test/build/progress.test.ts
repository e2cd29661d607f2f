// Progress while a build runs: redrawn in place on a terminal (a pseudo-terminal from util-linux
// `script`), one plain line per phase in a pipe (CI logs), nothing with --quiet. Also in
// `helpgen dev`'s first build, before "ready".
import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, repoRoot } from '../helpers/site.ts';
import { runCli } from '../helpers/cli.ts';
import { HANG_MS } from '../helpers/patience.ts';

const helpgen = join(repoRoot, 'bin', 'helpgen.js');
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
const out = () => mkdtempSync(join(tmpdir(), 'helpgen-progress-'));
const quote = (args: string[]) => args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
const WIPE = '\r\x1b[2K';

/** Runs the command line on a pseudo-terminal; returns everything the terminal received. */
function onTerminal(args: string[]): string {
  const run = spawnSync('script', ['-q', '-e', '-c', quote([process.execPath, helpgen, ...args]), '/dev/null'], { encoding: 'utf8', env, timeout: HANG_MS });
  expect(run.status).toBe(0);
  return run.stdout;
}

describe('build progress', () => {
  it('on a terminal: one status line redrawn through each phase, counting pages, wiped before the summary', () => {
    const screen = onTerminal(['build', fixture('basic-site'), '--out', out()]);
    expect(screen).toContain(`${WIPE}Scanning content/…`);
    expect(screen).toContain(`${WIPE}Rendering markdown ░░░░░░░░░░░░░░░░░░░░ 0/4`);
    expect(screen).toContain(`${WIPE}Rendering markdown ████████████████████ 4/4`);
    expect(screen).toContain(`${WIPE}Writing HTML ████████████████████ 9/9`);
    expect(screen).toContain(`${WIPE}Finishing the search index…`);
    // The phases come in order, and the status line is gone when the summary is printed.
    const order = ['Scanning', 'Rendering markdown', 'Writing HTML', 'Finishing the search index', '✔ Built 9 pages'].map((text) => screen.indexOf(text));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's escape sequence is what is checked
    expect(screen).toMatch(/index…\r\x1b\[2K✔ Built 9 pages/);
  });

  it('without a terminal: one plain line per phase, no control characters', () => {
    const run = runCli(['build', fixture('basic-site'), '--out', out()]);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('Scanning content/…\nRendering markdown (4 pages)…\nWriting HTML (9 pages)…\nFinishing the search index…\n');
    expect(run.stdout).toMatch(/^✔ Built 9 pages in [\d.]+ s(?: \(\d+ unchanged, (?:copied from the build cache|left in \S+ as they were)\))? → .*\/support\/\n$/);
  });

  it('--quiet prints nothing when all is well, and still the problems when not', () => {
    const quiet = runCli(['build', fixture('basic-site'), '--out', out(), '--quiet']);
    expect(quiet).toMatchObject({ status: 0, stdout: '', stderr: '' });
    const onTerminalQuietly = onTerminal(['build', fixture('basic-site'), '--out', out(), '--quiet']);
    expect(onTerminalQuietly).toBe('');
    const failing = runCli(['build', fixture('broken-link-site'), '--out', out(), '--quiet']);
    expect(failing.status).toBe(1);
    expect(failing.stderr).toContain('error: broken link');
    expect(failing.stderr).not.toContain('Scanning');
  });

  it('helpgen dev shows the first build on a terminal before it says it is ready', async () => {
    const child = spawn('script', ['-q', '-e', '-c', quote([process.execPath, helpgen, 'dev', fixture('basic-site'), '--port', '0']), '/dev/null'], { env, detached: true, stdio: ['pipe', 'pipe', 'ignore'] });
    let screen = '';
    child.stdout.setEncoding('utf8');
    await new Promise<void>((ready, fail) => {
      child.stdout.on('data', (chunk: string) => {
        screen += chunk;
        if (screen.includes('helpgen dev ready')) ready();
      });
      child.on('exit', () => fail(new Error(`dev stopped early:\n${screen}`)));
    });
    process.kill(-child.pid!, 'SIGTERM');
    expect(screen).toContain(`${WIPE}Rendering markdown ████████████████████ 4/4`);
    expect(screen).toContain(`${WIPE}Rendering HTML ████████████████████ 9/9`);
    expect(screen).not.toContain('search index'); // dev builds it when a reader searches
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's escape sequence is what is checked
    expect(screen).toMatch(/9\/9\r\x1b\[2K✔ helpgen dev ready/);
  });
});
