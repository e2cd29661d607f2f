// The default dist/ on hosts with no rules at all, as ops and writers use them: Python's
// `python3 -m http.server` (a preview), nginx with Debian's stock server block, and an S3 website
// endpoint after a plain `aws s3 sync` (index document index.html). A crawl follows every link,
// canonical URL and sitemap entry of our site: none may be broken. Each page is a folder of its
// own (a/b/index.html), so a host answers "/a/b" with its own redirect to "/a/b/", once, and
// every route of the spec reaches its page that way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type BuildResult } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { routeToHref } from '../../cli/source/routes.ts';
import { fixture, repoRoot } from '../helpers/site.ts';
import { crawlSite, getPage, getterFor, type Getter } from '../helpers/crawl.ts';
import { STOCK_SERVER_BLOCK, startNginx, type RunningNginx } from '../helpers/nginx.ts';
import { startPythonServer, type RunningPythonServer } from '../helpers/python-server.ts';
import { BUCKET, startS3, syncPlain, type S3TestServer } from '../helpers/s3.ts';
import { LONG_MS } from '../helpers/patience.ts';

const specRoutes = readFileSync(fixture('spec-routes.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('/'));

let result: BuildResult;
let python: RunningPythonServer;
let nginx: RunningNginx;
let s3: S3TestServer;
let hosts: Record<'python http.server' | 'nginx (stock config)' | 'S3 website after aws s3 sync', Getter>;

beforeAll(async () => {
  const outDir = mkdtempSync(join(tmpdir(), 'helpgen-plain-hosts-'));
  result = await build({ siteDir: repoRoot, outDir, strict: true, reporter: new Reporter(() => {}) });
  python = await startPythonServer(outDir);
  nginx = await startNginx(outDir, STOCK_SERVER_BLOCK);
  s3 = await startS3({ indexDocument: 'index.html' });
  await syncPlain(outDir, s3.endpoint);
  hosts = {
    'python http.server': getterFor(python.origin),
    'nginx (stock config)': getterFor(nginx.origin),
    'S3 website after aws s3 sync': getterFor(s3.endpoint, `${BUCKET}:${s3.port}`),
  };
}, LONG_MS); // a strict build of our whole site, then three hosts (patience.ts)

afterAll(async () => {
  await python?.close();
  await nginx?.close();
  await s3?.close();
});

const HOSTS = ['python http.server', 'nginx (stock config)', 'S3 website after aws s3 sync'] as const;

describe('the default dist/ of our site on hosts with no rules', () => {
  for (const host of HOSTS) {
    it(`has no broken link, canonical URL or sitemap entry on ${host}`, async () => {
      const search = result.pages.find((page) => page.kind === 'search')!.href;
      const crawl = await crawlSite(hosts[host], { baseUrl: result.config.baseUrl, siteUrl: result.config.url!, start: [search], folderRedirects: true });
      expect(crawl.problems).toEqual([]);
      expect(crawl.pages).toBeGreaterThanOrEqual(result.pages.filter((page) => page.kind !== 'notFound').length);
    });

    it(`brings every route of the spec to its page, with at most the host's one redirect, on ${host}`, async () => {
      const wrong: string[] = [];
      for (const route of specRoutes) {
        const response = await getPage(hosts[host], routeToHref(route), true);
        const canonical = /<link rel="canonical" href="([^"]*)"/.exec(response.body)?.[1];
        if (response.status !== 200 || canonical !== result.config.url!.replace(/\/+$/, '') + routeToHref(route)) {
          wrong.push(`${route}: ${response.status} at ${response.path}, canonical ${canonical}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});
