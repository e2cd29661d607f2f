// What the build cache keeps of the last build's markdown twins (./kept-twins.ts), in one file
// beside the page store:
// - for each page text (by its hash, the markdown stage's), the paths under content/ its twin's
//   relative links point at, in order: with them the next build works out an unchanged page's
//   twin key (which names where each of those links leads now) without the page's text; and
//   the key itself, with the site key it was made under (everything a twin's key names but
//   its text, ./kept-twins.ts): while that is the same, the key is too, and is not worked out;
// - for the last llms-full.txt files (by their key), each twin's key and size in reading order:
//   the next llms-full.txt then copies every unchanged twin's bytes from the one in the output.
// A record that is missing, damaged, of another version or another salt reads as empty, which
// only means more twins are made: the record can make a build faster, never different.
import { readEntry, writeEntry } from '../disk-cache.ts';

const FORMAT = 2;

/** A twin in an llms-full.txt: its key and its size in bytes. */
export type TwinPart = [key: string, size: number];

export interface TwinRecord {
  /** The paths under content/ each page text's twin's relative links point at, in order, by the text's hash. */
  targets: Map<string, string[]>;
  /** Each page text's twin key, by the text's hash, made under `site`. */
  keys: Map<string, string>;
  /** The site key (./kept-twins.ts) the keys were made under; '' for none. */
  site: string;
  /** The paths under content/ twins' links point at that led to no page then (a file, or nothing): the site key names where they lead. */
  loose: string[];
  /** The twins of each llms-full.txt recorded, in order, by its key. */
  layouts: Map<string, TwinPart[]>;
}

interface StoredRecord {
  format: number;
  salt: string;
  /** Every path a twin's link points at, once; `targets` names them by their place here (a site's pages share targets: 71,000 links to 10,000 paths at 8,500 pages). */
  paths: string[];
  /** Each text's hash, its targets by their place in `paths`, and its twin's key. */
  targets: [string, number[], string][];
  site: string;
  loose: number[];
  layouts: [string, TwinPart[]][];
}

export function emptyTwinRecord(): TwinRecord {
  return { targets: new Map(), keys: new Map(), site: '', loose: [], layouts: new Map() };
}

/** The record in `file`, made with the same code and settings (`salt`); else an empty one. */
export function loadTwinRecord(file: string, salt: string): TwinRecord {
  const bytes = readEntry(file);
  if (!bytes) return emptyTwinRecord();
  try {
    const stored = JSON.parse(bytes.toString('utf8')) as StoredRecord;
    if (stored.format !== FORMAT || stored.salt !== salt || typeof stored.site !== 'string' || ![stored.paths, stored.targets, stored.loose, stored.layouts].every(Array.isArray)) return emptyTwinRecord();
    const pathAt = (place: number) => {
      const path = stored.paths[place];
      if (typeof path !== 'string') throw new Error('damaged');
      return path;
    };
    const isPart = (part: unknown) => Array.isArray(part) && typeof part[0] === 'string' && Number.isSafeInteger(part[1]) && part[1] >= 0;
    if (!stored.layouts.every(([key, parts]) => typeof key === 'string' && Array.isArray(parts) && parts.every(isPart))) return emptyTwinRecord();
    if (!stored.targets.every(([text, , key]) => typeof text === 'string' && typeof key === 'string')) return emptyTwinRecord();
    return {
      targets: new Map(stored.targets.map(([text, places]) => [text, places.map(pathAt)])),
      keys: new Map(stored.targets.map(([text, , key]) => [text, key])),
      site: stored.site,
      loose: stored.loose.map(pathAt),
      layouts: new Map(stored.layouts),
    };
  } catch {
    return emptyTwinRecord();
  }
}

/** Writes the record whole or not at all (a disk that refuses costs speed next time, nothing else). */
export function saveTwinRecord(file: string, salt: string, record: TwinRecord): void {
  const places = new Map<string, number>();
  const placeOf = (path: string) => {
    let place = places.get(path);
    if (place === undefined) places.set(path, (place = places.size));
    return place;
  };
  const targets = [...record.targets].map(([text, paths]): [string, number[], string] => [text, paths.map(placeOf), record.keys.get(text) ?? '']);
  const loose = record.loose.map(placeOf);
  const stored: StoredRecord = { format: FORMAT, salt, paths: [...places.keys()], targets, site: record.site, loose, layouts: [...record.layouts] };
  writeEntry(file, JSON.stringify(stored));
}
