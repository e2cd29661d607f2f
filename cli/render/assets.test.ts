// The client bundle is the same bytes whatever folder a build is started from: esbuild names
// chunks by hashes over module paths, which it takes relative to its working folder. Each
// compile runs in a process of its own (esbuild reads the working folder once, when it loads).
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import fg from 'fast-glob';
import { bundleForNode } from '../node-bundle.ts';
import { helpgenRoot } from '../paths.ts';

const dir = mkdtempSync(join(tmpdir(), 'helpgen-assets-'));
// Inside helpgen's own folder, so the compiled module finds its installation as the CLI does.
const moduleDir = join(helpgenRoot, 'node_modules', '.cache', 'helpgen', `test-assets-${randomBytes(4).toString('hex')}`);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(moduleDir, { recursive: true, force: true });
});

function compileFrom(cwd: string, name: string, module: string): Record<string, string> {
  const out = join(dir, name);
  const script = `const { compileAssets } = await import(${JSON.stringify(pathToFileURL(module).href)}); await compileAssets(${JSON.stringify(out)}, ${JSON.stringify(join(out, 'manifest.json'))});`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd, stdio: 'inherit' });
  return Object.fromEntries(fg.sync('**', { cwd: out }).sort().map((file) => [file, readFileSync(join(out, file), 'base64')]));
}

describe('compileAssets', () => {
  it('gives byte-identical files, with the same names, from two working folders', async () => {
    mkdirSync(moduleDir, { recursive: true });
    const module = join(moduleDir, 'assets.mjs');
    writeFileSync(module, (await bundleForNode(join(helpgenRoot, 'cli', 'render', 'assets.ts'))).code);
    const elsewhere = join(dir, 'some', 'deeper', 'folder');
    mkdirSync(elsewhere, { recursive: true });
    const a = compileFrom(helpgenRoot, 'a', module);
    const b = compileFrom(elsewhere, 'b', module);
    expect(Object.keys(a).filter((f) => f.endsWith('.js')).length).toBeGreaterThan(2);
    expect(b).toEqual(a);
  });
});
