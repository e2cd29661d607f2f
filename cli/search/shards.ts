// Splits the local index into the files the browser fetches (format: shared/search/index-format.ts,
// reasons: cli/search/README.md): the entry, term shards and one file per section.
import { INDEX_FORMAT, frontCode, sectionPath, shardPath, type EntryFile, type SectionFile, type ShardFile } from '../../shared/search/index-format.ts';
import type { CompactIndex } from './compact-index.ts';
import { contentHash } from './content-hash.ts';

/** The local index as the files a build writes: the entry, and the files it names (paths relative to it). */
export interface LocalIndexFiles {
  indexJson: string;
  files: { path: string; json: string }[];
}

/**
 * Postings per shard, in characters. A shard is fetched whole, so a smaller one wastes fewer
 * bytes on terms the query did not need; a larger one means fewer requests and a shorter list
 * in the entry. At 4,000 a shard is about 1.5 KB gzip, near the size of a request's headers.
 */
export const SHARD_CHARACTERS = 4_000;

export interface IndexParts {
  mode: 'production' | 'development';
  groups: string[];
  /** Group of each section, in section order. */
  sectionGroups: number[];
  sections: SectionFile[];
  index: CompactIndex;
}

export function splitIndex({ mode, groups, sectionGroups, sections, index }: IndexParts): LocalIndexFiles {
  const shards: ShardFile[] = [];
  let current: ShardFile | undefined;
  let size = 0;
  index.terms.forEach((_, i) => {
    const postings = index.postings[i]!;
    if (!current || size + postings.length > SHARD_CHARACTERS) {
      shards.push((current = { postings: [], forms: [] }));
      size = 0;
    }
    current.postings.push(postings);
    current.forms.push(index.forms[i]!);
    size += postings.length;
  });
  const shardJson = shards.map((s) => JSON.stringify(s));
  const sectionJson = sections.map((s) => JSON.stringify(s));
  // One version for all of them: a section added near the start renumbers every later section,
  // so one edit changes most shards anyway, and the entry lists no name per file.
  const version = mode === 'development' ? 'dev' : contentHash([...shardJson, ...sectionJson]);

  const groupRuns: number[] = [];
  sectionGroups.forEach((group, id) => {
    if (groupRuns[groupRuns.length - 1] !== group) groupRuns.push(id, group);
  });
  const entry: EntryFile = {
    format: INDEX_FORMAT,
    version,
    groups,
    groupRuns,
    documentCount: index.documentCount,
    averageFieldLength: index.averageFieldLength,
    terms: frontCode(index.terms),
    shardSizes: shards.map((s) => s.postings.length),
  };
  return {
    indexJson: JSON.stringify(entry),
    files: [...shardJson.map((json, i) => ({ path: shardPath(i, version), json })), ...sectionJson.map((json, id) => ({ path: sectionPath(id, version), json }))],
  };
}
