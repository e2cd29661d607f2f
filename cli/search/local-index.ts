// Builds the local search index from the records: one document per page section (a page's
// intro, or a heading with what is under it), so a search gives one answer per section. The
// index holds what MiniSearch would build from those documents (its fields, boosts and BM25+
// statistics), so the browser's engine (client/search/engine/postings.ts) scores exactly as
// MiniSearch would, without shipping MiniSearch: the tests check both against MiniSearch itself,
// which is why it is a development dependency only.
// The build writes the postings in our compact form directly (./compact-index.ts) and splits
// them into the files of shared/search/index-format.ts (./shards.ts).
import type { SearchRecord } from '../../shared/search/record.ts';
import { pageFile, type SectionDocument, type SectionFile } from '../../shared/search/index-format.ts';
import { CompactIndexBuilder, analyseDocument, type AnalysedDocument, type CompactIndex } from './compact-index.ts';
import { PageWordSet } from './token-table.ts';
import { addCountedFile, collectFiles, indexFiles, type CountedPages, type IndexFile, type IndexParts, type LocalIndexFiles } from './shards.ts';
import { analysedDocuments, storedAnalysis, type IndexMemo } from './index-memo.ts';
import { fedPageKey, fedRecordsJson, type FedPageMessage } from './fed-page.ts';
import { PageSpill } from './page-spill.ts';

export type { LocalIndexFiles } from './shards.ts';

export interface IndexedPage {
  href: string;
  title: string;
  section: string;
  description: string;
  keywords: string[];
  records: SearchRecord[];
}

/** What the index takes from a page besides its records, as one string (to tell whether a page changed). */
export function pageFieldsKey({ href, title, section, description, keywords }: Omit<IndexedPage, 'records'>): string {
  return JSON.stringify([href, title, section, description, keywords]);
}

/** What a page brings to the index, worked out from the page alone (a dev rebuild keeps it while the page is unchanged). */
export interface AnalysedPage {
  /** Its top-level sidebar category. */
  section: string;
  sections: SectionFile[];
  /** One per section, in the same order. */
  documents: AnalysedDocument[];
  /** The page file's distinct dictionary words (ids of ./token-table.ts `dictionaryWords`), as pageWords finds them. */
  words: number[];
}

/** Splits a page into its sections (its intro, then one per heading) and analyses each. */
export function analysePage(page: IndexedPage): AnalysedPage {
  const { sections, documents } = pageSectionDocuments(page);
  // The page file's text: its title, then each section's heading and paragraphs (the fields heading and body).
  const words = new PageWordSet();
  words.addText(page.title);
  return { section: page.section, sections, documents: documents.map((document) => analyseDocument(document, words)), words: words.ids };
}

/**
 * A page's sections (its intro, then one per heading): what hits show of each, and each as the
 * document MiniSearch would index (fields by weight, see shared/search/index-format.ts).
 */
export function pageSectionDocuments(page: IndexedPage): { sections: SectionFile[]; documents: Omit<SectionDocument, 'id'>[] } {
  /** Per section: [level, heading, parent or -1] (to find each section's parents). */
  const outline: [number, string, number][] = [];
  const open: number[] = []; // the open section at each heading level, to find parents
  const anchors: string[] = [];
  const paragraphs: string[][] = []; // per section
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

  const sections: SectionFile[] = [];
  const documents: Omit<SectionDocument, 'id'>[] = [];
  outline.forEach(([level, heading, parent], id) => {
    const ancestors: string[] = [];
    for (let p = parent; p >= 0; p = outline[p]![2]) if (outline[p]![1]) ancestors.unshift(outline[p]![1]);
    // What a hit shows: the headings above it (and its own) by level, as DocSearch's hierarchy.
    const headings: (string | null)[] = [null, null, null, null, null];
    for (let s = id; s >= 0; s = outline[s]![2]) if (outline[s]![0] >= 2) headings[outline[s]![0] - 2] = outline[s]![1];
    while (headings.length && headings[headings.length - 1] === null) headings.pop();
    const body = paragraphs[id]!;
    sections.push([page.href, page.title, level, anchors[id]!, headings, body]);
    documents.push({
      title: level === 1 ? page.title : '',
      heading,
      context: level === 1 ? '' : [page.title, ...ancestors].join(' '),
      // The page's file name often names its topic ("user-management", "downloadpdf").
      keywords: level === 1 ? [...page.keywords, slugWords(page.href)].join(' ') : '',
      meta: level === 1 ? page.description : '',
      body: body.join(' '),
    });
  });
  return { sections, documents };
}

/**
 * Builds the index one page at a time, in page order, so that a build can feed it while it is
 * still rendering the later pages (see ./index-feed.ts): fed page by page or all at once, the
 * files are the same. With a memo (./index-memo.ts), pages fed as JSON text that the memo knows
 * are taken from it rather than analysed, and their files as encoded before.
 */
export class LocalIndexBuilder {
  private readonly groups: string[] = [];
  private readonly groupIds = new Map<string, number>();
  private readonly sectionGroups: number[] = [];
  private readonly sectionFiles: SectionFile[] = [];
  private readonly index: CompactIndexBuilder;
  /** Each page's file and the pages holding each word, worked out as pages arrive (see CountedPages). */
  private readonly counted: CountedPages = { files: new PageSpill(), pagesHolding: [] };
  /** Per page fed, its place among the counted pages (the pages with sections), or -1. */
  private readonly countedAt: number[] = [];
  /** Per counted page, its place among the pages fed. */
  private readonly fedAt: number[] = [];

  /** The index as `finish` made it (for the memo). */
  private finished?: CompactIndex;

  constructor(private readonly memo?: IndexMemo) {
    // With the last build's index, the postings are made at the end, of the changed terms only.
    this.index = new CompactIndexBuilder({ deferred: memo?.previousIndex !== undefined, spilled: true });
    if (memo) {
      this.counted.encoded = {
        get: (page, wordsHash) => memo.encodedOf(this.fedAt[page]!, wordsHash),
        set: (page, wordsHash, json) => memo.setEncoded(this.fedAt[page]!, wordsHash, json),
      };
    }
  }

  addPage(page: IndexedPage): void {
    this.addAnalysed(analysePage(page));
  }

  /** A page as the index worker is handed it; its records are read only when the memo does not know it. */
  addFedPage(message: FedPageMessage): void {
    const memo = this.memo;
    const parse = (): IndexedPage => ({ ...(JSON.parse(message.fields) as Omit<IndexedPage, 'records'>), records: JSON.parse(fedRecordsJson(message)) as SearchRecord[] });
    if (!memo) {
      this.addPage(parse());
      return;
    }
    const key = fedPageKey(message);
    const stored = memo.take(key);
    if (stored) {
      const file = stored.nameTerms.length ? memo.fileOf(this.countedAt.length) : undefined;
      this.addParts(stored.section, stored.href, analysedDocuments(stored), file, stored.words);
      return;
    }
    const page = parse();
    const { section, sections, documents, words } = analysePage(page);
    const analysis = storedAnalysis(page.href, section, documents, words);
    memo.add(key, analysis);
    // The compact form's views, not the analysis's lists: the index may keep them until it finishes.
    this.addParts(section, page.href, analysedDocuments(analysis), sections.length ? JSON.stringify(pageFile(sections)) : undefined, analysis.words);
  }

  addAnalysed({ section, sections, documents, words }: AnalysedPage): void {
    this.addParts(section, sections[0]?.[0] ?? '', documents, sections.length ? JSON.stringify(pageFile(sections)) : undefined, words);
  }

  /** Pages analysed rather than taken from the memo (all of them without one). */
  get analysedPages(): number {
    return this.memo ? this.memo.analysed : this.fedPages;
  }

  get fedPages(): number {
    return this.countedAt.length;
  }

  /** Terms whose postings `finish` wrote, and terms in the index (the others came from the memo). */
  get writtenTerms(): [written: number, all: number] {
    return [this.index.writtenTerms, this.finished?.terms.length ?? 0];
  }

  /** A page: its sections' analyses, and its file (none when it has no sections). */
  private addParts(section: string, href: string, documents: readonly AnalysedDocument[], file: string | (() => string) | undefined, words: ArrayLike<number>): void {
    let group = this.groupIds.get(section);
    if (group === undefined) {
      group = this.groups.push(section) - 1;
      this.groupIds.set(section, group);
    }
    if (file === undefined) this.countedAt.push(-1);
    else {
      this.countedAt.push(this.fedAt.push(this.countedAt.length) - 1);
      addCountedFile(this.counted, file, words);
    }
    // What the index's split still needs of a section is its page's address (which page it is
    // on): its text is in the page's counted file from now on.
    const address: SectionFile = [href, '', 0, '', [], []];
    for (const document of documents) {
      this.index.addAnalysed(this.sectionFiles.push(address) - 1, document);
      this.sectionGroups.push(group);
    }
  }

  /** The index files. With a memo, `saveMemo` must follow (the pages' files wait for it). */
  finish(): LocalIndexFiles {
    return collectFiles(this.finishInTurn());
  }

  /**
   * The index files one at a time, and the entry's text at the end (see `indexFiles`), for a
   * caller that lets each go before the next. With a memo, `saveMemo` must follow the end.
   */
  *finishInTurn(): Generator<IndexFile, string> {
    let done = false;
    try {
      const parts = this.finishedParts();
      const entry = yield* indexFiles(parts);
      this.finished = parts.index;
      done = true;
      return entry;
    } finally {
      // The page files wait in the spill until the last is made (and for the memo after).
      if (!this.memo || !done) this.counted.files.close();
      if (!done) this.memo?.dropEncoded();
    }
  }

  /** The postings made, and what splitting the index into files needs. */
  private finishedParts(): IndexParts {
    const previous = this.memo?.previousIndex;
    const changed = previous && this.memo?.changedSections();
    const index = changed ? this.index.finishReusing(previous!, changed) : this.index.finish();
    return { groups: this.groups, sectionGroups: this.sectionGroups, sections: this.sectionFiles, index, counted: this.counted };
  }

  /** Whether `saveMemo` writes little (a delta of the pages that changed, or nothing), and may wait until the index files are handed over. */
  get memoSavesLittle(): boolean {
    return this.memo?.savesLittle ?? true;
  }

  /** Leaves the memo of this build's pages and index for the next build (after `finish`). */
  saveMemo(): void {
    try {
      // Pages without sections have no file: the memo keeps an empty text for them.
      if (this.finished) this.memo?.save((page) => (this.countedAt[page]! < 0 ? '' : this.counted.files.get(this.countedAt[page]!)), this.finished);
    } finally {
      this.counted.files.close();
    }
  }
}

/** "/support/admin-docs/user-management" → "user management". */
function slugWords(href: string): string {
  const last = decodeURIComponent(href.replace(/\/+$/, '').split('/').pop() ?? '');
  return last.replace(/[-_]+/g, ' ');
}
