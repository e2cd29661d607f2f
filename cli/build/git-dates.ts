// Last-updated dates from git, for the whole content folder in one `git log` call
// (one process per file would cost seconds on a large site).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { relative } from 'node:path';

const run = promisify(execFile);

/** Map from path under content/ to the ISO date (UTC) of the newest commit touching it. */
export async function lastUpdatedDates(siteDir: string, contentDir: string): Promise<Map<string, string>> {
  const dates = new Map<string, string>();
  let stdout: string;
  try {
    const top = (await run('git', ['rev-parse', '--show-toplevel'], { cwd: siteDir })).stdout.trim();
    ({ stdout } = await run('git', ['log', '--format=%x00%ct', '--name-only', '--no-renames', '--', relative(top, contentDir) || '.'], {
      cwd: top,
      maxBuffer: 256 * 1024 * 1024,
    }));
    const prefix = relative(top, contentDir);
    let current = '';
    for (const line of stdout.split('\n')) {
      if (line.startsWith('\u0000')) {
        current = new Date(Number(line.slice(1)) * 1000).toISOString().slice(0, 10);
      } else if (line && current) {
        const rel = prefix ? (line.startsWith(prefix + '/') ? line.slice(prefix.length + 1) : undefined) : line;
        if (rel !== undefined && !dates.has(rel)) dates.set(rel, current);
      }
    }
  } catch {
    // Not a git checkout, or git is missing: pages simply show no date.
  }
  return dates;
}
