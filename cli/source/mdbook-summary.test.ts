import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { scanContent } from './scan.ts';
import { buildSidebar, paginationFor } from './sidebar.ts';
import type { Diagnostic } from '../diagnostics/errors.ts';
import type { SidebarItem } from '../../shared/types.ts';

const siteDir = mkdtempSync(join(tmpdir(), 'helpgen-summary-'));
afterAll(() => rmSync(siteDir, { recursive: true, force: true }));

const files: Record<string, string> = {
  'SUMMARY.md': [
    '# My Book',
    '',
    '[Foreword](foreword.md)',
    '',
    '- [Getting started](ch01-00-start.md)',
    '  - [Installing](ch01-01-install.md)',
    '- [Draft chapter]()',
    '- [Gone](ch09-gone.md)',
    '',
    '# Reference',
    '',
    '- [All options](appendix/options.md)',
  ].join('\n'),
  'foreword.md': '# Foreword\n',
  'ch01-00-start.md': '# Start here\n',
  'ch01-01-install.md': '# Installation\n',
  'appendix/options.md': '# Options\n',
  'zz-unlisted.md': '# Unlisted\n',
};
for (const [path, text] of Object.entries(files)) {
  mkdirSync(dirname(join(siteDir, 'content', path)), { recursive: true });
  writeFileSync(join(siteDir, 'content', path), text);
}

const shape = (items: SidebarItem[]): unknown[] => items.map((item) => (item.type === 'doc' ? item.label : { [item.label]: shape(item.items), href: item.href ?? null }));

describe("mdBook's SUMMARY.md", () => {
  it('puts suffix chapters after a part back at the top level', async () => {
    const { parseSummary } = await import('./mdbook-summary.ts');
    const summary = ['# Summary', '- [One](one.md)', '# Reference', '- [CLI](cli.md)', '', '---', '', '[Contributors](contributors.md)'].join('\n');
    const entries = parseSummary(summary, 'SUMMARY.md', () => true, () => {});
    expect(entries.map((e) => [e.title, e.children.map((c) => c.title)])).toEqual([
      ['One', []],
      ['Reference', ['CLI']],
      ['Contributors', []],
    ]);
  });

  it('gives the sidebar its order, nesting and labels, and is no page itself', async () => {
    const diagnostics: Diagnostic[] = [];
    const source = await scanContent({ siteDir, baseUrl: '/book/', exclude: [], report: (d) => diagnostics.push(d) });
    expect(source.docs.map((d) => d.relPath)).not.toContain('SUMMARY.md');
    const sidebar = buildSidebar(source, '/book/');
    expect(shape(sidebar.items)).toEqual([
      'Foreword',
      { 'Getting started': ['Installing'], href: '/book/ch01-00-start' },
      { Reference: ['All options'], href: null },
      // Pages the summary leaves out keep their folder-tree place, after it.
      'Unlisted',
    ]);
    expect(paginationFor(sidebar, '/book/ch01-01-install').next?.href).toBe('/book/appendix/options');
    expect(diagnostics.filter((d) => d.code === 'summary-missing-page').map((d) => [d.message, d.position?.line])).toEqual([
      ['SUMMARY.md lists "ch09-gone.md", which is not a page in content/', 8],
    ]);
  });
});
