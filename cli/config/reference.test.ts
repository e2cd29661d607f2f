// docs/config.md is written from the schema (`npm run docs`); this fails when a key has no
// description or the file is stale. docs/markdown.md is written by hand; this fails when it
// leaves out a front matter key or an admonition kind the pipeline knows.
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configKeys, configReference } from './reference.ts';
import { frontMatterSchema } from '../source/frontmatter.ts';
import { ADMONITION_TYPES } from '../markdown/plugins/remark-admonitions.ts';

const docs = join(import.meta.dirname, '..', '..', 'docs');

describe('the configuration reference', () => {
  it('describes every key of the schema', () => {
    const keys = configKeys();
    expect(keys.length).toBeGreaterThan(80);
    expect(keys.filter((key) => !key.description?.trim()).map((key) => key.path)).toEqual([]);
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
