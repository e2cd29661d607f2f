// The files of content/ as the last scan listed them, kept by the dev server between rebuilds.
// Listing content/ walks every folder and stats every file (~25-55 ms per save at 1,700 pages,
// more than rendering the saved page); when the watcher says that only known files changed
// (no file added, removed or renamed), the next scan takes the last listing and stats only those.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../diagnostics/errors.ts';
import { listed, type ListedFile } from './list-files.ts';

export class ContentListing {
  private files?: ListedFile[];
  /** What listing them reported (links skipped, names that are not UTF-8): said again when the listing is reused. */
  private diagnostics: Diagnostic[] = [];
  /** Paths under content/ changed since the listing, when the next scan may reuse it. */
  private changed?: Set<string>;

  /** The next scan may reuse the listing: only these files (paths under content/, "/"-separated) changed. */
  onlyChanged(paths: string[]): void {
    if (this.files) this.changed = new Set(paths);
  }

  /** Forgets the listing: the next scan lists content/ again. */
  clear(): void {
    this.files = undefined;
    this.changed = undefined;
  }

  /** The files of `dir`: the last listing with the changed files stat-ed again, or a new listing from `list`. */
  async list(dir: string, report: (d: Diagnostic) => void, list: (report: (d: Diagnostic) => void) => Promise<ListedFile[]>): Promise<ListedFile[]> {
    const changed = this.changed;
    this.changed = undefined;
    const reused = this.files && changed && restat(dir, this.files, changed);
    if (reused) {
      for (const d of this.diagnostics) report(d);
      return (this.files = reused);
    }
    const diagnostics: Diagnostic[] = [];
    this.files = await list((d) => {
      diagnostics.push(d);
      report(d);
    });
    this.diagnostics = diagnostics;
    return this.files;
  }
}

/** The listing with fresh stats for the changed files; undefined when one of them is no longer a file (list again). */
function restat(dir: string, files: ListedFile[], changed: Set<string>): ListedFile[] | undefined {
  const next: ListedFile[] = [];
  for (const file of files) {
    if (!changed.has(file.path)) {
      next.push(file);
      continue;
    }
    const stats = statSync(join(dir, file.path), { bigint: true, throwIfNoEntry: false });
    if (!stats?.isFile()) return undefined;
    next.push(listed(file.path, stats));
  }
  return next;
}
