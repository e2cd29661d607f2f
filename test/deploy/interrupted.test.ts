// A deploy killed half way (SIGKILL, as a lost CI runner or Ctrl+C would leave it) must leave
// every live page working, and running it again must finish the job. The Ordo help centre is
// deployed to s3rver, then a new version (a new page, and a footer change that touches every
// page) is deployed by the real CLI, which is killed as the first page goes up.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { deploy } from '../../cli/deploy/deploy.ts';
import { parseTarget } from '../../cli/deploy/target.ts';
import { repoRoot } from '../helpers/site.ts';
import { crawlSite, getterFor } from '../helpers/crawl.ts';
import { BUCKET, CREDENTIALS, startS3, type S3TestServer } from '../helpers/s3.ts';
import { LONG_MS } from '../helpers/patience.ts';

let s3: S3TestServer;
let site: string;
let v1: string;
let v2: string;
const savedEnv = { ...process.env };
const OLD_FOOTER = 'Copyright © 2026 Ordo. All rights reserved.';
const NEW_FOOTER = 'Copyright © 2026 Ordo Inc. All rights reserved.';

async function buildTo(name: string): Promise<string> {
  const outDir = join(site, name);
  await build({ siteDir: site, outDir, reporter: new Reporter(() => {}) });
  return outDir;
}

beforeAll(async () => {
  Object.assign(process.env, CREDENTIALS);
  site = mkdtempSync(join(tmpdir(), 'helpgen-interrupted-'));
  for (const part of ['content', 'static', 'help.config.ts']) cpSync(join(repoRoot, part), join(site, part), { recursive: true });
  // Enough files that listing the bucket takes more than one page (S3 lists 1,000 keys a page):
  // the site alone writes fewer since its search index has one file per page.
  mkdirSync(join(site, 'static', 'archive'));
  for (let n = 0; n < 600; n++) writeFileSync(join(site, 'static', 'archive', `note-${n}.txt`), `Archived note ${n}.\n`);
  v1 = await buildTo('v1');
  const config = join(site, 'help.config.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace(OLD_FOOTER, NEW_FOOTER));
  writeFileSync(join(site, 'content', 'apps', 'tablets.md'), '---\ntitle: Tablets\ndescription: Use Ordo on a tablet.\n---\n\nThe [Android app](android.md) and the [iOS app](ios.md) work on tablets too.\n');
  v2 = await buildTo('v2');
  s3 = await startS3();
  await deploy({ root: v1, baseUrl: '/support/', target: parseTarget(`s3://${BUCKET}`), endpoint: s3.endpoint, log: () => {} });
}, LONG_MS); // two builds of our whole site (patience.ts)

afterAll(async () => {
  await s3?.close();
  if (site) rmSync(site, { recursive: true, force: true });
  process.env = savedEnv;
});

const isPageKey = (key: string) => key.endsWith('/') || !/\.\w+$/.test(key.split('/').pop()!);

it('leaves every live page working when killed half way, and a rerun completes it', async () => {
  const child = spawn(process.execPath, [join(repoRoot, 'bin', 'helpgen.js'), 'deploy', `s3://${BUCKET}`, site, '--out', v2, '--endpoint', s3.endpoint], {
    env: { ...process.env, NO_COLOR: '1' },
    stdio: 'ignore',
  });
  const pagesSeen: string[] = [];
  const stop = s3.onEvent((event) => {
    if (event.type !== 'Put' || !isPageKey(event.key)) return;
    pagesSeen.push(event.key);
    if (pagesSeen.length === 1) child.kill('SIGKILL');
  });
  const [, signal] = (await new Promise((resolve) => child.once('exit', (...args) => resolve(args)))) as [number | null, string | null];
  stop();
  expect(signal).toBe('SIGKILL');
  // New pages go up before changed ones: the first page up was the new one.
  // (A folder page goes up under both shapes of its address, in either order.)
  expect(pagesSeen[0]?.replace(/\/$/, '')).toBe('support/apps/tablets');

  const get = getterFor(s3.endpoint, `${BUCKET}:${s3.port}`);
  const live = await crawlSite(get, { baseUrl: '/support/', siteUrl: 'https://ordo.app', start: ['/support/search'] });
  expect(live.problems).toEqual([]);
  expect(live.pages).toBeGreaterThan(180);
  const sitemap = (await get('/support/sitemap.xml')).body;
  expect(sitemap).not.toContain('/support/apps/tablets'); // the listings go last

  const rerun = await deploy({ root: v2, baseUrl: '/support/', target: parseTarget(`s3://${BUCKET}`), endpoint: s3.endpoint, log: () => {} });
  expect(rerun.uploaded).toBeGreaterThan(150); // the changed pages the killed run did not reach
  const after = await crawlSite(get, { baseUrl: '/support/', siteUrl: 'https://ordo.app', start: ['/support/search'] });
  expect(after.problems).toEqual([]);
  expect((await get('/support/apps/android')).body).toContain(NEW_FOOTER);
  expect((await get('/support/sitemap.xml')).body).toContain('/support/apps/tablets');
  const again = await deploy({ root: v2, baseUrl: '/support/', target: parseTarget(`s3://${BUCKET}`), endpoint: s3.endpoint, log: () => {} });
  // Nothing changed: only the listing, one request per 1,000 keys (S3's page size).
  expect(again).toMatchObject({ uploaded: 0, requests: Math.ceil((again.unchanged + again.kept) / 1000) });
  expect(again.unchanged).toBeGreaterThan(1000); // so the listing really took more than one page
});
