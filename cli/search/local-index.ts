// Builds the local search index from the records: one MiniSearch document per page section
// (a page's intro, or a heading with what is under it), so a search gives one answer per
// section. Why MiniSearch: it is small (about 7 KB gzipped in the browser), has no
// dependencies, is actively maintained, loads a prebuilt index, and gives per-field boosts,
// prefix and fuzzy (Levenshtein) matching and BM25 scores, which engine.ts combines into the
// ranking readers expect. Lunr is unmaintained; FlexSearch gives no per-field scores.
// The build writes MiniSearch's index in our compact form directly (./compact-index.ts).
import type { SearchRecord } from '../../shared/search/record.ts';
import { INDEX_FORMAT, type FragmentFile, type IndexFile, type SectionTuple } from '../../shared/search/index-format.ts';
import { CompactIndexBuilder } from './compact-index.ts';
import { contentHash } from './content-hash.ts';

export interface IndexedPage {
  href: string;
  title: string;
  section: string;
  description: string;
  keywords: string[];
  records: SearchRecord[];
}

/** The local index as the files a build writes: the index, and one fragment per page. */
export interface LocalIndexFiles {
  indexJson: string;
  /** In page order; `name` is the file name under assets/search/pages/. */
  fragments: { name: string; json: string }[];
}

/**
 * Builds the index one page at a time, in page order, so that a build can feed it while it is
 * still rendering the later pages (see ./index-feed.ts): fed page by page or all at once, the
 * files are the same. A page's fragment file is named by a hash of its JSON, or
 * `<page>.dev.json` in development, where names must not change.
 */
export class LocalIndexBuilder {
  private readonly groups: string[] = [];
  private readonly groupIds = new Map<string, number>();
  private readonly sections: SectionTuple[] = [];
  private readonly fragments: LocalIndexFiles['fragments'] = [];
  private readonly pageTuples: IndexFile['pages'] = [];
  private readonly index = new CompactIndexBuilder();

  constructor(private readonly mode: 'production' | 'development') {}

  addPage(page: IndexedPage): void {
    const { groups, groupIds, sections } = this;
    const pageId = this.pageTuples.length;
    let group = groupIds.get(page.section);
    if (group === undefined) {
      group = groups.push(page.section) - 1;
      groupIds.set(page.section, group);
    }
    const open: number[] = []; // the open section at each heading level, to find parents
    const first = sections.length;
    const paragraphs: string[][] = []; // per section of this page
    for (const record of page.records) {
      if (record.type === 'content') {
        if (record.content && paragraphs.length) paragraphs[paragraphs.length - 1]!.push(record.content);
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
    const fragment: FragmentFile = paragraphs;
    const json = JSON.stringify(fragment);
    const name = this.mode === 'development' ? `${pageId}.dev.json` : `${contentHash(json)}.json`;
    this.fragments.push({ name, json });
    this.pageTuples.push([page.href, group, page.title, name]);

    for (let id = first; id < sections.length; id++) {
      const [, level, , heading, parent] = sections[id]!;
      const ancestors: string[] = [];
      for (let p = parent; p >= 0; p = sections[p]![4]) if (sections[p]![3]) ancestors.unshift(sections[p]![3]);
      this.index.add({
        id,
        title: level === 1 ? page.title : '',
        heading,
        context: level === 1 ? '' : [page.title, ...ancestors].join(' '),
        // The page's file name often names its topic ("user-management", "downloadpdf").
        keywords: level === 1 ? [...page.keywords, slugWords(page.href)].join(' ') : '',
        meta: level === 1 ? page.description : '',
        body: paragraphs[id - first]!.join(' '),
      });
    }
  }

  finish(): LocalIndexFiles {
    const { groups, pageTuples, sections } = this;
    const index: IndexFile = { format: INDEX_FORMAT, groups, pages: pageTuples, sections, ...this.index.finish() };
    return { indexJson: JSON.stringify(index), fragments: this.fragments };
  }
}

/** "/support/admin-docs/user-management" → "user management". */
function slugWords(href: string): string {
  const last = decodeURIComponent(href.replace(/\/+$/, '').split('/').pop() ?? '');
  return last.replace(/[-_]+/g, ' ');
}
