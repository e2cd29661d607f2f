// Ops sync dist/ by content: the same input must give byte-identical output, on a busy machine
// as on an idle one, wherever the build is started from. Three cold builds of our own site run
// at once (on two cores, each with its highlight and search threads, that is load), each from
// another working folder, and every file of every output is compared byte for byte.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { repoRoot } from '../helpers/site.ts';
import { LONG_MS } from '../helpers/patience.ts';

const dir = mkdtempSync(join(tmpdir(), 'helpgen-det-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function buildFrom(cwd: string, out: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, 'bin', 'helpgen.js'), 'build', repoRoot, '--strict', '--no-cache', '--out', out], {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

function snapshot(out: string): Map<string, Buffer> {
  return new Map(fg.sync('**/*', { cwd: out, dot: true }).sort().map((file) => [file, readFileSync(join(out, file))]));
}

describe('deterministic output', () => {
  it('three cold builds of our site, run at once from three working folders, are byte-identical', async () => {
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(elsewhere);
    const cwds = [repoRoot, elsewhere, join(repoRoot, 'content')];
    const outs = cwds.map((_, i) => join(dir, `out-${i}`));
    const runs = await Promise.all(cwds.map((cwd, i) => buildFrom(cwd, outs[i]!)));
    for (const run of runs) expect(run.stderr).not.toMatch(/error/i);
    for (const run of runs) expect(run.code).toBe(0);
    const [first, ...others] = outs.map(snapshot);
    expect(first!.size).toBeGreaterThan(300);
    for (const other of others) {
      expect([...other.keys()]).toEqual([...first!.keys()]);
      const differing = [...first!].filter(([file, bytes]) => !bytes.equals(other.get(file)!)).map(([file]) => file);
      expect(differing).toEqual([]);
    }
  }, LONG_MS); // three builds of our whole site at once (patience.ts)
});
