// The plan of a generated site: its folders and, for each page, what it will hold. bench/corpus.ts
// makes the plan; bench/corpus-page.ts writes each page's markdown from it.
import type { Topic } from './text.ts';

export interface Folder {
  /** Path under content/ ("" for the root). */
  dir: string;
  name: string;
  depth: number;
  children: Folder[];
  pages: PagePlan[];
  position: number;
}

export interface Section {
  heading: string;
  level: 2 | 3;
  kind: 'intro' | 'who' | 'task' | 'reference' | 'code' | 'note' | 'troubleshoot' | 'sub' | 'related' | 'syntax' | 'args' | 'returns' | 'examples' | 'notes';
}

export interface PagePlan {
  relPath: string;
  dir: string;
  topic: Topic;
  title: string;
  description: string;
  keywords: string[];
  position: number;
  sections: Section[];
  anchors: string[];
  /** Bytes to aim for, drawn around the real mean. */
  targetBytes: number;
  probe?: boolean;
}
