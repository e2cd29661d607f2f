// A warm build takes an unchanged page's key in the page store, its ids as a link target and
// its link-check view from the build cache's compact entry (cli/pipeline/body-facts.ts), without
// reading the page's rendered markdown body back (cli/pipeline/markdown-bodies.ts): a body is
// read only for a page that is rendered again. The key still changes exactly when the page's
// HTML or its link check would: a renamed heading checks again the pages that link to it, and
// no other page, not even one that links to another heading of the same page. Counted, not
// timed: the build reports the bodies it read (HELPGEN_TIMINGS) and the pages it left as they
// were. That the warm output equals a cold build is warm-equals-cold.test.ts's.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type CliRun } from '../helpers/cli.ts';
import { writeSite } from '../helpers/temp-site.ts';
import { LONG_MS, TEST_MS } from '../helpers/patience.ts';

const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}\n`;

const site = writeSite(
  {
    'content/intro.md': page('Welcome', 'Start with [the setup](setup.md).'),
    'content/setup.md': page('Setup', '## Install the app\n\nRun the installer.\n\n## Sign in\n\nUse your work account.'),
    'content/install-link.md': page('Install link', 'First [install the app](setup.md#install-the-app).'),
    'content/sign-in-link.md': page('Sign-in link', 'Then [sign in](setup.md#sign-in).'),
    'content/notes.md': page('Notes', 'Nothing links here.'),
  },
  'helpgen-page-keys-',
);
const cacheDir = mkdtempSync(join(tmpdir(), 'helpgen-page-keys-cache-'));
const out = join(mkdtempSync(join(tmpdir(), 'helpgen-page-keys-out-')), 'dist');

function build(): CliRun {
  const run = runCli(['build', site, '--out', out], { env: { HELPGEN_CACHE_DIR: cacheDir, HELPGEN_TIMINGS: '1' } });
  expect(run.status, run.stderr).toBe(0);
  return run;
}

/** Bodies the build read back from the build cache, as it reports them. */
function bodiesRead(run: CliRun): number {
  const count = /build cache: (\d+) markdown bodies read/.exec(run.stderr)?.[1];
  expect(count, 'the build reports the bodies it read').toBeDefined();
  return Number(count);
}

/** How many pages the build rendered again (the rest it left in the output as they were). */
function renderedAgain(run: CliRun): number {
  const [, built, unchanged = '0'] = /Built (\d+) pages in [\d.]+ s(?: \((\d+) unchanged)?/.exec(run.stdout) ?? [];
  return Number(built) - Number(unchanged);
}

function edit(path: string, from: string, to: string): void {
  const file = join(site, path);
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

describe('page keys of a warm build', () => {
  beforeAll(() => {
    build();
  }, LONG_MS);

  it(
    "reads no unchanged page's body after a one-page edit",
    () => {
      edit('content/notes.md', 'Nothing links here.', 'Nothing links here yet.');
      const run = build();
      expect(renderedAgain(run)).toBe(1);
      expect(bodiesRead(run)).toBe(0);
    },
    TEST_MS,
  );

  it(
    'renders again the pages that link to a renamed heading, and reads only their bodies',
    () => {
      edit('content/setup.md', '## Install the app', '## Install Acme');
      const run = build();
      // The page edited, and the one whose link lost its target, which the check now reports.
      expect(run.stderr).toMatch(/install-link\.md:\d+:\d+: warning: .*#install-the-app/);
      expect(renderedAgain(run)).toBe(2);
      // Setup's body was rendered in this build; install-link's is read back to render it again.
      expect(bodiesRead(run)).toBe(1);
    },
    TEST_MS,
  );
});
