// When a large site's build finishes its search index: before the shared files and the pages
// when it rendered the markdown of a tenth of its pages or more (a cold build: the index
// worker's finish is then the memory peak), while the pages are made when it rendered fewer (a
// warm build after a small edit: the main thread no longer waits for the index). Either way
// the output is the same bytes, search index included. HELPGEN_INDEX_FIRST_FROM=1 makes this
// small site count as large (cli/pipeline/runtime/build-runtime.ts).
import { afterAll, describe, expect, it } from 'vitest';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { runCli, type CliRun } from '../helpers/cli.ts';
import { writeSite } from '../helpers/temp-site.ts';
import { TEST_MS } from '../helpers/patience.ts';

const TOPICS = ['invoices', 'reports', 'exports', 'imports', 'teams', 'roles', 'billing', 'alerts', 'webhooks', 'tokens', 'backups', 'audits', 'themes', 'filters', 'labels', 'calendars', 'comments', 'mentions', 'archives', 'sharing'];

const files: Record<string, string> = {
  'help.config.ts': "export default { title: 'Overlap Help', url: 'https://help.example.com', baseUrl: '/' };\n",
  'content/intro.md': '---\ntitle: Welcome\nslug: /\n---\n\nStart with [invoices](topics/invoices.md).\n',
};
for (const [i, topic] of TOPICS.entries()) {
  files[`content/topics/${topic}.md`] = `---\ntitle: Working with ${topic}\nsidebar_position: ${i + 1}\n---\n\n## Create ${topic}\n\nOpen the ${topic} tab and choose New.\n\n## Remove ${topic}\n\nSelect them and press Delete.\n`;
}
const site = writeSite(files, 'helpgen-overlap-');
const outputs = mkdtempSync(join(tmpdir(), 'helpgen-overlap-out-'));
const cache = mkdtempSync(join(tmpdir(), 'helpgen-overlap-cache-'));
afterAll(() => {
  for (const dir of [site, outputs, cache]) rmSync(dir, { recursive: true, force: true });
});

function build(out: string, ...flags: string[]): CliRun {
  const run = runCli(['build', site, '--out', join(outputs, out), ...flags], { env: { HELPGEN_CACHE_DIR: cache, HELPGEN_TIMINGS: '1', HELPGEN_INDEX_FIRST_FROM: '1' } });
  expect(run.status, run.stderr).toBe(0);
  return run;
}

/** The build's phases in the order they ended, as HELPGEN_TIMINGS prints them ("scan 12 ms, markdown 40 ms, …"). */
function phases(run: CliRun): string[] {
  const line = run.stderr.split('\n').find((l) => l.startsWith('scan '));
  if (!line) throw new Error(`no timings in:\n${run.stderr}`);
  return line.split(', ').map((phase) => phase.replace(/ \d+ ms$/, ''));
}

/** Whether the index was finished before the shared files and pages were made. */
function indexFirst(run: CliRun): boolean {
  const order = phases(run);
  const index = order.findIndex((phase) => phase.startsWith('search index'));
  expect(order[index], 'the index was built on its worker').toBe('search index (indexed on a worker)');
  return index < order.indexOf('client assets and shared files');
}

function contents(dir: string): Map<string, string> {
  const root = join(outputs, dir);
  return new Map(fg.sync('**/*', { cwd: root, dot: true }).sort().map((file) => [file, readFileSync(join(root, file), 'latin1')]));
}

describe('the search index of a large site', () => {
  it('is finished first by a cold build, while the pages are made by a warm one, with the same output', () => {
    expect(indexFirst(build('first')), 'a cold build finished the index first').toBe(true);
    appendFileSync(join(site, 'content/topics/webhooks.md'), '\n## Retry webhooks\n\nA failed delivery is retried with a zebrafish backoff.\n');
    const warm = build('warm');
    expect(indexFirst(warm), 'a warm build that rendered one page waited for the index').toBe(false);
    expect(indexFirst(build('cold', '--no-cache')), 'a cold build finished the index first').toBe(true);
    const [warmFiles, coldFiles] = [contents('warm'), contents('cold')];
    expect([...warmFiles.keys()]).toEqual([...coldFiles.keys()]);
    for (const [file, text] of warmFiles) expect(text, file).toBe(coldFiles.get(file));
    // The index files are there, and the edit is in them.
    const search = [...warmFiles.keys()].filter((file) => file.startsWith('assets/search/'));
    expect(search).toContain('assets/search/index.json');
    expect(search.some((file) => warmFiles.get(file)!.includes('zebrafish'))).toBe(true);
  }, TEST_MS);
});
