// When a folder of the build cache's files (./file-store.ts) is pruned: the files no build needs
// any more are removed only once they may amount to something. Every file is named by its
// contents, so a file left behind is never read in place of another; it only takes disk. A
// folder is pruned when the files added to it since it was last pruned number a tenth of the
// files the build kept or more (a cold build, a change to every page: the folder's old files go
// at once), or when it was last pruned over an hour ago; else the build notes how many files it
// added. So a folder holds at most about a tenth more than one build's files, plus what an hour
// of small edits left. The note is a file in the folder, ".pruned": when the folder was last
// pruned, and how many files were added since. Two builds of one site that note at once may lose
// a count: the folder is then pruned a little later, which costs disk only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeEntry } from '../disk-cache.ts';

/** A folder last pruned longer ago than this is pruned again. */
const PRUNE_AFTER_MS = 60 * 60 * 1000;
/** Files added since the last prune, per file kept, from which the folder is pruned. */
const ADDED_SHARE = 0.1;

export class PruneStamp {
  private readonly file: string;
  /** When the folder was last pruned (0: never), and the files added to it since. */
  private readonly last: { at: number; added: number };

  constructor(dir: string) {
    this.file = join(dir, '.pruned');
    this.last = readStamp(this.file);
  }

  /** Whether the folder is to be pruned now, by a build that added `added` files and keeps `kept`. */
  due(added: number, kept: number): boolean {
    const since = Date.now() - this.last.at;
    return since < 0 || since > PRUNE_AFTER_MS || this.last.added + added >= Math.max(1, kept * ADDED_SHARE);
  }

  /** Notes that the folder was pruned just now. */
  pruned(): void {
    writeEntry(this.file, `${Date.now()} 0`);
  }

  /** Notes `added` more files since the last prune. */
  add(added: number): void {
    if (added > 0) writeEntry(this.file, `${this.last.at} ${this.last.added + added}`);
  }
}

function readStamp(file: string): { at: number; added: number } {
  try {
    const [at, added] = readFileSync(file, 'utf8').split(' ').map(Number);
    if (Number.isSafeInteger(at) && Number.isSafeInteger(added) && added! >= 0) return { at: at!, added: added! };
  } catch {
    // Never pruned.
  }
  return { at: 0, added: 0 };
}
