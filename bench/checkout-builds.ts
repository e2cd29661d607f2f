// A CI build after a one-page edit (issue 38, item 3: "CI restores helpgen's cache between
// runs"). A CI job starts from a fresh checkout: every file of the site has new times and a new
// inode, and there is no output folder; only the build cache is restored (docs/build.md,
// "Keeping the cache in CI"). The builds of ./edited-builds.ts update the last build's output
// in place, where a page that did not change is left as it is; here every page is copied into
// a new folder. Each run makes the checkout afresh, edits the page, builds into an empty folder,
// and puts the page back byte for byte; a hash of the whole site folder proves the corpus is
// the one the seed wrote.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { BuildRun } from './cold-build.ts';
import { folderDigest, pageToEdit, withEditedPage, type EditedBuilds } from './edited-builds.ts';
import { summarize } from './stats.ts';

/**
 * Gives every file of `siteDir` a new inode and new times, its bytes the same, as a fresh
 * checkout at the same path does: the folder is copied beside itself, then takes the copy's
 * place. (Interrupted between the two renames, the site is left at `<siteDir>.checked-out`; the
 * next bench run writes its corpus afresh anyway.)
 */
export function freshCheckout(siteDir: string): void {
  const copy = `${siteDir}.fresh`;
  const old = `${siteDir}.checked-out`;
  rmSync(copy, { recursive: true, force: true });
  rmSync(old, { recursive: true, force: true });
  cpSync(siteDir, copy, { recursive: true });
  renameSync(siteDir, old);
  renameSync(copy, siteDir);
  rmSync(old, { recursive: true, force: true });
}

/** The sentence run `run` appends: not one the edited builds of ./edited-builds.ts append. */
export function checkoutEditText(run: number): string {
  return `\n\nThis sentence was added by the benchmark's CI build after a one-page edit, run ${run}.\n`;
}

export interface CheckoutBuildOptions {
  siteDir: string;
  probeRoute: string | undefined;
  /** The median cold build: no run starts unless one more would end before the deadline. */
  coldMs: number;
  /** When the run's envelope ends (Date.now() time). */
  deadline: number;
  /** One timed build into `outDir`, an empty folder, with the build cache the earlier builds filled. */
  build: (outDir: string) => Promise<BuildRun>;
  runs?: number;
}

/**
 * Up to `runs` CI builds, each from a fresh checkout with one page edited (the page the edited
 * builds edit). Undefined when the site has no page to edit or no time for a run. Throws when
 * the site folder's bytes are not what they were before.
 */
export async function measureCheckoutBuilds(options: CheckoutBuildOptions): Promise<EditedBuilds | undefined> {
  const file = pageToEdit(options.siteDir, options.probeRoute);
  if (!file) return undefined;
  const before = folderDigest(options.siteDir);
  const runs: BuildRun[] = [];
  for (let i = 0; i < (options.runs ?? 3) && Date.now() + options.coldMs + 20_000 < options.deadline; i++) {
    freshCheckout(options.siteDir);
    // The copy just written and the last run's output just removed are flushed first, or the
    // disk writes them back while the build runs: the build's system time then rose run after
    // run (at 8,500 pages 3.5, 9.6, 10.6 s; 0.7, 4.5, 8.5 s at 1,700).
    spawnSync('sync');
    const outDir = mkdtempSync(join(tmpdir(), 'helpgen-bench-checkout-'));
    try {
      runs.push(await withEditedPage(file, checkoutEditText(i + 1), () => options.build(join(outDir, 'dist'))));
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }
  if (folderDigest(options.siteDir) !== before) throw new Error(`${options.siteDir} is not as it was before the CI builds (its hash differs): the page edited was ${file}`);
  if (!runs.length) return undefined;
  return { page: relative(options.siteDir, file), runs, wallMs: summarize(runs.filter((r) => r.ok).map((r) => r.wallMs)) };
}
