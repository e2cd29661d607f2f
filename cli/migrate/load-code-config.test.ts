import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isStub, loadCodeConfig } from './load-code-config.ts';

function configFile(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'helpgen-code-config-'));
  writeFileSync(join(dir, name), text);
  return join(dir, name);
}

describe('loadCodeConfig', () => {
  it('runs a TS config whose package imports are not installed, named imports included', async () => {
    const path = configFile(
      'docusaurus.config.ts',
      "import type { Config } from '@docusaurus/types';\nimport { themes } from 'prism-react-renderer';\nimport path from 'node:path';\n" +
        "const config: Config = { title: 'T', sidebar: require.resolve('./sidebars.js'), base: path.basename('/a/b'), theme: themes.github, plugins: [require('some-plugin')] };\nexport default config;\n",
    );
    const { value, stubbed } = await loadCodeConfig(path);
    const config = value as Record<string, unknown>;
    expect(config.title).toBe('T');
    expect(config.sidebar).toBe(join(path, '..', 'sidebars.js'));
    expect(config.base).toBe('b');
    expect(isStub(config.theme)).toBe(true);
    expect(isStub((config.plugins as unknown[])[0])).toBe(true);
    expect(stubbed).toEqual(['prism-react-renderer', 'some-plugin']);
  });

  it('awaits a config written as an async function (module.exports style)', async () => {
    const path = configFile('docusaurus.config.js', "module.exports = async function () { return { title: 'From a function' }; };\n");
    expect(((await loadCodeConfig(path)).value as { title: string }).title).toBe('From a function');
  });

  it('throws esbuild\'s error, with its location, for a config that does not parse', async () => {
    const path = configFile('sidebars.js', 'module.exports = { docs: [ };\n');
    await expect(loadCodeConfig(path)).rejects.toMatchObject({ errors: [{ location: { line: 1 } }] });
  });
});
