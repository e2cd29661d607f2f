import { describe, expect, it } from 'vitest';
import { addGeneratedIndexes } from './generated-index.ts';
import type { SourceCategory, SourceDoc } from './scan.ts';

const category = (dir: string, extra: Partial<SourceCategory> = {}): SourceCategory => ({ dir, label: dir, description: '', collapsed: false, ...extra });
const doc = (route: string) => ({ route }) as SourceDoc;

describe('generated category index pages', () => {
  it('gives each category without a link an index page named after its folder path', () => {
    const categories = new Map([['guides', category('guides')], ['user-docs/templates/cell types', category('user-docs/templates/cell types')]]);
    addGeneratedIndexes([], categories, { baseUrl: '/support/' });
    expect(categories.get('guides')!.indexRoute).toBe('/support/category/guides');
    expect(categories.get('user-docs/templates/cell types')!.indexRoute).toBe('/support/category/user-docs-templates-cell-types');
  });

  it('leaves categories with a link, or "link": null, as they are', () => {
    const categories = new Map([
      ['a', category('a', { indexRoute: '/support/category/own' })],
      ['b', category('b', { linkDocId: 'b/overview' })],
      ['c', category('c', { noLink: true })],
    ]);
    addGeneratedIndexes([], categories, { baseUrl: '/support/' });
    expect([...categories.values()].map((c) => c.indexRoute)).toEqual(['/support/category/own', undefined, undefined]);
  });

  it('never takes a route a page or another category has, in any case, and follows trailingSlash', () => {
    const categories = new Map([
      ['apps', category('apps', { indexRoute: '/support/category/apps/' })],
      ['Guides', category('Guides')],
      ['guides', category('guides')],
      ['x/apps', category('x/apps')],
    ]);
    addGeneratedIndexes([doc('/support/category/x-apps')], categories, { baseUrl: '/support/', trailingSlash: true });
    expect(categories.get('Guides')!.indexRoute).toBe('/support/category/guides/');
    expect(categories.get('guides')!.indexRoute).toBe('/support/category/guides-2/');
    expect(categories.get('x/apps')!.indexRoute).toBe('/support/category/x-apps-2/');
  });
});
