// Content quality gates for the Ordo help centre (issue 3): every spec page exists and has a
// description and links; function pages have every section and enough examples; glossary
// terms are spelled one way; no filler.
import { describe, expect, it } from 'vitest';
import { readFileSync, existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import fg from 'fast-glob';
import { load, CORE_SCHEMA } from 'js-yaml';
import { fixture, repoRoot } from '../helpers/site.ts';

const contentDir = join(repoRoot, 'content');
const pages = fg.sync('**/*.md', { cwd: contentDir, ignore: ['STYLE.md'] }).sort();
const read = (rel: string) => readFileSync(join(contentDir, rel), 'utf8');

interface Page {
  rel: string;
  data: Record<string, unknown>;
  body: string;
}
const parsed: Page[] = pages.map((rel) => {
  const text = read(rel);
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  return { rel, data: match ? (load(match[1]!, { schema: CORE_SCHEMA }) as Record<string, unknown>) : {}, body: match ? text.slice(match[0].length) : text };
});

/** Spec route → file under content/ (category pages and the search page are generated). */
function fileForRoute(route: string): string | undefined {
  const path = route.replace(/^\/support\//, '');
  if (path === '') return 'intro.md';
  if (path === 'search' || path.startsWith('category/')) return undefined;
  if (path.endsWith('/')) return `${path}index.md`;
  return `${path}.md`;
}

const specRoutes = readFileSync(fixture('spec-routes.txt'), 'utf8').split('\n').filter((l) => l.startsWith('/'));

describe('every page of the spec', () => {
  it.each(specRoutes.map((r) => [r, fileForRoute(r)]).filter(([, f]) => f) as [string, string][])('%s has its file (%s)', (_route, file) => {
    expect(existsSync(join(contentDir, file))).toBe(true);
  });

  it('has no page outside the spec', () => {
    const expected = new Set(specRoutes.map(fileForRoute).filter(Boolean));
    expect(pages.filter((p) => !expected.has(p))).toEqual([]);
  });
});

describe.each(parsed.map((p) => [p.rel, p] as const))('%s', (_rel, page) => {
  it('has a title and a 40–200 character description', () => {
    expect(typeof page.data.title).toBe('string');
    expect(typeof page.data.description).toBe('string');
    const length = (page.data.description as string).length;
    expect(length).toBeGreaterThanOrEqual(40);
    expect(length).toBeLessThanOrEqual(200);
  });

  it('links to at least two other pages', () => {
    const targets = new Set([...page.body.matchAll(/\]\(([^)#\s]+\.md)(?:#[^)]*)?\)/g)].map((m) => posix.normalize(posix.join(posix.dirname(page.rel), decodeURI(m[1]!)))));
    targets.delete(page.rel);
    expect(targets.size).toBeGreaterThanOrEqual(2);
  });

  it('has no filler and uses the glossary spelling', () => {
    const prose = page.body.replace(/```[\s\S]*?```/g, '').replace(/`[^`]*`/g, '');
    expect(prose).not.toMatch(/lorem ipsum|\bTODO\b|\bTBD\b|coming soon|placeholder text/i);
    for (const [pattern, right] of FORBIDDEN) {
      const hit = pattern.exec(prose);
      expect(hit?.[0], `write "${right}"`).toBeUndefined();
    }
  });
});

/** Variants STYLE.md forbids, with the spelling to use instead. */
const FORBIDDEN: [RegExp, string][] = [
  [/\bwork ?spaces?\b/i, 'team'],
  [/\bdata base\b/i, 'database'],
  [/(?<!\*\*)\btemplate designer\b/, 'Template Designer'],
  [/\bdropdown cells?\b/i, 'Select cell'],
  [/\brich text cells?\b/i, 'Richtext cell'],
  [/\be-mail\b/i, 'email'],
  [/\ba log in\b|\bthe log in\b/i, 'sign-in'],
  [/\badmin panel\b/i, 'Settings'],
  [/\bdatabase fields?\b|\btemplate fields?\b|\bform fields?\b/i, 'cell'],
  // American English (issue 22): the British spellings writers reach for most.
  [/\b(?:centres?|colours?|behaviours?|favourites?|cancell(?:ed|ing)|labell(?:ed|ing)|modell(?:ed|ing)|licences?|catalogues?|organis(?:e|ed|es|ing|ation)|recognis(?:e|ed|es)|customis(?:e|ed|es|ing))\b/i, 'the American spelling'],
];

const functionPages = parsed.filter((p) => p.rel.startsWith('user-docs/templates/formulas/functions/'));

/** The formulas overview's "Functions by category": heading → the function pages it lists. */
function overviewCategories(): Map<string, string[]> {
  const overview = read('user-docs/templates/formulas/index.md');
  const section = overview.slice(overview.indexOf('## Functions by category'), overview.indexOf('\n## ', overview.indexOf('## Functions by category') + 3));
  return new Map(section.split(/^### /m).slice(1).map((part) => [part.split('\n')[0]!.trim(), [...part.matchAll(/\(functions\/([a-z]+)\.md\)/g)].map((m) => m[1]!)]));
}

describe('function pages', () => {
  it('cover every function of the spec', () => {
    expect(functionPages.length).toBe(77);
  });

  it('are grouped on the Functions category page by the categories of the formulas overview', () => {
    const categories = overviewCategories();
    const config = JSON.parse(read('user-docs/templates/formulas/functions/_category_.json')) as { link: { groupBy: string; groups: string[] } };
    expect(config.link.groupBy).toBe('category');
    expect(config.link.groups).toEqual([...categories.keys()]);
    const pageCategory = Object.fromEntries(functionPages.map((p) => [posix.basename(p.rel, '.md'), p.data.category]));
    const overviewCategory = Object.fromEntries([...categories].flatMap(([category, names]) => names.map((name) => [name, category])));
    expect(pageCategory).toEqual(overviewCategory);
  });

  it.each(functionPages.map((p) => [p.rel, p] as const))('%s has every section in order and 3+ examples', (_rel, page) => {
    const headings = [...page.body.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());
    const required = ['Syntax', 'Arguments', 'Returns', 'Examples', 'Notes', 'Related functions'];
    expect(headings.filter((h) => required.includes(h))).toEqual(required);
    const section = (name: string) => page.body.split(/^## /m).find((s) => s.startsWith(name + '\n')) ?? '';
    expect(section('Syntax')).toMatch(/```[\s\S]*\(/);
    const exampleRows = section('Examples')
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .slice(2); // header and separator
    expect(exampleRows.length).toBeGreaterThanOrEqual(3);
    const name = String(page.data.title);
    expect(page.rel).toBe(`user-docs/templates/formulas/functions/${name.toLowerCase()}.md`);
  });
});
