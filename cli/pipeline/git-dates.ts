// Last-updated dates from git, for the whole content folder in one `git log` call
// (one process per file would cost seconds on a large site).
//
// In a shallow clone (CI checkouts often fetch one commit) the oldest commit git has stands
// for all the history it lacks: every file it holds would get that commit's date. Those files
// get no date instead, and the build says once why, so a shallow clone never publishes dates
// that are wrong.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { relative, resolve } from 'node:path';

const run = promisify(execFile);

export interface GitDates {
  /** Path under content/ → ISO date (UTC) of the newest commit touching it. */
  dates: Map<string, string>;
  /** In a shallow clone: how many files got no date because their history was cut off. */
  cutOff: number;
}

export async function lastUpdatedDates(siteDir: string, contentDir: string): Promise<GitDates> {
  const dates = new Map<string, string>();
  const undated = new Set<string>();
  try {
    // One process for what git can say at once: starting one blocks the main thread while it
    // forks (10-50 ms each in a build's process, more on a busy machine), and these ran in turn.
    const [top = '', shallow, shallowFile = ''] = (await run('git', ['rev-parse', '--show-toplevel', '--is-shallow-repository', '--git-path', 'shallow'], { cwd: siteDir })).stdout.split('\n');
    const cut = shallow === 'true' ? await shallowBoundary(resolve(siteDir, shallowFile)) : new Set<string>();
    const { stdout } = await run('git', ['log', '--format=%x00%ct %H', '--name-only', '--no-renames', '--', relative(top, contentDir) || '.'], {
      cwd: top,
      maxBuffer: 256 * 1024 * 1024,
    });
    const prefix = relative(top, contentDir);
    let current = '';
    let boundary = false;
    for (const line of stdout.split('\n')) {
      if (line.startsWith('\u0000')) {
        const [time, hash] = line.slice(1).split(' ');
        current = new Date(Number(time) * 1000).toISOString().slice(0, 10);
        boundary = cut.has(hash!);
      } else if (line && current) {
        const rel = prefix ? (line.startsWith(prefix + '/') ? line.slice(prefix.length + 1) : undefined) : line;
        if (rel === undefined || dates.has(rel)) continue;
        if (boundary) undated.add(rel);
        else dates.set(rel, current);
      }
    }
  } catch {
    // Not a git checkout, or git is missing: pages simply show no date.
  }
  return { dates, cutOff: undated.size };
}

/** The commits a shallow clone's history stops at, from its shallow file. */
async function shallowBoundary(file: string): Promise<Set<string>> {
  return new Set((await readFile(file, 'utf8')).split('\n').filter(Boolean));
}

let told = false;

/** The one line a build prints about a shallow clone (once per process). */
export function shallowCloneNotice(cutOff: number): string | undefined {
  if (cutOff === 0 || told) return undefined;
  told = true;
  return (
    `note: this is a shallow git clone, so ${cutOff === 1 ? '1 page shows' : `${cutOff} pages show`} no "Last updated" date (their history is not in the clone). ` +
    'Fetch the full history for dates: git fetch --unshallow (GitHub Actions: actions/checkout with fetch-depth: 0).'
  );
}
