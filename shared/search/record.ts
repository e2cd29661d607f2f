// The records a build makes of every doc page, in DocSearch's shape (Algolia's docs search):
// written by cli/search/records.ts, uploaded by `helpgen search push`, indexed for the local
// provider, and shown by the browser as hits of either provider.
export type RecordType = 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6' | 'content';

export interface Hierarchy {
  lvl0: string;
  lvl1: string;
  lvl2: string | null;
  lvl3: string | null;
  lvl4: string | null;
  lvl5: string | null;
  lvl6: string | null;
}

/** One record of the index, as the crawler would write it. */
export interface SearchRecord {
  objectID: string;
  type: RecordType;
  /** Page href with the #anchor of the heading the record sits under. */
  url: string;
  hierarchy: Hierarchy;
  content: string | null;
  /** Used by Algolia's customRanking: headings above content, earlier above later. */
  weight?: { level: number; position: number; pageRank?: number };
}
