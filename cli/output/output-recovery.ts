// Puts the output folder right after a build was killed. A build writes into a temporary folder
// beside the output (".dist.tmp-<pid>-<random>") and swaps it in with two renames: the old
// output aside (to "<temporary>-old"), the new one in. A build killed between the two renames
// leaves no output folder at all, only the two temporary ones; one killed earlier leaves a half
// written temporary folder. Every helpgen command calls `recoverInterruptedBuilds` first: it
// moves the old output back where it was missing, and removes the temporary folders of builds
// whose process is gone (those of builds still running are left alone). A folder's name holds
// its process id and, on Linux, the process's start time, so a process id reused by another
// program later does not keep a dead build's folder alive. A build that updates the output in
// place (./in-place.ts) and was killed while applying the update leaves a "<temporary>-apply"
// folder: the update is finished from it.
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { rollForward } from './in-place.ts';

/** The temporary folder a build of `outDir` writes into, named after this process. */
export function stagingFolder(outDir: string): string {
  const owner = [process.pid, startTime(process.pid)].filter((part) => part !== undefined).join('.');
  return join(dirname(outDir), `.${basename(outDir)}.tmp-${owner}-${randomBytes(4).toString('hex')}`);
}

/** Where a swap moves the previous output while the new one is renamed in. */
export function asideFolder(staging: string): string {
  return `${staging}-old`;
}

interface TemporaryFolder {
  name: string;
  /** The process that made it (none for folders of helpgen versions that did not record it). */
  pid?: number;
  /** That process's start time, where the system tells it. */
  started?: string;
  /** True for a previous output moved aside by a swap. */
  aside: boolean;
  /** True for an update of the output in place that was being applied (./in-place.ts). */
  applying: boolean;
}

/** Restores a missing output folder and removes stale temporary folders; returns what it did, for the log. */
export function recoverInterruptedBuilds(outDir: string): string[] {
  const parent = dirname(outDir);
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return []; // no parent folder yet: nothing was ever built there
  }
  const stale = names.map((name) => parseTemporaryName(basename(outDir), name)).filter((f): f is TemporaryFolder => f !== undefined && !isRunning(f));
  if (stale.length === 0) return [];
  const notes: string[] = [];
  for (const update of stale.filter((f) => f.applying)) {
    // Killed while applying an update in place: every changed file is in the folder, finish it.
    try {
      rollForward(join(parent, update.name), outDir);
      stale.splice(stale.indexOf(update), 1);
      notes.push(`finished updating ${basename(outDir)}/ for a build that was stopped while updating it`);
    } catch {
      // Another helpgen command is finishing it, or the folder cannot be written: tried again next time.
      stale.splice(stale.indexOf(update), 1);
    }
  }
  if (!existsSync(outDir)) {
    // Killed between the two renames: the previous output is complete, put it back.
    const aside = stale.filter((f) => f.aside).sort((a, b) => modified(join(parent, b.name)) - modified(join(parent, a.name)))[0];
    if (aside) {
      try {
        renameSync(join(parent, aside.name), outDir);
        stale.splice(stale.indexOf(aside), 1);
        notes.push(`restored ${basename(outDir)}/ from a build that was stopped while replacing it`);
      } catch {
        // Another helpgen command restored it a moment ago.
      }
    }
  }
  let removed = 0;
  for (const folder of stale) {
    try {
      rmSync(join(parent, folder.name), { recursive: true, force: true });
      removed++;
    } catch {
      // Not ours to remove (permissions): left as it is, and tried again next time.
    }
  }
  if (removed) notes.push(`removed ${removed} temporary folder${removed === 1 ? '' : 's'} left by stopped builds`);
  return notes;
}

function parseTemporaryName(outName: string, name: string): TemporaryFolder | undefined {
  const prefix = `.${outName}.tmp-`;
  if (!name.startsWith(prefix)) return undefined;
  const match = /^(?:(\d+)(?:\.(\d+))?-)?[0-9a-f]{8}(-old|-apply)?$/.exec(name.slice(prefix.length));
  if (!match) return undefined;
  return { name, pid: match[1] === undefined ? undefined : Number(match[1]), started: match[2], aside: match[3] === '-old', applying: match[3] === '-apply' };
}

function isRunning({ pid, started }: TemporaryFolder): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false; // EPERM: it exists, and belongs to someone else
  }
  return started === undefined || startTime(pid) === started;
}

/** When a process started, in clock ticks since boot (Linux; undefined elsewhere). */
function startTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses; starttime is the 22nd field.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function modified(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}
