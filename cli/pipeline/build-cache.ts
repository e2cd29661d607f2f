// The build cache on disk: what the costly stages made last time (rendered markdown, search
// records and index), so the next build of the same site only redoes the pages that changed.
// Rendering markdown is most of a build (unified + remark-gfm parsing and shiki), and most
// builds change a few pages. One file per site under node_modules/.cache/helpgen/build-cache/,
// written with v8.serialize through a temporary file and a rename, so a build that stops
// midway never leaves a torn cache, and after a small edit only a delta of the entries that
// changed (./cache-delta.ts); beside it, folders of the last production build's pages,
// of the pages' rendered markdown bodies, of their search records and of the search index's files
// (./file-store.ts, ./stored-search.ts): the
// file itself keeps the compact part of each page, so a build that changed one page neither
// reads nor writes every page's body. Anything unexpected (a version change, a corrupt file) just
// means an empty cache: the cache can make a build faster, never different.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createHash } from 'node:crypto';
import { helpgenCacheDir, helpgenRoot } from '../paths.ts';
import { bundleIdentity } from '../runtime.ts';
import { isAbandoned, pruneCache } from '../disk-cache.ts';
import { EntryFiles, type Entries } from './cache-delta.ts';

/** Bump when the shape of what is stored changes. */
const FORMAT = 11;
/** Caches of other sites (test fixtures in temporary folders, old checkouts) beyond this many are removed, oldest first. */
const KEEP_SITES = 20;

export class BuildCache<T extends Entries> {
  private readonly file: string;
  private readonly entries: EntryFiles<T>;
  /** This site's stored pages and search records (./file-store.ts), beside its cache file. */
  readonly pagesDir: string;
  readonly recordsDir: string;
  /** The search index worker's memo of each page's analysis (../search/index-memo.ts). */
  readonly indexDir: string;
  /** Each page's rendered markdown body (./markdown-bodies.ts). */
  readonly markdownDir: string;
  /** The files of the search stage's last result (./stored-search.ts). */
  readonly searchDir: string;
  /** Each markdown twin made, by its key (./kept-twins.ts). */
  readonly twinsDir: string;
  /** The copies of llms-full.txt a build into a fresh folder copies unchanged twins from (./stored-llms-full.ts). */
  readonly llmsDir: string;

  /**
   * `salt` names everything outside the stored keys that the stored results depend on (the
   * site settings the pipeline reads); a different salt reads as an empty cache.
   */
  constructor(
    siteDir: string,
    private readonly salt: string,
  ) {
    const site = createHash('sha1').update(siteDir).digest('hex').slice(0, 12);
    this.file = join(helpgenCacheDir, 'build-cache', `${site}.bin`);
    this.pagesDir = join(helpgenCacheDir, 'build-cache', `${site}.pages`);
    this.recordsDir = join(helpgenCacheDir, 'build-cache', `${site}.records`);
    this.indexDir = join(helpgenCacheDir, 'build-cache', `${site}.index`);
    this.markdownDir = join(helpgenCacheDir, 'build-cache', `${site}.markdown`);
    this.searchDir = join(helpgenCacheDir, 'build-cache', `${site}.search`);
    this.twinsDir = join(helpgenCacheDir, 'build-cache', `${site}.twins`);
    this.llmsDir = join(helpgenCacheDir, 'build-cache', `${site}.llms`);
    this.entries = new EntryFiles(this.file, join(helpgenCacheDir, 'build-cache', `${site}.delta`), this.pagesSalt);
  }

  /** What a stored page's key must include besides the page: the code and settings that rendered it. */
  get pagesSalt(): string {
    return `${FORMAT}:${pipelineVersion()}:${this.salt}`;
  }

  /** The stored data, or undefined when there is none of this code and these settings (or it cannot be read). */
  load(): T | undefined {
    return this.entries.load();
  }

  save(data: T): void {
    // A read-only or full disk costs speed next time, nothing else.
    if (this.entries.save(data)) {
      pruneCache(dirname(this.file), { entries: (name) => name.endsWith('.bin'), keepNewest: KEEP_SITES });
      // The delta and the folders of a site's pages, bodies, records, search files, twins, llms-full.txt copies and index memo go with its cache file.
      // A folder without a cache file is another site's first build still filling it, unless
      // nothing was written to it for an hour: pruned at once, a build running beside this one
      // (CI, the tests) lost the bodies it had stored, and its next build rendered them again.
      const folder = /\.(pages|records|markdown|index|search|twins|llms|delta)$/;
      pruneCache(dirname(this.file), { entries: (name) => folder.test(name), stale: (path) => !existsSync(path.replace(folder, '.bin')) && isAbandoned(path) });
    }
  }
}

let version: string | undefined;

/**
 * Identifies the code that made the results: the compiled helpgen bundle, by the hash of its
 * scripts (../runtime.ts: the same code compiled again in a fresh CI checkout, or installed
 * again by npm ci, keeps its cache), and the locked dependency versions (shiki, unified …).
 */
function pipelineVersion(): string {
  if (version !== undefined) return version;
  let lock = '';
  try {
    lock = createHash('sha1').update(readFileSync(join(helpgenRoot, 'package-lock.json'))).digest('hex');
  } catch {
    // No lock file: the bundle alone identifies the version.
  }
  version = `${bundleIdentity()}:${lock}`;
  return version;
}

/**
 * The disk cache needs the compiled CLI, which identifies the code that made its contents (see
 * ../runtime.ts); from the sources (vitest importing cli/) every build is cold.
 */
export function diskCacheAvailable(): boolean {
  return bundleIdentity() !== undefined;
}
