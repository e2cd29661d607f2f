// A generated category page can group its cards by a front matter field of its pages, as the
// Functions page groups functions by `category: Math`. A writer turns it on in _category_.json:
//   "link": { "type": "generated-index", "groupBy": "category", "groups": ["Math", "Text"] }
// `groups` orders the groups; values it doesn't list follow in the order they first appear, and
// pages without the field come last, under "Other". Cards keep their sidebar order in a group.
import GithubSlugger from 'github-slugger';
import { lineAndColumn, type Diagnostic } from '../diagnostics/errors.ts';
import type { SourceCategory, SourceDoc } from './source-types.ts';

export interface CardGroup<Card> {
  label: string;
  /** Anchor of the group's heading, so a page can link to one group. */
  id: string;
  cards: Card[];
}

/** The label of the group for pages without a value. */
export const OTHER_GROUP = 'Other';

/** A page's value for the grouping field: text or a number; anything else counts as no value. */
export function groupValue(doc: SourceDoc | undefined, field: string): string | undefined {
  const value = (doc?.frontMatter as Record<string, unknown> | undefined)?.[field];
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** Sorts cards into groups in the configured order; empty groups are left out. */
export function groupCards<Card>(cards: Card[], valueOf: (card: Card) => string | undefined, order: string[]): CardGroup<Card>[] {
  const byLabel = new Map<string, Card[]>(order.map((label) => [label, []]));
  const other: Card[] = [];
  for (const card of cards) {
    const value = valueOf(card);
    if (value === undefined) other.push(card);
    else byLabel.set(value, [...(byLabel.get(value) ?? []), card]);
  }
  if (other.length) byLabel.set(OTHER_GROUP, [...(byLabel.get(OTHER_GROUP) ?? []), ...other]);
  const slugger = new GithubSlugger();
  return [...byLabel].filter(([, grouped]) => grouped.length).map(([label, grouped]) => ({ label, id: slugger.slug(label), cards: grouped }));
}

/**
 * Warns about a page whose group isn't one of the category's `groups` (usually a typo, which
 * would otherwise start a group of one), pointing at the field in the page's front matter.
 */
export function checkGroupValues(docs: SourceDoc[], categories: Map<string, SourceCategory>, report: (diagnostic: Diagnostic) => void): void {
  for (const doc of docs) {
    const grouping = categories.get(doc.dir)?.groupBy;
    if (!grouping?.order.length) continue;
    const value = groupValue(doc, grouping.field);
    if (value === undefined || grouping.order.includes(value)) continue;
    const field = new RegExp(`^${grouping.field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[ \\t]*:`, 'm').exec(doc.source);
    const position = field ? lineAndColumn(doc.source, field.index) : { line: 1, column: 1 };
    report({
      severity: 'warning',
      code: 'unknown-group',
      message: `${grouping.field} "${value}" is not one of the groups of its category page`,
      position: { file: doc.displayPath, ...position },
      hint: `Use one of ${grouping.order.map((g) => `"${g}"`).join(', ')}, or add "${value}" to "groups" in ${categories.get(doc.dir)?.displayPath ?? '_category_.json'}.`,
    });
  }
}
