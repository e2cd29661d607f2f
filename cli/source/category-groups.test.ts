import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics/errors.ts';
import { checkGroupValues, groupCards, groupValue } from './category-groups.ts';
import type { SourceCategory, SourceDoc } from './scan.ts';

const doc = (relPath: string, frontMatter: Record<string, unknown>, source = ''): SourceDoc =>
  ({ relPath, displayPath: `content/${relPath}`, dir: relPath.split('/').slice(0, -1).join('/'), frontMatter, source }) as SourceDoc;

describe('groupCards', () => {
  const cards = ['chisel', 'hammer', 'level', 'saw', 'tape'];
  const kinds: Record<string, string | undefined> = { chisel: 'Cutting', hammer: 'Fastening', saw: 'Cutting', tape: 'Measuring' };

  it('puts groups in the configured order, other values after them, and pages without a value last under Other', () => {
    const groups = groupCards(cards, (card) => kinds[card], ['Fastening', 'Cutting']);
    expect(groups.map((g) => [g.label, g.id, g.cards])).toEqual([
      ['Fastening', 'fastening', ['hammer']],
      ['Cutting', 'cutting', ['chisel', 'saw']],
      ['Measuring', 'measuring', ['tape']],
      ['Other', 'other', ['level']],
    ]);
  });

  it('orders groups by first appearance without a configured order, and leaves out empty groups', () => {
    expect(groupCards(cards, (card) => kinds[card], []).map((g) => g.label)).toEqual(['Cutting', 'Fastening', 'Measuring', 'Other']);
    expect(groupCards(['saw'], (card) => kinds[card], ['Fastening', 'Cutting']).map((g) => g.label)).toEqual(['Cutting']);
  });

  it('gives each group a unique anchor', () => {
    expect(groupCards(['a', 'b'], (card) => (card === 'a' ? 'Date & time' : 'Date time'), []).map((g) => g.id)).toEqual(['date--time', 'date-time']);
  });
});

describe('groupValue', () => {
  it('reads text and numbers, and treats anything else as no value', () => {
    expect(groupValue(doc('a.md', { kind: ' Cutting ' }), 'kind')).toBe('Cutting');
    expect(groupValue(doc('a.md', { kind: 2026 }), 'kind')).toBe('2026');
    expect(groupValue(doc('a.md', { kind: ['x'] }), 'kind')).toBeUndefined();
    expect(groupValue(doc('a.md', { kind: '' }), 'kind')).toBeUndefined();
    expect(groupValue(undefined, 'kind')).toBeUndefined();
  });
});

describe('checkGroupValues', () => {
  const categories = new Map<string, SourceCategory>([
    ['tools', { dir: 'tools', label: 'Tools', description: '', collapsed: false, displayPath: 'content/tools/_category_.json', groupBy: { field: 'kind', order: ['Cutting', 'Fastening'] } }],
  ]);

  it('warns at the field of a page whose group is not listed, naming the groups to choose from', () => {
    const diagnostics: Diagnostic[] = [];
    const source = '---\ntitle: Hammer\nkind: Fastners\n---\n\nText.\n';
    checkGroupValues([doc('tools/hammer.md', { kind: 'Fastners' }, source), doc('tools/saw.md', { kind: 'Cutting' }), doc('tools/level.md', {})], categories, (d) => diagnostics.push(d));
    expect(diagnostics).toEqual([
      {
        severity: 'warning',
        code: 'unknown-group',
        message: 'kind "Fastners" is not one of the groups of its category page',
        position: { file: 'content/tools/hammer.md', line: 3, column: 1 },
        hint: 'Use one of "Cutting", "Fastening", or add "Fastners" to "groups" in content/tools/_category_.json.',
      },
    ]);
  });

  it('accepts any value when the category lists no groups', () => {
    const diagnostics: Diagnostic[] = [];
    const open = new Map([['tools', { ...categories.get('tools')!, groupBy: { field: 'kind', order: [] } }]]);
    checkGroupValues([doc('tools/hammer.md', { kind: 'Anything' })], open, (d) => diagnostics.push(d));
    expect(diagnostics).toEqual([]);
  });
});
