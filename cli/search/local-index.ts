// Builds the local search index from the records: one MiniSearch document per page section
// (a page's intro, or a heading with what is under it), so a search gives one answer per
// section. Why MiniSearch: it is small (about 7 KB gzipped in the browser), has no
// dependencies, is actively maintained, loads a prebuilt index, and gives per-field boosts,
// prefix and fuzzy (Levenshtein) matching and BM25 scores, which engine.ts combines into the
// ranking readers expect. Lunr is unmaintained; FlexSearch gives no per-field scores.
import MiniSearch from 'minisearch';
import type { SearchRecord } from '../../client/search/types.ts';
import { INDEX_FORMAT, MINISEARCH_OPTIONS, compactIndex, type FragmentFile, type IndexFile, type SectionDocument, type SectionTuple } from '../../client/search/engine/format.ts';

export interface IndexedPage {
  href: string;
  title: string;
  section: string;
  description: string;
  keywords: string[];
  records: SearchRecord[];
}

export interface LocalIndex {
  index: IndexFile;
  /** One per page, in page order: its paragraphs per section. */
  fragments: FragmentFile[];
}

/** `fragmentName` names a page's fragment file from its JSON (content-hashed in production). */
export function buildLocalIndex(pages: IndexedPage[], fragmentName: (json: string, page: number) => string): LocalIndex {
  const groups: string[] = [];
  const groupIds = new Map<string, number>();
  const sections: SectionTuple[] = [];
  const paragraphs: string[][] = [];
  const fragments: FragmentFile[] = [];
  const pageTuples: IndexFile['pages'] = [];
  const documents: SectionDocument[] = [];

  pages.forEach((page, pageId) => {
    let group = groupIds.get(page.section);
    if (group === undefined) {
      group = groups.push(page.section) - 1;
      groupIds.set(page.section, group);
    }
    const open: number[] = []; // the open section at each heading level, to find parents
    const first = sections.length;
    for (const record of page.records) {
      if (record.type === 'content') {
        if (record.content && sections.length > first) paragraphs[sections.length - 1]!.push(record.content);
        continue;
      }
      const level = Number(record.type.slice(3));
      let parent = -1;
      for (let l = level - 1; l >= 1 && parent < 0; l--) if (open[l] !== undefined) parent = open[l]!;
      const hash = record.url.indexOf('#');
      const heading = level === 1 ? '' : (record.hierarchy[`lvl${level}` as 'lvl2'] ?? '');
      open[level] = sections.push([pageId, level, hash < 0 ? '' : record.url.slice(hash + 1), heading, parent]) - 1;
      open.length = level + 1;
      paragraphs.push([]);
    }
    const fragment = paragraphs.slice(first);
    fragments.push(fragment);
    pageTuples.push([page.href, group, page.title, fragmentName(JSON.stringify(fragment), pageId)]);
  });

  sections.forEach(([pageId, level, , heading, parent], id) => {
    const page = pages[pageId]!;
    const ancestors: string[] = [];
    for (let p = parent; p >= 0; p = sections[p]![4]) if (sections[p]![3]) ancestors.unshift(sections[p]![3]);
    documents.push({
      id,
      title: level === 1 ? page.title : '',
      heading,
      context: level === 1 ? '' : [page.title, ...ancestors].join(' '),
      // The page's file name often names its topic ("user-management", "downloadpdf").
      keywords: level === 1 ? [...page.keywords, slugWords(page.href)].join(' ') : '',
      meta: level === 1 ? page.description : '',
      body: paragraphs[id]!.join(' '),
    });
  });

  const search = new MiniSearch<SectionDocument>(MINISEARCH_OPTIONS);
  search.addAll(documents);
  return { index: { format: INDEX_FORMAT, groups, pages: pageTuples, sections, ...compactIndex(search.toJSON()) }, fragments };
}

/** "/support/admin-docs/user-management" → "user management". */
function slugWords(href: string): string {
  const last = decodeURIComponent(href.replace(/\/+$/, '').split('/').pop() ?? '');
  return last.replace(/[-_]+/g, ' ');
}
