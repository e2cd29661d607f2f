// Builds the local search index from the records: one document per page section (a page's
// intro, or a heading with what is under it), so a search gives one answer per section. The
// index holds what MiniSearch would build from those documents (its fields, boosts and BM25+
// statistics), so the browser's engine (client/search/engine/postings.ts) scores exactly as
// MiniSearch would, without shipping MiniSearch: the tests check both against MiniSearch itself,
// which is why it is a development dependency only.
// The build writes the postings in our compact form directly (./compact-index.ts) and splits
// them into the files of shared/search/index-format.ts (./shards.ts).
import type { SearchRecord } from '../../shared/search/record.ts';
import type { SectionFile } from '../../shared/search/index-format.ts';
import { CompactIndexBuilder } from './compact-index.ts';
import { splitIndex, type LocalIndexFiles } from './shards.ts';

export type { LocalIndexFiles } from './shards.ts';

export interface IndexedPage {
  href: string;
  title: string;
  section: string;
  description: string;
  keywords: string[];
  records: SearchRecord[];
}

/**
 * Builds the index one page at a time, in page order, so that a build can feed it while it is
 * still rendering the later pages (see ./index-feed.ts): fed page by page or all at once, the
 * files are the same.
 */
export class LocalIndexBuilder {
  private readonly groups: string[] = [];
  private readonly groupIds = new Map<string, number>();
  /** Per section: [level, heading, parent or -1] (to find each section's parents). */
  private readonly outline: [number, string, number][] = [];
  private readonly sectionGroups: number[] = [];
  private readonly sectionFiles: SectionFile[] = [];
  private readonly index = new CompactIndexBuilder();

  addPage(page: IndexedPage): void {
    const { groups, groupIds, outline } = this;
    let group = groupIds.get(page.section);
    if (group === undefined) {
      group = groups.push(page.section) - 1;
      groupIds.set(page.section, group);
    }
    const open: number[] = []; // the open section at each heading level, to find parents
    const first = outline.length;
    const anchors: string[] = [];
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
      open[level] = outline.push([level, heading, parent]) - 1;
      open.length = level + 1;
      anchors.push(hash < 0 ? '' : record.url.slice(hash + 1));
      paragraphs.push([]);
    }

    for (let id = first; id < outline.length; id++) {
      const [level, heading, parent] = outline[id]!;
      const ancestors: string[] = [];
      for (let p = parent; p >= 0; p = outline[p]![2]) if (outline[p]![1]) ancestors.unshift(outline[p]![1]);
      // What a hit shows: the headings above it (and its own) by level, as DocSearch's hierarchy.
      const headings: (string | null)[] = [null, null, null, null, null];
      for (let s = id; s >= 0; s = outline[s]![2]) if (outline[s]![0] >= 2) headings[outline[s]![0] - 2] = outline[s]![1];
      while (headings.length && headings[headings.length - 1] === null) headings.pop();
      const body = paragraphs[id - first]!;
      this.sectionFiles.push([page.href, page.title, level, anchors[id - first]!, headings, body]);
      this.sectionGroups.push(group);
      this.index.add({
        id,
        title: level === 1 ? page.title : '',
        heading,
        context: level === 1 ? '' : [page.title, ...ancestors].join(' '),
        // The page's file name often names its topic ("user-management", "downloadpdf").
        keywords: level === 1 ? [...page.keywords, slugWords(page.href)].join(' ') : '',
        meta: level === 1 ? page.description : '',
        body: body.join(' '),
      });
    }
  }

  finish(): LocalIndexFiles {
    return splitIndex({ groups: this.groups, sectionGroups: this.sectionGroups, sections: this.sectionFiles, index: this.index.finish() });
  }
}

/** "/support/admin-docs/user-management" → "user management". */
function slugWords(href: string): string {
  const last = decodeURIComponent(href.replace(/\/+$/, '').split('/').pop() ?? '');
  return last.replace(/[-_]+/g, ' ');
}
