// What a build gives search engines, sharing and renamed pages: sitemap <lastmod> from the
// "Last updated" dates, the warning for a site without `url` (which --strict does not fail on),
// og:image from the config, redirect pages and _redirects, and the problems a redirect can have.
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { buildOnce, copyFixture, repoRoot } from '../helpers/site.ts';
import { LONG_MS } from '../helpers/patience.ts';

const read = (dir: string, path: string) => readFileSync(join(dir, path), 'utf8');

function editConfig(dir: string, edit: (text: string) => string): void {
  const file = join(dir, 'help.config.ts');
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
}

async function tryBuild(siteDir: string, strict = false) {
  const reporter = new Reporter(() => {});
  const outDir = join(siteDir, 'dist');
  try {
    await build({ siteDir, outDir, strict, reporter });
    return { ok: true, reporter, outDir };
  } catch {
    return { ok: false, reporter, outDir };
  }
}

// Each test may be the one that builds our whole site (buildOnce): LONG_MS (patience.ts).
describe('sitemap and sharing', { timeout: LONG_MS }, () => {
  it('gives each page the <lastmod> of its "Last updated" date', async () => {
    const result = await buildOnce(repoRoot);
    const page = read(result.outDir, 'support/user-docs/records/locking/index.html');
    const shown = /Last updated on <time dateTime="(\d{4}-\d{2}-\d{2})">/.exec(page)?.[1];
    expect(shown).toBeDefined();
    const sitemap = read(result.outDir, 'support/sitemap.xml');
    expect(sitemap).toContain(`<url><loc>https://ordo.app/support/user-docs/records/locking</loc><lastmod>${shown}</lastmod>`);
    const dated = sitemap.match(/<lastmod>/g)?.length ?? 0;
    const docs = result.pages.filter((p) => p.kind === 'doc').length;
    expect(dated).toBe(docs);
  });

  it('shares pages with the configured picture', async () => {
    const result = await buildOnce(repoRoot);
    const page = read(result.outDir, 'support/apps/android/index.html');
    expect(page).toContain('<meta property="og:image" content="https://ordo.app/support/img/ordo-social-card.png"/>');
    expect(page).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(existsSync(join(result.outDir, 'support/img/ordo-social-card.png'))).toBe(true);
  });
});

describe('a site without url', () => {
  const site = copyFixture('publish-site');
  afterAll(() => site.cleanup());

  it('warns, and writes no canonical URL and no sitemap; --strict warns too but does not fail (a new site\'s CI passes)', async () => {
    editConfig(site.dir, (text) => text.replace("  url: 'https://help.acme.test',\n", ''));
    const loose = await tryBuild(site.dir);
    expect(loose.ok).toBe(true);
    expect(loose.reporter.warnings.map((w) => `${w.position?.file}: ${w.message} (${w.code})`)).toEqual([
      'help.config.ts: url is not set, so pages have no canonical URL and the site has no sitemap.xml (missing-url)',
    ]);
    const page = read(loose.outDir, 'support/guides/start/index.html');
    expect(page).not.toContain('rel="canonical"');
    expect(page).not.toContain('og:url');
    expect(page).not.toContain('og:image'); // a site path needs the origin to be a full URL
    expect(existsSync(join(loose.outDir, 'support/sitemap.xml'))).toBe(false);
    expect(read(loose.outDir, 'robots.txt')).not.toContain('Sitemap:');
    const strict = await tryBuild(site.dir, true);
    expect(strict.ok).toBe(true);
    expect(strict.reporter.warnings.map((w) => w.code)).toEqual(['missing-url']);
  });
});

describe('redirects for renamed pages', () => {
  const site = copyFixture('publish-site');
  afterAll(() => site.cleanup());

  it('writes a redirect page per old address and lists them in _redirects', async () => {
    const result = await buildOnce(site.dir);
    expect(result.reporter.diagnostics).toEqual([]);
    expect(read(result.outDir, '_redirects').split('\n').filter((l) => l.startsWith('/'))).toEqual([
      '/support/getting-started /support/guides/start 301',
      '/support/guides/advanced-old /support/guides/advanced#configure-the-cache 301',
      '/support/guides/first-steps /support/guides/start 301',
      '/support/guides/old-start /support/guides/start 301',
      '/support/legacy/advanced /support/guides/advanced#configure-the-cache 301',
    ]);
    const page = read(result.outDir, 'support/legacy/advanced/index.html');
    expect(page).toContain('<meta http-equiv="refresh" content="0; url=/support/guides/advanced#configure-the-cache">');
    expect(page).toContain('<link rel="canonical" href="https://help.acme.test/support/guides/advanced#configure-the-cache">');
    expect(page).toContain('<meta name="robots" content="noindex">');
    // The reader's own #section wins over the redirect's.
    expect(page).toContain('location.replace("/support/guides/advanced"+location.search+(location.hash||"#configure-the-cache"))');
    expect(read(result.outDir, 'support/sitemap.xml')).not.toContain('old-start');
  });

  it('fails on a redirect to a missing page or from a page\'s own address, at its declaration', async () => {
    editConfig(site.dir, (text) => text.replace("{ from: '/guides/old-start', to: '/guides/start' },", "{ from: '/guides/old-start', to: '/guides/gone' },\n    { from: '/guides/advanced', to: '/guides/start' },"));
    writeFileSync(join(site.dir, 'content/guides/advanced.md'), readFileSync(join(site.dir, 'content/guides/advanced.md'), 'utf8').replace('sidebar_position: 2\n', 'sidebar_position: 2\nredirect_from: ../../outside\n'));
    const failed = await tryBuild(site.dir);
    expect(failed.ok).toBe(false);
    const problems = failed.reporter.errors.map((e) => `${e.position?.file}${e.position?.line ? `:${e.position.line}` : ''}: ${e.message}`);
    expect(problems).toEqual(
      expect.arrayContaining([
        'help.config.ts: redirects[0].to: the new address "/guides/gone" is not a page of the site',
        'help.config.ts: redirects[1].from: "/guides/advanced" is the address of the page "Advanced setup", so it cannot redirect',
        'content/guides/advanced.md:5: redirect_from: "../../outside" has a "." or ".." segment',
      ]),
    );
  });

  it('warns about a link to an old address and names the new one', async () => {
    const fresh = copyFixture('publish-site');
    writeFileSync(join(fresh.dir, 'content/guides/faq.md'), '---\ntitle: FAQ\n---\n\nSee [the old start](/support/guides/old-start).\n');
    const result = await tryBuild(fresh.dir);
    fresh.cleanup();
    expect(result.reporter.warnings.map((w) => `${w.position?.file}:${w.position?.line}: ${w.message} (${w.code})`)).toEqual([
      'content/guides/faq.md:5: link "the old start" to /support/guides/old-start, an old address that redirects to /support/guides/start (redirected-link)',
    ]);
    expect(result.reporter.warnings[0]!.hint).toBe('Link to /support/guides/start instead: readers then skip the redirect.');
  });
});
