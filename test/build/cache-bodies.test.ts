// The build cache keeps each page's rendered markdown body in a file of its own
// (cli/pipeline/markdown-bodies.ts), and its cache file only the compact part of each page: a
// build that changed one page writes one body and leaves the others' files as they were, and
// a body file that is gone only means its page is rendered again. That the warm output equals
// a cold build after every kind of edit is warm-equals-cold.test.ts's.
import { beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type CliRun } from '../helpers/cli.ts';
import { fixture } from '../helpers/site.ts';
import { LONG_MS, TEST_MS } from '../helpers/patience.ts';

const site = mkdtempSync(join(tmpdir(), 'helpgen-bodies-'));
const cacheDir = mkdtempSync(join(tmpdir(), 'helpgen-bodies-cache-'));
const out = join(mkdtempSync(join(tmpdir(), 'helpgen-bodies-out-')), 'dist');
const cacheFolder = join(cacheDir, 'build-cache');
/** A sentence only one page has, to find where its body is kept (the search index keeps its words, not its HTML). */
const MARKER = 'Quokkas sort the **invoices** by moonlight';
const MARKER_HTML = 'Quokkas sort the <strong>invoices</strong> by moonlight';

function build(): CliRun {
  const run = runCli(['build', site, '--out', out], { env: { HELPGEN_CACHE_DIR: cacheDir } });
  expect(run.status, run.stderr).toBe(0);
  return run;
}

/** The body files, by name, with the time each was last written. */
function bodies(): Map<string, number> {
  const folder = readdirSync(cacheFolder).find((name) => name.endsWith('.markdown'));
  expect(folder, 'a folder of bodies beside the cache file').toBeDefined();
  const dir = join(cacheFolder, folder!);
  // (Not the folder's note of when it was pruned, ".pruned": cli/pipeline/prune-due.ts.)
  const names = readdirSync(dir).filter((name) => !name.startsWith('.'));
  return new Map(names.map((name) => [join(dir, name), statSync(join(dir, name)).mtimeMs]));
}

function cacheFile(): Buffer {
  const file = readdirSync(cacheFolder).find((name) => name.endsWith('.bin'));
  return readFileSync(join(cacheFolder, file!));
}

const page = () => join(site, 'content/guides/advanced.md');

describe('the rendered markdown bodies of the build cache', () => {
  beforeAll(() => {
    cpSync(fixture('basic-site'), site, { recursive: true });
    writeFileSync(page(), `${readFileSync(page(), 'utf8')}\n${MARKER}.\n`);
    build();
  }, LONG_MS);

  it('keeps each body in a file of its own, not in the cache file', () => {
    const files = [...bodies().keys()];
    expect(files.filter((file) => readFileSync(file, 'utf8').includes(MARKER_HTML))).toHaveLength(1);
    expect(cacheFile().includes(MARKER_HTML)).toBe(false);
  });

  it(
    'writes only the changed page body after a one-page edit, and leaves the others as they were',
    () => {
      const before = bodies();
      writeFileSync(page(), readFileSync(page(), 'utf8').replace(MARKER, `${MARKER} and at noon`));
      build();
      const after = bodies();
      const added = [...after.keys()].filter((file) => !before.has(file));
      const removed = [...before.keys()].filter((file) => !after.has(file));
      expect(added).toHaveLength(1);
      expect(readFileSync(added[0]!, 'utf8')).toContain(`${MARKER_HTML} and at noon`);
      expect(removed).toHaveLength(1);
      for (const [file, written] of after) if (before.has(file)) expect(written, file).toBe(before.get(file));
    },
    TEST_MS,
  );

  it(
    'renders a page again when its body file is gone, with the same output',
    () => {
      const html = join(out, 'support/guides/advanced/index.html');
      const expected = readFileSync(html, 'utf8');
      const [file] = [...bodies().keys()].filter((name) => readFileSync(name, 'utf8').includes(MARKER_HTML));
      rmSync(file!);
      build();
      expect(readFileSync(html, 'utf8')).toBe(expected);
      expect(bodies().has(file!)).toBe(true);
    },
    TEST_MS,
  );
});
