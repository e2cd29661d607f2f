// mdBook's SUMMARY.md at the top of content/ is the table of contents, not a page: it gives the
// sidebar's order, nesting and labels, as mdBook builds its book from it.
//   # Title                      the first heading names the book: skipped
//   [Foreword](foreword.md)      prefix and suffix chapters: entries at the top level
//   - [Chapter](ch01.md)         numbered chapters, nested by indentation
//   # Part title                 a later heading: a category holding the chapters after it
//   - [Draft]()                  a draft chapter (no file): left out, as mdBook shows it unlinked
//   ---                          a separator: ignored
//   [Afterword](after.md)        a suffix chapter after a part: at the top level again
// Pages the summary does not name keep their place from the folder tree, after its entries.
import { posix } from 'node:path';
import type { Diagnostic } from '../diagnostics/errors.ts';
import type { SidebarItem } from '../../shared/types.ts';
import { routeToHref } from './routes.ts';

export interface SummaryEntry {
  title: string;
  /** The page, under content/ (undefined for a part title). */
  relPath?: string;
  children: SummaryEntry[];
}

export const SUMMARY_FILE = 'SUMMARY.md';

const LINK_ENTRY = /^(\s*)(?:[-*+]\s+)?\[((?:[^\]\\]|\\.)*)\]\(\s*<?([^)>]*?)>?\s*\)\s*$/;
const LIST_ITEM = /^\s*[-*+]\s/;
const PART = /^#{1,6}\s+(.+?)\s*#*\s*$/;

/** The entries of SUMMARY.md; a link to a file that is no page is reported and left out. */
export function parseSummary(text: string, displayPath: string, isPage: (relPath: string) => boolean, report: (d: Diagnostic) => void): SummaryEntry[] {
  const top: SummaryEntry[] = [];
  let part: SummaryEntry | undefined;
  let seenEntry = false;
  const stack: { indent: number; children: SummaryEntry[] }[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    const heading = PART.exec(line);
    if (heading) {
      if (seenEntry) {
        part = { title: heading[1]!, children: [] };
        top.push(part);
        stack.length = 0;
      }
      continue;
    }
    const link = LINK_ENTRY.exec(line);
    if (!link) continue;
    // An entry that is no list item after the numbered chapters is a suffix chapter (after the
    // "---" separator): mdBook puts it at the top level, outside the last part.
    if (seenEntry && part && !LIST_ITEM.test(line)) {
      part = undefined;
      stack.length = 0;
    }
    seenEntry = true;
    const indent = link[1]!.replace(/\t/g, '    ').length;
    const target = decodeURI(link[3]!.split('#')[0]!.trim());
    const entry: SummaryEntry = { title: link[2]!.replace(/\\(.)/g, '$1'), children: [] };
    while (stack.length && stack.at(-1)!.indent >= indent) stack.pop();
    const siblings = stack.at(-1)?.children ?? part?.children ?? top;
    if (!target) continue; // a draft chapter
    const relPath = posix.normalize(target.replace(/^\.\//, ''));
    if (!isPage(relPath)) {
      report({
        severity: 'warning',
        code: 'summary-missing-page',
        message: `${SUMMARY_FILE} lists "${target}", which is not a page in content/`,
        position: { file: displayPath, line: index + 1, column: line.indexOf('(') + 2 },
        hint: 'Create the page, fix the path (it is read from the folder of SUMMARY.md), or remove the entry.',
      });
      continue;
    }
    entry.relPath = relPath;
    siblings.push(entry);
    stack.push({ indent, children: entry.children });
  }
  return top;
}

interface SummaryDoc {
  id: string;
  relPath: string;
  route: string;
  sidebarLabel: string;
  frontMatter: { sidebar_label?: string };
}

/** The sidebar entries of the summary: a chapter with sections is a category linked to its page. */
export function summaryItems(entries: SummaryEntry[], docByRelPath: Map<string, SummaryDoc>): SidebarItem[] {
  return entries.flatMap((entry): SidebarItem[] => {
    const doc = entry.relPath ? docByRelPath.get(entry.relPath) : undefined;
    const children = summaryItems(entry.children, docByRelPath);
    const label = doc?.frontMatter.sidebar_label ?? entry.title;
    if (!doc) return children.length ? [{ type: 'category', label, collapsed: false, items: children }] : [];
    const href = routeToHref(doc.route);
    if (!children.length) return [{ type: 'doc', id: doc.id, label, href }];
    return [{ type: 'category', label, href, collapsed: false, items: children }];
  });
}

/** Every page the summary names. */
export function summaryPages(entries: SummaryEntry[], into = new Set<string>()): Set<string> {
  for (const entry of entries) {
    if (entry.relPath) into.add(entry.relPath);
    summaryPages(entry.children, into);
  }
  return into;
}
