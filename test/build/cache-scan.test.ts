// A warm production build takes what the scan made of each unchanged page from the build cache
// (cli/source/scan-cache.ts), keyed by the page file's stamp (size, modification and change
// times, inode: cli/source/file-stamp.ts): it reads only the pages that changed, and still says
// every warning an unread page gave when it was read, as a cold build does. The racy case (a
// save that keeps the stamp) is cli/source/scan-cache.test.ts's; that the warm output equals a
// cold build after every kind of edit is warm-equals-cold.test.ts's.
import { beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type CliRun } from '../helpers/cli.ts';
import { fixture } from '../helpers/site.ts';
import { LONG_MS, TEST_MS } from '../helpers/patience.ts';

const site = mkdtempSync(join(tmpdir(), 'helpgen-scan-cache-'));
const cacheDir = mkdtempSync(join(tmpdir(), 'helpgen-scan-cache-dir-'));
const out = join(mkdtempSync(join(tmpdir(), 'helpgen-scan-cache-out-')), 'dist');
const page = join(site, 'content/guides/advanced.md');
const html = () => readFileSync(join(out, 'support/guides/advanced/index.html'), 'utf8');
/** The page's modification time, in whole seconds so that it can be put back exactly. */
const MTIME = new Date('2024-03-01T09:00:00Z');

/** Saves the page and puts its modification time back to MTIME. */
function save(text: string): void {
  writeFileSync(page, text);
  utimesSync(page, MTIME, MTIME);
  expect(statSync(page).mtimeMs).toBe(MTIME.getTime());
}

function build(...args: string[]): CliRun {
  return runCli(['build', site, '--out', out, ...args], { env: { HELPGEN_CACHE_DIR: cacheDir, HELPGEN_TIMINGS: '1' } });
}

/** How many pages the build's scan read from their files, of how many (HELPGEN_TIMINGS prints it). */
function scanRead(run: CliRun): { read: number; of: number } {
  const counts = /^pages read: (\d+) of (\d+) by the scan/m.exec(run.stderr);
  expect(counts, run.stderr).not.toBeNull();
  return { read: Number(counts![1]), of: Number(counts![2]) };
}

/** The diagnostics a build printed (each with its hint), in order. */
function diagnostics(run: CliRun): string[] {
  return run.stderr.split('\n').filter((line, i, lines) => /^content\/.*: (warning|error):/.test(line) || (i > 0 && /^content\/.*: (warning|error):/.test(lines[i - 1]!)));
}

describe('the scan of a warm build', () => {
  beforeAll(() => {
    cpSync(fixture('basic-site'), site, { recursive: true });
    // A page that warns: no title. Its warning must come on every build, read or not.
    writeFileSync(join(site, 'content/guides/untitled.md'), 'Just a line, and no heading.\n');
    save(readFileSync(page, 'utf8'));
    expect(build().status).toBe(0);
    // A second build: pages changed just before the first one started may be read again (their
    // stamps were not proof enough yet); after this one, none is.
    expect(build().status).toBe(0);
  }, LONG_MS);

  it(
    'fails --strict on the warning of a page it did not read, as a cold build does',
    () => {
      const warm = build('--strict');
      expect(scanRead(warm).read).toBe(0);
      expect(warm.status).toBe(1);
      expect(warm.stderr).toContain('build failed with 0 error(s) and 1 warning(s) (--strict)');
      expect(diagnostics(warm)).toHaveLength(2);
    },
    TEST_MS,
  );

  it(
    'reads only the edited page, and says the warning of a page it did not read as a cold build does',
    () => {
      save(`${readFileSync(page, 'utf8')}\nA line added to one page.\n`);
      const warm = build();
      expect(warm.status, warm.stderr).toBe(0);
      expect(scanRead(warm)).toEqual({ read: 1, of: 5 });
      expect(html()).toContain('A line added to one page.');
      const cold = runCli(['build', site, '--out', join(out, '..', 'cold'), '--no-cache'], { env: { HELPGEN_CACHE_DIR: cacheDir } });
      expect(diagnostics(warm)).toEqual(diagnostics(cold));
      expect(diagnostics(warm)[0]).toMatch(/^content\/guides\/untitled\.md:1:1: warning: page has no title/);
    },
    TEST_MS,
  );

  it(
    'sees an edit that kept the size and put the modification time back (the change time moved)',
    () => {
      // The page was saved just before the last build: a build between makes its stamp proof
      // enough (else it would be read again however it changed).
      expect(build().status).toBe(0);
      const text = readFileSync(page, 'utf8');
      expect(text).toContain('Use a proxy.');
      save(text.replace('Use a proxy.', 'Use a relay.'));
      const warm = build();
      expect(warm.status, warm.stderr).toBe(0);
      expect(scanRead(warm)).toEqual({ read: 1, of: 5 });
      expect(html()).toContain('Use a relay.');
    },
    TEST_MS,
  );
});
