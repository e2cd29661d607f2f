// dist/ as it is, on three kinds of host: `helpgen serve`, a real nginx with the docs' server
// block, and an S3-compatible bucket read key for key (as a CDN in front of a REST bucket reads
// it) after `helpgen deploy`. On each, a crawl of every link, canonical URL and sitemap entry
// must get status 200 from one request: no redirect, no rewrite rule. The Ordo help centre is
// crawled with the default layout; a small fixture with each trailingSlash setting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { build, type BuildResult } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { createStaticServer, listen } from '../../cli/serve/server.ts';
import { deploy } from '../../cli/deploy/deploy.ts';
import { parseTarget } from '../../cli/deploy/target.ts';
import { copyFixture, repoRoot } from '../helpers/site.ts';
import { crawlSite, getterFor, type Getter } from '../helpers/crawl.ts';
import { startNginx, type RunningNginx } from '../helpers/nginx.ts';
import { BUCKET, CREDENTIALS, startS3, type S3TestServer } from '../helpers/s3.ts';
import { LONG_MS } from '../helpers/patience.ts';

const savedEnv = { ...process.env };
beforeAll(() => void Object.assign(process.env, CREDENTIALS));
afterAll(() => void (process.env = savedEnv));

interface Hosts {
  serve: Getter;
  nginx: Getter;
  s3: Getter;
}

/** Builds a site and puts it on the three hosts. */
function onThreeHosts(siteDir: () => string): { result: () => BuildResult; hosts: () => Hosts } {
  let result: BuildResult;
  let server: Server;
  let nginx: RunningNginx;
  let s3: S3TestServer;
  let hosts: Hosts;
  beforeAll(async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'helpgen-hosts-'));
    result = await build({ siteDir: siteDir(), outDir, strict: true, reporter: new Reporter(() => {}) });
    server = createStaticServer({ root: outDir, baseUrl: result.config.baseUrl });
    const port = await listen(server, 0, '127.0.0.1');
    nginx = await startNginx(outDir);
    s3 = await startS3();
    await deploy({ root: outDir, baseUrl: result.config.baseUrl, target: parseTarget(`s3://${BUCKET}`), endpoint: s3.endpoint, log: () => {} });
    hosts = {
      serve: getterFor(`http://127.0.0.1:${port}`),
      nginx: getterFor(nginx.origin),
      s3: getterFor(s3.endpoint, `${BUCKET}:${s3.port}`),
    };
  }, LONG_MS); // a strict build (our whole site for one of the matrices), then three hosts (patience.ts)
  afterAll(async () => {
    await new Promise((done) => server?.close(done));
    await nginx?.close();
    await s3?.close();
  });
  return { result: () => result, hosts: () => hosts };
}

async function expectCleanCrawl(get: Getter, result: BuildResult, minimumPages: number): Promise<void> {
  // The search page is reached from the search modal, not from a link.
  const search = result.pages.find((page) => page.kind === 'search')!.href;
  const crawl = await crawlSite(get, { baseUrl: result.config.baseUrl, siteUrl: result.config.url!, start: [search] });
  expect(crawl.problems).toEqual([]);
  expect(crawl.pages).toBeGreaterThanOrEqual(minimumPages);
}

describe('the Ordo help centre, default layout', () => {
  const site = onThreeHosts(() => repoRoot);
  for (const host of ['serve', 'nginx', 's3'] as const) {
    it(`answers every link, canonical URL and sitemap entry with 200 and no redirect on ${host}`, async () => {
      const pages = site.result().pages.filter((page) => page.kind !== 'notFound').length;
      await expectCleanCrawl(site.hosts()[host], site.result(), pages);
    });
  }

  it('serves a page, its assets and the not-found page with the right headers on nginx and S3', async () => {
    for (const get of [site.hosts().nginx, site.hosts().s3]) {
      const page = await get('/support/apps/android');
      expect(page.status).toBe(200);
      expect(page.type).toBe('text/html; charset=utf-8');
      const missing = await get('/support/apps/no-such-page');
      expect(missing.status).toBe(404);
      expect(missing.body).toContain('Page Not Found');
    }
  });
});

for (const trailingSlash of [undefined, true, false]) {
  describe(`a site with trailingSlash ${trailingSlash === undefined ? 'unset' : trailingSlash}`, () => {
    const fixture = copyFixture('publish-site');
    afterAll(() => fixture.cleanup());
    const site = onThreeHosts(() => {
      if (trailingSlash !== undefined) {
        const config = join(fixture.dir, 'help.config.ts');
        writeFileSync(config, readFileSync(config, 'utf8').replace("baseUrl: '/support/',", `baseUrl: '/support/',\n  trailingSlash: ${trailingSlash},`));
      }
      return fixture.dir;
    });

    it('links every page in the shape the option asks for', () => {
      const hrefs = site.result().pages.filter((page) => page.kind === 'doc' || page.kind === 'category').map((page) => page.href);
      const folderIndex = '/support/reference/formulas' + (trailingSlash === false ? '' : '/');
      const page = '/support/guides/start' + (trailingSlash === true ? '/' : '');
      expect(hrefs).toContain(folderIndex);
      expect(hrefs).toContain(page);
      expect(hrefs).toContain('/support/');
    });

    for (const host of ['serve', 'nginx', 's3'] as const) {
      it(`answers every link with 200 and no redirect on ${host}`, async () => {
        await expectCleanCrawl(site.hosts()[host], site.result(), 8);
      });
    }

    it('answers a renamed page\'s old address on every host', async () => {
      const old = '/support/guides/old-start';
      for (const host of ['serve', 'nginx', 's3'] as const) {
        const response = await site.hosts()[host](old);
        if (host === 's3') {
          // A website-style read honours x-amz-website-redirect-location; a CDN reading the REST
          // endpoint gets the redirect page itself, as the other hosts do.
          expect(response.status, host).toBe(301);
          expect(response.location).toBe('/support/guides/start' + (trailingSlash === true ? '/' : ''));
        } else {
          expect(response.status, host).toBe(200);
          expect(response.body).toContain(`location.replace("/support/guides/start${trailingSlash === true ? '/' : ''}"`);
        }
      }
    });
  });
}
