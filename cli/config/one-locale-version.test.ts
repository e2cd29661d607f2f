// helpgen builds one language and one docs version: a config asking for more is refused at its
// key (file, line, column), with the fix, instead of failing later on a page's broken link.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, validateConfig } from './load.ts';
import { HelpgenError } from '../diagnostics/errors.ts';

const base = { title: 'T', product: { name: 'Ordo', slug: 'ordo' }, url: 'https://ordo.app' };

function rejection(raw: unknown): HelpgenError {
  try {
    validateConfig(raw, 'help.config.ts');
  } catch (error) {
    expect(error).toBeInstanceOf(HelpgenError);
    return error as HelpgenError;
  }
  throw new Error('expected the config to be rejected');
}

async function loadRejection(source: string): Promise<HelpgenError> {
  const dir = mkdtempSync(join(tmpdir(), 'helpgen-one-'));
  writeFileSync(join(dir, 'help.config.ts'), source);
  const error = await loadConfig(dir).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HelpgenError);
  return error as HelpgenError;
}

describe('one language', () => {
  it('refuses a second locale at i18n.locales, saying what to set', async () => {
    const error = await loadRejection("export default {\n  title: 'T',\n  i18n: {\n    defaultLocale: 'en',\n    locales: ['en', 'fr'],\n  },\n};\n");
    expect(error.message).toContain('i18n.locales: helpgen builds one language, and ["en","fr"] asks for "fr" too');
    expect(error.position).toEqual({ file: 'help.config.ts', line: 5, column: 5 });
    expect(error.hint).toBe("Set i18n.locales to ['en'] or remove it.");
  });

  it('refuses a list of locales that leaves out the language of the pages', () => {
    const error = rejection({ ...base, i18n: { defaultLocale: 'de', locales: ['en'] } });
    expect(error.message).toContain('i18n.locales: helpgen builds one language, defaultLocale "de", and ["en"] leaves it out');
    expect(error.hint).toBe("Set i18n.locales to ['de'] or remove it.");
    expect(rejection({ ...base, i18n: { locales: [] } }).message).toContain('i18n.locales: helpgen builds one language, defaultLocale "en", and [] leaves it out');
  });

  it('builds the one language defaultLocale names, with its language menu', () => {
    const config = validateConfig({ ...base, i18n: { defaultLocale: 'fr' }, navbar: { items: [{ type: 'localeDropdown' }] } }, 'help.config.ts');
    expect(config.i18n.locales).toEqual(['fr']);
    expect(config.navbar.items).toEqual([{ type: 'localeDropdown', position: 'left' }]);
    expect(validateConfig({ ...base, i18n: { defaultLocale: 'en', locales: ['en'] } }, 'x').i18n.locales).toEqual(['en']);
  });
});

describe('one docs version', () => {
  it('refuses a version other than "current" at its key, saying how to rename the one there is', async () => {
    const error = await loadRejection("export default {\n  title: 'T',\n  docs: {\n    versions: {\n      current: { label: 'Next' },\n      '2.0': { label: '2.0' },\n    },\n  },\n};\n");
    expect(error.message).toContain('docs.versions.2.0: helpgen builds one docs version, "current" (the pages in content/); there are no pages for version "2.0"');
    expect(error.position).toEqual({ file: 'help.config.ts', line: 6, column: 7 });
    expect(error.hint).toBe('Remove docs.versions["2.0"]; to rename the version readers see, set docs.versions.current.label.');
  });

  it('refuses a lastVersion other than "current", and versions without it', () => {
    const last = rejection({ ...base, docs: { lastVersion: '2.0' } });
    expect(last.message).toContain('docs.lastVersion: helpgen builds one docs version, "current", so the site cannot show "2.0"');
    expect(last.hint).toBe("Remove docs.lastVersion (or set it to 'current').");
    expect(rejection({ ...base, docs: { versions: {} } }).message).toContain('docs.versions: the one docs version helpgen builds is "current", and this list leaves it out');
  });

  it('keeps the one version with a label of the writer\'s choice, and its navbar items', () => {
    const config = validateConfig(
      { ...base, docs: { versions: { current: { label: 'Latest' } } }, navbar: { items: [{ type: 'docsVersionDropdown' }, { type: 'docsVersion', label: 'Docs' }] } },
      'help.config.ts',
    );
    expect(config.docs.versions).toEqual({ current: { label: 'Latest' } });
    expect(config.navbar.items.map((item) => item.type)).toEqual(['docsVersionDropdown', 'docsVersion']);
    expect(() => validateConfig({ ...base, docs: { versions: { current: { label: '' } } } }, 'x')).toThrow(/docs\.versions\.current\.label/);
  });
});
