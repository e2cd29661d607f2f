// A file in static/ never takes the place of a file the build writes (the home, not-found and
// search pages, the sitemap, llms.txt, a markdown copy, the search index), and is never
// silently dropped for one: each collision is an error at the static file naming both, and
// nothing is written.
import { afterAll, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { HelpgenAggregateError } from '../../cli/diagnostics/errors.ts';
import { fixture } from '../helpers/site.ts';
import { runCli } from '../helpers/cli.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function siteWithStatic(paths: string[]): { dir: string; outDir: string } {
  const root = mkdtempSync(join(tmpdir(), 'helpgen-static-collisions-'));
  made.push(root);
  const dir = join(root, 'site');
  cpSync(fixture('basic-site'), dir, { recursive: true });
  for (const path of paths) {
    mkdirSync(dirname(join(dir, 'static', path)), { recursive: true });
    writeFileSync(join(dir, 'static', path), `operator's ${path}\n`);
  }
  return { dir, outDir: join(root, 'out') };
}

const COLLISIONS: [string, string][] = [
  ['index.html', 'the home page'],
  ['404.html', 'the not-found page'],
  ['sitemap.xml', 'the sitemap'],
  ['llms.txt', 'the llms.txt file for AI tools'],
  ['index.md', "a page's markdown copy"],
  ['assets/search/index.json', "the search index's folder (support/assets/search/)"],
];

/**
 * Pages are folders (search/index.html), so these take no generated file's name, but hosts that
 * try ".html" and deploy's keys (".html" dropped) would serve them at a page's address.
 */
const DEPLOY_CLASHES = ['search.html', 'guides/start.html'];

it('every collision is an error at the static file, naming what it would replace; nothing is written', async () => {
  const { dir, outDir } = siteWithStatic([...COLLISIONS.map(([path]) => path), ...DEPLOY_CLASHES, 'img/logo.png', 'robots.txt']);
  const reporter = new Reporter(() => {});
  await expect(build({ siteDir: dir, outDir, reporter, cache: false })).rejects.toBeInstanceOf(HelpgenAggregateError);
  const collisions = reporter.diagnostics.filter((d) => d.code === 'static-collision');
  expect(collisions.map((d) => [d.severity, d.position?.file])).toEqual(COLLISIONS.map(([path]) => ['error', `static/${path}`]).sort((a, b) => (a[1] < b[1] ? -1 : 1)));
  for (const [path, what] of COLLISIONS) {
    const found = collisions.find((d) => d.position?.file === `static/${path}`)!;
    expect(found.message).toBe(`static/${path} would take the place of ${what}, which the build writes at the same address (support/${path})`);
    expect(found.hint).toMatch(/^Rename or move the file in static\//);
  }
  const clashes = reporter.diagnostics.filter((d) => d.code === 'deploy-key-clash');
  expect(clashes.map((d) => d.position?.file).sort()).toEqual(DEPLOY_CLASHES.map((path) => `static/${path}`).sort());
  // static/robots.txt is published under the base path, apart from the site's own /robots.txt.
  expect(reporter.diagnostics.filter((d) => d.severity === 'error')).toHaveLength(COLLISIONS.length + DEPLOY_CLASHES.length);
  expect(existsSync(outDir)).toBe(false);
});

it('the command line prints each collision at its file and writes no dist/', () => {
  const { dir } = siteWithStatic(['sitemap.xml', 'img/logo.png']);
  const run = runCli(['build', dir], { env: { HELPGEN_WORKERS: '0' } });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('static/sitemap.xml: error: static/sitemap.xml would take the place of the sitemap, which the build writes at the same address (support/sitemap.xml)');
  expect(existsSync(join(dir, 'dist'))).toBe(false);
});

