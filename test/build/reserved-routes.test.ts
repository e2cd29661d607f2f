// Pages that would be published where something else is: over a file the build writes for itself
// (the not-found and search pages, assets/, sitemap.xml, llms.txt …) or on another page's deploy
// key ("slug: /p/b.md" beside p/b.md served page A's HTML as page B's markdown twin). Each is an
// error at the line that chose the address, naming the other output and what to change.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { scanContent } from '../../cli/source/scan.ts';
import { reservedOutputs } from '../../cli/source/output-claims.ts';
import { keysOfFile } from '../../cli/deploy/object-key.ts';
import { routeToOutputFile } from '../../cli/source/routes.ts';
import { markdownTwinHref } from '../../templates/twin.ts';
import { HelpgenAggregateError, type Diagnostic } from '../../cli/diagnostics/errors.ts';
import { build } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { writeSite } from '../helpers/temp-site.ts';
import { runCli } from '../helpers/cli.ts';
import { fixture } from '../helpers/site.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const page = (frontMatter: string) => `---\ntitle: Page\n${frontMatter}\n---\n\nText.\n`;

/** The scan's errors for a site of these files under content/. */
async function scanProblems(files: Record<string, string>, baseUrl = '/support/'): Promise<Diagnostic[]> {
  const site = writeSite(Object.fromEntries(Object.entries({ 'intro.md': page('slug: /'), ...files }).map(([path, text]) => [`content/${path}`, text])));
  made.push(site);
  try {
    await scanContent({ siteDir: site, baseUrl, exclude: [], report: () => {} });
    return [];
  } catch (error) {
    if (!(error instanceof HelpgenAggregateError)) throw error;
    return error.problems;
  }
}

describe('a page at an address the build keeps for itself', () => {
  it.each([
    ['/404', '/support/404', 'file would be published as support/404, which is the not-found page'],
    ['/404/', '/support/404/', "file would be published as support/404/, which is the not-found page's address"],
    ['/search', '/support/search', 'file would be published as support/search, which is the search page'],
    ['/Search/', '/support/Search/', 'file would be published as support/Search/, which is the search page'],
    ['/sitemap.xml', '/support/sitemap.xml', 'file would be published as support/sitemap.xml, which is the sitemap'],
    ['/llms.txt', '/support/llms.txt', 'file would be published as support/llms.txt, which is llms.txt'],
    ['/assets/search/index.json', '/support/assets/search/index.json', 'file would be published as support/assets/search/index.json, which is inside support/assets/'],
  ])('slug "%s" is an error at its line', async (slug, route, says) => {
    const problems = await scanProblems({ 'a.md': page(`slug: ${slug}`) });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ severity: 'error', code: 'reserved-route', position: { file: 'content/a.md', line: 3, column: 1 } });
    expect(problems[0]!.message).toContain(`slug "${slug}" gives the page the address ${route}, so its ${says}`);
    expect(problems[0]!.hint).toMatch(/^Give the page another address with slug\. The site keeps \/support\/404, search, assets\//);
  });

  it('is an error for a file whose name is reserved, an id, and a category link.slug', async () => {
    const problems = await scanProblems({
      '404.md': page('description: x'),
      'b.md': page('id: search'),
      'guides/one.md': page('description: x'),
      'guides/_category_.json': '{\n  "label": "Guides",\n  "link": { "type": "generated-index", "slug": "/llms.txt" }\n}\n',
    });
    expect(problems.map((p) => [p.code, p.position, p.message.replace(/: one would.*/, '')])).toEqual([
      ['reserved-route', { file: 'content/404.md', line: 1, column: 1 }, 'its file name gives the page the address /support/404, so its file would be published as support/404, which is the not-found page'],
      ['reserved-route', { file: 'content/b.md', line: 3, column: 1 }, 'id "search" gives the page the address /support/search, so its file would be published as support/search, which is the search page'],
      ['reserved-route', { file: 'content/guides/_category_.json', line: 3, column: 40 }, 'link.slug "/llms.txt" gives the page the address /support/llms.txt, so its file would be published as support/llms.txt, which is llms.txt (the site map for AI assistants)'],
    ]);
    expect(problems[0]!.hint).toContain('(rename the file, or add "slug: …" to its front matter)');
  });

  it('keeps the top-level files too when the site is served at the root', async () => {
    const [robots, redirects] = await scanProblems({ 'a.md': page('slug: /robots.txt'), 'b.md': page('slug: /_redirects') }, '/');
    expect(robots?.message).toContain('its file would be published as robots.txt, which is robots.txt');
    expect(redirects?.message).toContain('its file would be published as _redirects, which is the redirects file');
  });

  it('lets pages use addresses beside the reserved ones', async () => {
    expect(await scanProblems({ 'a.md': page('slug: /404-errors'), 'b.md': page('slug: /searching'), 'c.md': page('slug: /llms-full'), 'd/assets.md': page('description: x'), 'e.md': page('slug: /guides/search'), 'f.md': page('slug: /assets') })).toEqual([]);
  });
});

describe('two pages published under one deploy key', () => {
  it('slug "/p/b.md" beside p/b.md is an error at the slug, naming the page whose twin it would replace', async () => {
    const problems = await scanProblems({ 'p/a.md': page('slug: /p/b.md'), 'p/b.md': page('description: x') });
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'output-conflict',
        position: { file: 'content/p/a.md', line: 3, column: 1 },
        message: 'slug "/p/b.md" gives the page the address /support/p/b.md, so its file would be published as support/p/b.md, as the markdown twin of content/p/b.md (/support/p/b) is: one would replace the other',
      }),
    ]);
    expect(problems[0]!.hint).toContain('A page\'s markdown twin is its address with ".md" added');
  });

  it('a slug that lands on a folder page\'s file, or ends in ".html", is an error at the slug', async () => {
    const problems = await scanProblems({ 'x/index.md': page('description: x'), 'y.md': page('slug: /x/index'), 'z.md': page('slug: /x/index.html') });
    expect(problems.map((p) => [p.code, p.position?.file, p.message])).toEqual([
      ['output-conflict', 'content/y.md', 'slug "/x/index" gives the page the address /support/x/index, so its markdown twin would be published as support/x/index.md, as the markdown twin of content/x/index.md (/support/x/) is: one would replace the other'],
      ['unreachable-route', 'content/z.md', 'slug "/x/index.html" gives the page the address /support/x/index.html, which servers answer with a redirect to /support/x/: no reader would reach the page'],
    ]);
    expect(problems[1]!.hint).toBe('Leave ".html" out of the address (slug: /x): every page\'s file is named for it.');
  });
});

describe('the list of reserved outputs', () => {
  it('holds every file a build writes besides pages, their twins, redirect pages, static files and assets/', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'helpgen-reserved-'));
    made.push(outDir);
    const result = await build({ siteDir: fixture('publish-site'), outDir, reporter: new Reporter(() => {}) });
    const pageKeys = new Set(result.pages.flatMap((p) => [...keysOfFile(routeToOutputFile(p.route)), markdownTwinHref(p.route).slice(1)]));
    const redirectPages = new Set(
      readFileSync(join(outDir, '_redirects'), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('/'))
        .map((line) => routeToOutputFile(line.split(' ')[0]!)),
    );
    const staticFiles = fg.sync('**/*', { cwd: join(fixture('publish-site'), 'static'), dot: true }).map((path) => `support/${path}`);
    const { exact, assets } = reservedOutputs({ baseUrl: '/support/' });
    const unaccounted = fg
      .sync('**/*', { cwd: outDir, dot: true })
      .filter((path) => !path.startsWith(assets) && !keysOfFile(path).some((key) => pageKeys.has(key) || exact.has(key)) && !redirectPages.has(path) && !staticFiles.includes(path));
    expect(unaccounted).toEqual([]);
    // and the list names nothing the build does not write (the not-found page's addresses aside)
    const written = new Set(fg.sync('**/*', { cwd: outDir, dot: true }).flatMap((path) => keysOfFile(path)));
    expect([...exact.keys()].filter((key) => !written.has(key))).toEqual(['support/404', 'support/404/']);
  });
});

describe('helpgen build', () => {
  it('fails on "slug: /404" at its line instead of dropping the page', () => {
    const site = writeSite({ 'content/intro.md': page('slug: /'), 'content/errors.md': page('slug: /404') });
    made.push(site);
    const run = runCli(['build', site, '--out', join(site, 'dist')]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('content/errors.md:3:1: error: slug "/404" gives the page the address /support/404, so its file would be published as support/404, which is the not-found page');
    expect(run.stderr).not.toContain('bug in helpgen');
  });
});

describe('files of different names deployed as one object', () => {
  it('are allowed when they are the same redirect ("redirect_from: [/linux, /Linux]", as Homebrew\'s docs have)', () => {
    const site = writeSite({ 'content/intro.md': page('slug: /'), 'content/on-linux.md': page('redirect_from:\n  - /linux\n  - /Linux') });
    made.push(site);
    const run = runCli(['build', site, '--out', join(site, 'dist')]);
    expect(run.stderr).not.toContain('deploy-key-clash');
    expect(run.status).toBe(0);
  });

  it('are an error at the static file: static/guides/start beside the page guides/start, a "….md.html" beside a twin', () => {
    const site = writeSite({
      'content/intro.md': page('slug: /'),
      'content/guides/start.md': page('description: x'),
      'static/guides/start': 'a file without an extension',
      'static/guides/start.md.html': '<p>not the twin</p>',
    });
    made.push(site);
    const run = runCli(['build', site, '--out', join(site, 'dist')]);
    expect(run.status).toBe(1);
    // The page is the folder support/guides/start/ (index.html): a file cannot have its name.
    expect(run.stderr).toContain(
      'static/guides/start: error: static/guides/start would take the place of the folder of the page guides/start (support/guides/start/), which the build writes at the same address (support/guides/start) (static-collision)',
    );
    expect(run.stderr).toContain(
      'static/guides/start.md.html: error: support/guides/start.md.html would be deployed as support/guides/start.md, the same object as support/guides/start.md (the markdown twin of content/guides/start.md): one would replace the other',
    );
  });
});
