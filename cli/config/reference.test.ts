// docs/config.md is written from the schema (`npm run docs`); this fails when a key has no
// description or the file is stale. docs/markdown.md is written by hand; this fails when it
// leaves out a front matter key or an admonition kind the pipeline knows.
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configKeys, configReference } from './reference.ts';
import { KEY_EXAMPLES } from './examples.ts';
import { validateConfig } from './load.ts';
import { frontMatterSchema } from '../source/frontmatter.ts';
import { ADMONITION_TYPES } from '../markdown/plugins/remark-admonitions.ts';

const docs = join(import.meta.dirname, '..', '..', 'docs');

describe('the configuration reference', () => {
  it('describes every key of the schema', () => {
    const keys = configKeys();
    expect(keys.length).toBeGreaterThan(80);
    expect(keys.filter((key) => !key.description?.trim()).map((key) => key.path)).toEqual([]);
  });

  it('shows an example of each key writers change most, one the schema accepts', () => {
    const keys = configKeys().map((key) => key.path);
    expect(Object.keys(KEY_EXAMPLES).sort()).toEqual(['announcementBar', 'editUrl', 'footer.links', 'navbar.items', 'redirects', 'search.algolia']);
    for (const [path, example] of Object.entries(KEY_EXAMPLES)) {
      expect(keys, path).toContain(path);
      expect(() => validateConfig(example.config, `the example of ${path}`, { siteDir: 'acme-help' })).not.toThrow();
    }
    const reference = configReference();
    expect(reference).toContain("## `editUrl`\n\nstring\n\nShows an \"Edit this page\" link under every page");
    expect(reference).toContain("```ts title=\"help.config.ts\"\nimport { defineConfig } from 'helpgen/config';\n\nexport default defineConfig({\n  editUrl: 'https://github.com/acme/help/edit/main/content/',\n});\n```");
  });

  it('docs/config.md is the reference made from the schema as it is now (npm run docs rewrites it)', () => {
    const file = join(docs, 'config.md');
    if (process.env.HELPGEN_WRITE_DOCS) writeFileSync(file, configReference());
    expect(readFileSync(file, 'utf8'), 'docs/config.md is out of date: run npm run docs').toBe(configReference());
  });
});

describe('the markdown reference', () => {
  const text = readFileSync(join(docs, 'markdown.md'), 'utf8');
  it('names every front matter key and every admonition kind', () => {
    for (const key of Object.keys(frontMatterSchema.shape)) expect(text, `front matter key ${key}`).toContain(`\`${key}\``);
    for (const kind of ADMONITION_TYPES) expect(text, `admonition :::${kind}`).toContain(`:::${kind}`);
  });
});
