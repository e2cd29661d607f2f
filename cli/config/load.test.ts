import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, validateConfig } from './load.ts';
import { HelpgenError } from '../diagnostics/errors.ts';

const base = { title: 'T', product: { name: 'Ordo', slug: 'ordo' }, url: 'https://ordo.app' };

function errorOf(raw: unknown): string {
  try {
    validateConfig(raw, 'help.config.ts');
  } catch (error) {
    expect(error).toBeInstanceOf(HelpgenError);
    return (error as Error).message;
  }
  throw new Error('expected the config to be rejected');
}

describe('config validation', () => {
  it('fills in the spec defaults', () => {
    const config = validateConfig(base, 'x');
    expect(config.baseUrl).toBe('/support/');
    expect(config.colorMode.defaultMode).toBe('light');
    expect(config.toc).toEqual({ minHeadingLevel: 2, maxHeadingLevel: 3 });
    expect(config.docs.versions).toEqual({ current: { label: 'Next' } });
    expect(config.docs.sidebar).toEqual({ hideable: false, autoCollapseCategories: false, home: true });
    expect(config.i18n.locales).toEqual(['en']);
    expect(config.search.provider).toBe('local');
    expect(config.search.maxResultsPerGroup).toBe(5);
    expect([config.onBrokenLinks, config.onBrokenMarkdownLinks, config.onBrokenAnchors]).toEqual(['throw', 'warn', 'warn']);
  });

  it("gives a script's launcher the chat colours, and wants a label", () => {
    const config = validateConfig({ ...base, scripts: [{ src: '/support/chat/widget.js', launcher: { label: 'Contact support' } }, { src: '/support/other.js' }] }, 'x');
    expect(config.scripts).toEqual([
      { src: '/support/chat/widget.js', async: true, launcher: { label: 'Contact support', backgroundColor: '#1f4fb8', textColor: '#ffffff' } },
      { src: '/support/other.js', async: true },
    ]);
    expect(errorOf({ ...base, scripts: [{ src: '/support/chat/widget.js', launcher: { label: '' } }] })).toContain('scripts[0].launcher.label');
    expect(errorOf({ ...base, scripts: [{ src: '/support/chat/widget.js', launcher: { text: 'Chat' } }] })).toContain('scripts[0].launcher: Unrecognized key: "text"');
  });

  it('infers link and dropdown navbar items without a type', () => {
    const config = validateConfig({ ...base, navbar: { items: [{ label: 'A', to: '/a' }, { label: 'More', items: [{ label: 'B', href: 'https://b.test' }] }] } }, 'x');
    expect(config.navbar.items.map((i) => i.type)).toEqual(['default', 'dropdown']);
  });

  it('names an unknown navbar item type with the spec message and the item', () => {
    const message = errorOf({ ...base, navbar: { items: [{ type: 'search' }, { type: 'search' }, { type: 'html', value: '' }, { type: 'sidebar-link', label: 'x' }] } });
    expect(message).toBe(
      'navbar.items[3].type: No NavbarItem component found for type "sidebar-link"; expected one of default, dropdown, localeDropdown, search, html, doc, docSidebar, docsVersion, docsVersionDropdown',
    );
  });

  it('lists the valid keys for an unknown key', () => {
    const message = errorOf({ ...base, colorMode: { defaultMode: 'light', darkByDefault: true } });
    expect(message).toContain('colorMode: Unrecognized key: "darkByDefault"; valid keys here are: defaultMode, disableSwitch, respectPrefersColorScheme');
  });

  it('suggests the nearest valid key for a typo, or where a key belongs', () => {
    expect(errorOf({ ...base, titel: 'x' })).toContain('(root): Unrecognized key: "titel" (did you mean `title`?); valid keys here are: title, tagline');
    expect(errorOf({ ...base, baseURL: '/help/' })).toContain('did you mean `baseUrl`?');
    expect(errorOf({ ...base, colorMode: { defaultmode: 'dark' } })).toContain('colorMode: Unrecognized key: "defaultmode" (did you mean `defaultMode`?)');
    expect(errorOf({ ...base, toc: { maxHeadingLvl: 4 } })).toContain('did you mean `maxHeadingLevel`?');
    expect(errorOf({ ...base, defaultMode: 'dark' })).toContain('(did you mean `colorMode.defaultMode`? It belongs under colorMode)');
    expect(errorOf({ ...base, themeConfig: {} })).toContain('at the top level of the config');
    // Nothing close: no guess, only the list.
    expect(errorOf({ ...base, zzzzzz: 1 })).not.toContain('did you mean');
  });
});

describe('config validation: a whole config', () => {
  it('points at the line of a mistyped key in the config file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpgen-typo-'));
    writeFileSync(join(dir, 'help.config.ts'), "export default {\n  title: 'T',\n  onBrokenLink: 'warn',\n};\n");
    const error = await loadConfig(dir).then(
      () => undefined,
      (e: unknown) => e as HelpgenError,
    );
    expect(error!.message).toContain('Unrecognized key: "onBrokenLink" (did you mean `onBrokenLinks`?)');
    expect(error!.position).toEqual({ file: 'help.config.ts', line: 3, column: 3 });
  });

  it('accepts a config that sets one key: everything else has a default, the title comes from the folder', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'helpgen-')), 'acme-support');
    mkdirSync(dir);
    const none = (await loadConfig(dir)).config;
    writeFileSync(join(dir, 'help.config.ts'), "export default { onBrokenLinks: 'warn' };\n");
    const { config, file } = await loadConfig(dir);
    expect(file).toBe(join(dir, 'help.config.ts'));
    // Only url differs: a folder without a config previews at localhost, a config without url warns when built.
    expect(none.url).toBe('http://localhost');
    expect(config).toEqual({ ...none, url: undefined, onBrokenLinks: 'warn' });
    expect(config.title).toBe('Acme Support');
    expect(config.navbar.items).toEqual([{ type: 'search', position: 'right' }]);
    // A product name alone gives its slug; a title alone leaves the product to the folder name.
    writeFileSync(join(dir, 'help.config.ts'), "export default { title: 'Docs', product: { name: 'Zap Cloud' } };\n");
    expect((await loadConfig(dir)).config).toMatchObject({ title: 'Docs', product: { name: 'Zap Cloud', slug: 'zap-cloud' } });
  });

  it('refuses page files that cannot serve the addresses trailingSlash gives', () => {
    expect(errorOf({ ...base, trailingSlash: true, pageFiles: 'html' })).toMatch(/pageFiles "html" cannot serve the addresses trailingSlash: true gives/);
    expect(validateConfig({ ...base, trailingSlash: false, pageFiles: 'folder' }, 'help.config.ts').pageFiles).toBe('folder');
    expect(errorOf({ ...base, pageFiles: 'flat' })).toMatch(/pageFiles/);
  });

  it('says what was expected and what was found', () => {
    const message = errorOf({ ...base, toc: { minHeadingLevel: 'two' } });
    expect(message).toContain('toc.minHeadingLevel: Invalid input: expected number, received string');
    expect(errorOf({ ...base, colorMode: { defaultMode: 'sepia' } })).toContain('colorMode.defaultMode: Invalid option: expected one of "light"|"dark"');
    expect(errorOf({ product: { name: 'x', slug: 'x' }, url: 'https://x.test' })).toContain('title: required, expected string');
    expect(errorOf({ ...base, baseUrl: 'support' })).toContain('baseUrl: a path that starts and ends with "/"');
  });
});

describe('loading help.config.ts', () => {
  it('without help.config.ts takes the title from the folder name', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'helpgen-')), 'acme-support');
    mkdirSync(dir);
    const { config, file } = await loadConfig(dir);
    expect(file).toBeUndefined();
    expect(config.title).toBe('Acme Support');
    expect(config.product).toEqual({ name: 'Acme Support', slug: 'acme-support' });
  });

  it('loads the project help.config.ts', async () => {
    const { config } = await loadConfig(join(import.meta.dirname, '..', '..'));
    expect(config.title).toBe('Ordo Help Center');
    expect(config.product).toEqual({ name: 'Ordo', slug: 'ordo' });
    const rightLinks = config.navbar.items.filter((i) => i.type === 'default' && i.position === 'right');
    expect(rightLinks.map((i) => (i as { href?: string }).href)).toEqual(['mailto:support@ordo.app', 'https://community.ordo.app', 'https://app.ordo.app']);
  });

  it('loads the project config copied into another site folder (it imports "helpgen/config")', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpgen-copy-'));
    copyFileSync(join(import.meta.dirname, '..', '..', 'help.config.ts'), join(dir, 'help.config.ts'));
    const { config } = await loadConfig(dir);
    expect(config.title).toBe('Ordo Help Center');
  });

  it('points at the import, with the way to get defineConfig, when an import does not resolve', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpgen-import-'));
    writeFileSync(join(dir, 'help.config.ts'), "// A site config\nimport { defineConfig } from './cli/config/define.ts';\nexport default defineConfig({ title: 'T' });\n");
    const error = await loadConfig(dir).then(
      () => undefined,
      (e: unknown) => e as HelpgenError,
    );
    expect(error).toBeInstanceOf(HelpgenError);
    expect(error!.message).toBe('Could not resolve "./cli/config/define.ts"');
    expect(error!.position).toMatchObject({ line: 2, column: 30 });
    expect(error!.hint).toBe('Check the import path. defineConfig comes from "helpgen/config", wherever the site folder is.');
  });
});
