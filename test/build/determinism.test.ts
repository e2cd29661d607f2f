// Ops sync dist/ by content: the same input must give byte-identical output.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { build } from '../../cli/build/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { fixture } from '../helpers/site.ts';

async function snapshot(dir: string): Promise<Map<string, string>> {
  const files = (await fg('**/*', { cwd: dir, dot: true })).sort();
  return new Map(files.map((f) => [f, readFileSync(join(dir, f)).toString('base64')]));
}

describe('deterministic output', () => {
  it('two builds of the same site are byte-identical', async () => {
    const outs = [0, 1].map(() => join(mkdtempSync(join(tmpdir(), 'helpgen-det-')), 'dist'));
    for (const outDir of outs) await build({ siteDir: fixture('basic-site'), outDir, reporter: new Reporter(() => {}) });
    const [a, b] = await Promise.all(outs.map(snapshot));
    expect([...a!.keys()]).toEqual([...b!.keys()]);
    expect(a!.size).toBeGreaterThan(10);
    for (const [file, contents] of a!) expect(b!.get(file), file).toBe(contents);
  });
});
