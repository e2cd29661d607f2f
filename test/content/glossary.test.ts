// The glossary page and STYLE.md's glossary agree (issue 37 item 10): every term STYLE.md tells
// writers to use has one entry on the page readers see, each entry is a heading of its own (so
// pages can link to `glossary.md#term`) and sends the reader on to the page that explains it.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../helpers/site.ts';

const contentDir = join(repoRoot, 'content');
const style = readFileSync(join(contentDir, 'STYLE.md'), 'utf8');
const glossary = readFileSync(join(contentDir, 'user-docs/concepts/glossary.md'), 'utf8');

/** The terms of STYLE.md's "Glossary (use exactly these words)" table. */
const styleTerms = (style.split(/^## /m).find((s) => s.startsWith('Glossary')) ?? '')
  .split('\n')
  .filter((line) => line.startsWith('| ') && !line.startsWith('| Term'))
  .map((line) => line.split(' | ')[0]!.slice(2).trim());

/** The glossary page's entries: heading → the text under it. */
const entries = new Map(
  glossary
    .split(/^## /m)
    .slice(1)
    .map((part) => [part.split('\n')[0]!.trim(), part.slice(part.indexOf('\n') + 1)] as const)
    .filter(([heading]) => heading !== 'Related pages'),
);

describe('the glossary page', () => {
  it('has an entry for every term of STYLE.md', () => {
    expect(styleTerms.length).toBeGreaterThanOrEqual(25);
    const headings = [...entries.keys()].map((h) => h.toLowerCase());
    expect(styleTerms.filter((term) => !headings.includes(term.toLowerCase()))).toEqual([]);
  });

  it('lists its entries in alphabetical order, once each', () => {
    const headings = [...entries.keys()];
    expect(headings).toEqual([...new Set(headings)].sort((a, b) => a.localeCompare(b)));
  });

  it.each([...entries])('%s links to the page that explains it', (_term, text) => {
    expect(text).toMatch(/\]\([^)]+\)/);
  });
});
