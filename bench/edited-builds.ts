// A warm build after a one-page edit (issue 38, item 3): CI restores helpgen's build cache, a
// writer changed the text of one page, and the next build should redo that page and copy the
// rest. The unchanged rebuilds of ./site-runs.ts show the floor of a warm build; these show what
// most real rebuilds cost. Each run edits the page, builds, and puts the page back byte for byte
// (and its modification time), even when the build fails, so the corpus the later measures
// (page weight, dev) read is the one the seed wrote; a hash of the whole site folder proves it.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { BuildRun } from './cold-build.ts';
import { listMarkdown } from './list-markdown.ts';
import { summarize, type Summary } from './stats.ts';

export interface EditedBuilds {
  /** The page each run edited, relative to the site folder. */
  page: string;
  runs: BuildRun[];
  /** Wall time of the successful runs. */
  wallMs?: Summary;
}

/**
 * The page the edited builds change: the middle one of the site's pages in name order, never
 * the probe page (its weight is measured on the kept cold build, and dev edits it).
 */
export function pageToEdit(siteDir: string, probeRoute: string | undefined): string | undefined {
  const probe = probeRoute === undefined ? undefined : join(siteDir, 'content', `${probeRoute.replace(/^\/support\//, '')}.md`);
  const pages = listMarkdown(join(siteDir, 'content')).filter((file) => file !== probe);
  return pages[Math.floor(pages.length / 2)];
}

/** The sentence run `run` appends: a different one each run, so each build sees a real edit. */
export function editText(run: number): string {
  return `\n\nThis sentence was added by the benchmark's warm build after a one-page edit, run ${run}.\n`;
}

/**
 * Runs `whileEdited` with `addition` appended to `file`, then writes the file back exactly as
 * it was, bytes and modification time, whether `whileEdited` succeeded or threw.
 */
export async function withEditedPage<T>(file: string, addition: string, whileEdited: () => Promise<T>): Promise<T> {
  const original = readFileSync(file);
  const { atime, mtime } = statSync(file);
  writeFileSync(file, Buffer.concat([original, Buffer.from(addition)]));
  try {
    return await whileEdited();
  } finally {
    writeFileSync(file, original);
    utimesSync(file, atime, mtime);
  }
}

/** SHA-256 over every file of a folder: its path relative to the folder and its bytes, in name order. */
export function folderDigest(dir: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(`${relative(dir, file)}\0`).update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

export interface EditedBuildOptions {
  siteDir: string;
  probeRoute: string | undefined;
  /** The median cold build: no run starts unless one more would end before the deadline. */
  coldMs: number;
  /** When the run's envelope ends (Date.now() time). */
  deadline: number;
  /** One timed build with the cache the earlier builds filled. */
  build: () => Promise<BuildRun>;
  runs?: number;
}

/**
 * Up to `runs` builds, each after a fresh edit of the same page (see withEditedPage). Undefined
 * when the site has no page to edit or no time for a run. Throws when the site folder is not
 * byte for byte what it was before: the measures after this one would read another corpus.
 */
export async function measureEditedBuilds(options: EditedBuildOptions): Promise<EditedBuilds | undefined> {
  const file = pageToEdit(options.siteDir, options.probeRoute);
  if (!file) return undefined;
  const before = folderDigest(options.siteDir);
  const runs: BuildRun[] = [];
  // A build that throws leaves the page restored (withEditedPage) and stops the run.
  for (let i = 0; i < (options.runs ?? 3) && Date.now() + options.coldMs + 20_000 < options.deadline; i++) {
    runs.push(await withEditedPage(file, editText(i + 1), options.build));
  }
  if (folderDigest(options.siteDir) !== before) throw new Error(`${options.siteDir} is not as it was before the edited builds (its hash differs): the page edited was ${file}`);
  if (!runs.length) return undefined;
  return { page: relative(options.siteDir, file), runs, wallMs: summarize(runs.filter((r) => r.ok).map((r) => r.wallMs)) };
}

/** "3.10 s (median of 3, 9,108 of 9,109 pages copied from the last build), 0.074 × the cold build" */
export function editedLine(edited: EditedBuilds, coldMs: number): string {
  const wall = edited.wallMs;
  const failed = edited.runs.find((r) => !r.ok);
  if (!wall) return `every build after the edit failed: ${failed?.error?.split('\n')[0] ?? 'unknown'}`;
  const last = edited.runs.findLast((r) => r.ok)!;
  const copied = last.copiedPages === undefined || last.pages === undefined ? '' : `, ${last.copiedPages.toLocaleString('en-US')} of ${last.pages.toLocaleString('en-US')} pages copied from the last build`;
  return `${(wall.median / 1000).toFixed(2)} s (median of ${wall.n}${copied}), ${(wall.median / coldMs).toFixed(3)} × the cold build${failed ? `; a run failed: ${failed.error?.split('\n')[0]}` : ''}`;
}
