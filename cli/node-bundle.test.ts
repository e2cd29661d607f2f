import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleCacheFile, cachedBundleForNode } from './node-bundle.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) {
    rmSync(bundleCacheFile(join(dir, 'entry.ts')), { force: true });
    rmSync(dir, { recursive: true, force: true });
  }
});

function site() {
  const dir = mkdtempSync(join(tmpdir(), 'helpgen-bundle-'));
  made.push(dir);
  writeFileSync(join(dir, 'entry.ts'), "import { label } from './label.ts';\nexport default { label };\n");
  writeFileSync(join(dir, 'label.ts'), "export const label: string = 'first';\n");
  return dir;
}

describe('cachedBundleForNode', () => {
  it('lists every local input, and compiles again when an imported file changes', async () => {
    const dir = site();
    const first = await cachedBundleForNode(join(dir, 'entry.ts'));
    expect(first.code).toContain('"first"');
    expect(first.inputs.sort()).toEqual([join(dir, 'entry.ts'), join(dir, 'label.ts')]);
    writeFileSync(join(dir, 'label.ts'), "export const label: string = 'second';\n");
    expect((await cachedBundleForNode(join(dir, 'entry.ts'))).code).toContain('"second"');
  });

  it('serves an unchanged entry from the cache', async () => {
    const dir = site();
    await cachedBundleForNode(join(dir, 'entry.ts'));
    const entry = bundleCacheFile(join(dir, 'entry.ts'));
    // Mark the cached code: getting the mark back proves nothing was compiled.
    const cached = JSON.parse(readFileSync(entry, 'utf8')) as { code: string };
    writeFileSync(entry, JSON.stringify({ ...cached, code: `${cached.code}\n// from the cache` }));
    expect((await cachedBundleForNode(join(dir, 'entry.ts'))).code).toContain('// from the cache');
  });

  it('compiles again when the cache entry is damaged', async () => {
    const dir = site();
    await cachedBundleForNode(join(dir, 'entry.ts'));
    writeFileSync(bundleCacheFile(join(dir, 'entry.ts')), '{ not json');
    expect((await cachedBundleForNode(join(dir, 'entry.ts'))).code).toContain('"first"');
  });
});
