// "Last updated" dates come from git. A shallow clone (CI often fetches one commit or a few)
// does not know when files older than its history changed: they get no date, never a wrong one,
// and the build says so once.
import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'helpgen-git-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function git(cwd: string, args: string[], date?: string): void {
  execFileSync('git', ['-c', 'user.name=Writer', '-c', 'user.email=writer@example.com', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    env: { ...process.env, ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}) },
    stdio: 'ignore',
  });
}

const page = (title: string, text: string) => `---\ntitle: ${title}\n---\n\n${text}\n`;
const lastUpdated = (out: string, name: string) => /Last updated on <time dateTime="([^"]+)"/.exec(readFileSync(join(out, 'support', name ? `${name}/index.html` : 'index.html'), 'utf8'))?.[1];

describe('last-updated dates', () => {
  it('are left out, not wrong, for files whose history a shallow clone cut off, with one note', () => {
    const origin = join(dir, 'origin');
    mkdirSync(join(origin, 'content'), { recursive: true });
    git(origin, ['init', '-q']);
    writeFileSync(join(origin, 'content', 'index.md'), page('Home', 'Start here.'));
    writeFileSync(join(origin, 'content', 'old.md'), page('Old', 'Written in 2019.'));
    writeFileSync(join(origin, 'content', 'other.md'), page('Other', 'Written in 2019.'));
    git(origin, ['add', '.']);
    git(origin, ['commit', '-qm', 'first'], '2019-03-01T12:00:00Z');
    writeFileSync(join(origin, 'content', 'other.md'), page('Other', 'Changed in 2020.'));
    git(origin, ['commit', '-qam', 'second'], '2020-03-01T12:00:00Z');
    writeFileSync(join(origin, 'content', 'index.md'), page('Home', 'Changed in 2024.'));
    git(origin, ['commit', '-qam', 'third'], '2024-03-01T12:00:00Z');

    const full = runCli(['build', origin, '--out', join(dir, 'full')]);
    expect(full.status).toBe(0);
    expect(full.stderr).not.toContain('shallow');
    expect(lastUpdated(join(dir, 'full'), 'old')).toBe('2019-03-01');

    const clone = join(dir, 'clone');
    git(dir, ['clone', '-q', '--depth', '2', `file://${origin}`, clone]);
    const shallow = runCli(['build', clone, '--out', join(dir, 'shallow')]);
    expect(shallow.status).toBe(0);
    expect(shallow.stderr).toContain('note: this is a shallow git clone, so 2 pages show no "Last updated" date');
    expect(shallow.stderr.match(/shallow git clone/g)).toHaveLength(1);
    expect(lastUpdated(join(dir, 'shallow'), '')).toBe('2024-03-01');
    expect(lastUpdated(join(dir, 'shallow'), 'old')).toBeUndefined(); // the clone cannot know 2019
    expect(lastUpdated(join(dir, 'shallow'), 'other')).toBeUndefined();
  });
});
