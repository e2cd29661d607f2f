// A CI build after a one-page edit (issue 38, item 3: "CI restores helpgen's cache between
// runs"). A CI job starts from a fresh checkout: every file of the site has new times and a new
// inode, and there is no output folder; only the build cache is restored (docs/build.md,
// "Keeping the cache in CI"). The builds of ./edited-builds.ts update the last build's output
// in place, where a page that did not change is left as it is; here every page is copied into
// a new folder. Each run makes the checkout afresh, edits the page, builds into an empty folder,
// and puts the page back byte for byte; a hash of the whole site folder proves the corpus is
// the one the seed wrote. Then the last output is copied into an empty folder as many times, the
// floor under these builds (./output-copy.ts).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { RemovedLater, type BuildRun } from './cold-build.ts';
import { folderDigest, pageToEdit, withEditedPage, type EditedBuildOptions, type EditedBuilds } from './edited-builds.ts';
import { copyOutput } from './output-copy.ts';
import { summarize, type Summary } from './stats.ts';

/**
 * Gives every file of `siteDir` a new inode and new times, its bytes the same, as a fresh
 * checkout at the same path does: the folder is copied beside itself, then takes the copy's
 * place; the old folder is moved to `aside` (on the same file system), for the caller to remove.
 */
export function freshCheckout(siteDir: string, aside: string): void {
  const copy = `${siteDir}.fresh`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(siteDir, copy, { recursive: true });
  renameSync(siteDir, aside);
  renameSync(copy, siteDir);
}

/** The sentence run `run` appends: not one the edited builds of ./edited-builds.ts append. */
export function checkoutEditText(run: number): string {
  return `\n\nThis sentence was added by the benchmark's CI build after a one-page edit, run ${run}.\n`;
}

/** As the edited builds' options, but each build is into `outDir`, an empty folder. */
export interface CheckoutBuildOptions extends Omit<EditedBuildOptions, 'build'> {
  build: (outDir: string) => Promise<BuildRun>;
}

/** The CI builds, and copies of the last one's output into an empty folder (./output-copy.ts). */
export interface CheckoutBuilds extends EditedBuilds {
  copyMs?: Summary;
}

/**
 * Up to `runs` CI builds, each from a fresh checkout with one page edited (the page the edited
 * builds edit). Undefined when the site has no page to edit or no time for a run. Throws when
 * the site folder's bytes are not what they were before.
 */
export async function measureCheckoutBuilds(options: CheckoutBuildOptions): Promise<CheckoutBuilds | undefined> {
  const file = pageToEdit(options.siteDir, options.probeRoute);
  if (!file) return undefined;
  const before = folderDigest(options.siteDir);
  const runs: BuildRun[] = [];
  // Nothing is removed until every run is done (RemovedLater): removing tens of thousands of
  // files just before a build made its system time rise run after run (1,700 pages: 0.6, 3.5,
  // 6.3 s), which a CI machine that has just checked out does not see. (Interrupted, the folders
  // are left beside the site and in the temporary folder; the next bench run writes its corpus
  // afresh anyway.) The checkout just written reaches the disk before the build's clock starts:
  // the bench's build (coldBuild) flushes it first.
  const aside = `${options.siteDir}.checked-out`;
  const removed = new RemovedLater();
  const outDirs: string[] = [];
  const copies: number[] = [];
  rmSync(aside, { recursive: true, force: true });
  mkdirSync(aside);
  removed.addFolder(aside);
  try {
    for (let i = 0; i < (options.runs ?? 3) && Date.now() + options.coldMs + 20_000 < options.deadline; i++) {
      freshCheckout(options.siteDir, join(aside, String(i)));
      const outDir = mkdtempSync(join(tmpdir(), 'helpgen-bench-checkout-'));
      outDirs.push(outDir);
      removed.addFolder(outDir);
      runs.push(await withEditedPage(file, checkoutEditText(i + 1), () => options.build(join(outDir, 'dist'))));
    }
    const built = outDirs[runs.findLastIndex((run) => run.ok)];
    for (let i = 0; built && i < runs.length; i++) {
      spawnSync('sync');
      const copyDir = mkdtempSync(join(tmpdir(), 'helpgen-bench-copy-'));
      removed.addFolder(copyDir);
      copies.push(await copyOutput(join(built, 'dist'), join(copyDir, 'dist')));
    }
  } finally {
    removed.removeAll();
  }
  if (folderDigest(options.siteDir) !== before) throw new Error(`${options.siteDir} is not as it was before the CI builds (its hash differs): the page edited was ${file}`);
  if (!runs.length) return undefined;
  return { page: relative(options.siteDir, file), runs, wallMs: summarize(runs.filter((r) => r.ok).map((r) => r.wallMs)), copyMs: summarize(copies) };
}
