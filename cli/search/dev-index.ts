// The local index as `helpgen dev` keeps it: built once, then brought up to date page by page.
// A page is analysed again (split into sections, its terms counted) only when its records or
// its fields changed (the markdown stage hands back the same records array while a page is
// unchanged). When every page still has as many sections, only the changed sections are
// replaced in the postings and only their terms' postings are written again; a page that
// gained or lost a section moves every later section's id, so the postings are then put
// together again from the kept analyses (still analysing no other page). The files are the
// same as a full build's (test/search/dev-index.test.ts).
import { CompactIndexBuilder } from './compact-index.ts';
import { analysePage, pageFieldsKey, type AnalysedPage, type IndexedPage } from './local-index.ts';
import { splitIndex, type LocalIndexFiles, type PageFileCache } from './shards.ts';

interface KeptPage {
  /** The page's records, as the markdown stage keeps them: the same array while they are unchanged. */
  records: IndexedPage['records'];
  /** Everything else the page's analysis is made of. */
  fields: string;
  analysed: AnalysedPage;
}

export class DevSearchIndex {
  private pages: KeptPage[] = [];
  private index?: CompactIndexBuilder;
  /** Each unchanged page's file and words, so a rebuild encodes only what changed. */
  private readonly pageCache: PageFileCache = new WeakMap();
  /** Pages analysed by the last update (the tests check that an edit analyses one). */
  analysedPages = 0;

  update(pages: IndexedPage[]): LocalIndexFiles {
    const known = new Map(this.pages.map((p) => [p.records, p]));
    this.analysedPages = 0;
    const next = pages.map((page): KeptPage => {
      const fields = pageFieldsKey(page);
      const kept = known.get(page.records);
      if (kept?.fields === fields) return kept;
      this.analysedPages++;
      return { records: page.records, fields, analysed: analysePage(page) };
    });
    const previous = this.pages;
    this.pages = next;
    if (this.index && sameLayout(previous, next)) {
      let id = 0;
      next.forEach(({ analysed }, i) => {
        const changed = analysed !== previous[i]!.analysed;
        for (const document of analysed.documents) {
          if (changed) this.index!.replace(id, document);
          id++;
        }
      });
    } else {
      this.index = new CompactIndexBuilder({ replaceable: true });
      let id = 0;
      for (const { analysed } of next) for (const document of analysed.documents) this.index.addAnalysed(id++, document);
    }
    return this.files();
  }

  private files(): LocalIndexFiles {
    const groups: string[] = [];
    const groupIds = new Map<string, number>();
    const sectionGroups: number[] = [];
    const sections = [];
    for (const { analysed } of this.pages) {
      let group = groupIds.get(analysed.section);
      if (group === undefined) groupIds.set(analysed.section, (group = groups.push(analysed.section) - 1));
      for (const section of analysed.sections) {
        sections.push(section);
        sectionGroups.push(group);
      }
    }
    return splitIndex({ groups, sectionGroups, sections, index: this.index!.finish(), pageCache: this.pageCache });
  }
}

/** True when both lists have as many pages, each with as many sections as the other's (so every section keeps its id). */
function sameLayout(a: { analysed: AnalysedPage }[], b: { analysed: AnalysedPage }[]): boolean {
  return a.length === b.length && a.every((page, i) => page.analysed.documents.length === b[i]!.analysed.documents.length);
}
