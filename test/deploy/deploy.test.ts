// `helpgen deploy` end to end against a real S3-compatible server (s3rver) started on
// 127.0.0.1: what goes up and with which headers, what a second deploy does (nothing), a
// changed page, a deleted page with and without --delete, the upload order, --dry-run, and
// what it prints when something is wrong (never a credential).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client, HeadObjectCommand, PutObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { build } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { deploy, type DeployOptions, type DeploySummary } from '../../cli/deploy/deploy.ts';
import { parseTarget } from '../../cli/deploy/target.ts';
import { copyFixture } from '../helpers/site.ts';
import { runCliAsync as runCli } from '../helpers/cli.ts';
import { BUCKET, CREDENTIALS, startS3, type S3TestServer } from '../helpers/s3.ts';

let s3: S3TestServer;
let client: S3Client;
const savedEnv = { ...process.env };

beforeAll(async () => {
  s3 = await startS3();
  Object.assign(process.env, CREDENTIALS);
  client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true });
});

afterAll(async () => {
  client?.destroy();
  await s3?.close();
  process.env = savedEnv;
});

async function buildSite(siteDir: string): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'helpgen-deploy-out-'));
  await build({ siteDir, outDir, reporter: new Reporter(() => {}) });
  return outDir;
}

async function deployTo(root: string, target: string, options: Partial<DeployOptions> = {}): Promise<{ summary: DeploySummary; lines: string[] }> {
  const lines: string[] = [];
  const summary = await deploy({ root, baseUrl: '/support/', target: parseTarget(target), endpoint: s3.endpoint, log: (line) => lines.push(line), ...options });
  return { summary, lines };
}

async function keys(prefix: string): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

const head = (key: string) => client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));

// One site for the two groups below, which run in order: each test deploys on top of the last.
const site = copyFixture('publish-site');
let first: string;
afterAll(() => site.cleanup());

describe('helpgen deploy to an S3-compatible bucket', () => {
  it('uploads every file under the key of its address, with Content-Type and Cache-Control', async () => {
    first = await buildSite(site.dir);
    const { summary } = await deployTo(first, `s3://${BUCKET}/preview`);
    expect(summary.uploaded).toBeGreaterThan(20);
    expect(summary.unchanged).toBe(0);
    const all = await keys('preview/');
    for (const key of ['preview/support/', 'preview/support/guides/start', 'preview/support/reference/cell types/date-cell', 'preview/support/reference/formulas/', 'preview/support/404.html', 'preview/support/sitemap.xml', 'preview/robots.txt', 'preview/_redirects']) {
      expect(all).toContain(key);
    }
    // Each page in its folder (the default layout) is stored at both shapes of its address, so a
    // key-for-key host answers a link with one object, and "/a/b/" (where a static host's
    // redirect leads) works too; no page is stored as a file name.
    expect(all).toContain('preview/support/guides/start/');
    expect(all).toContain('preview/support/reference/formulas');
    expect(all.filter((key) => key.endsWith('index.html'))).toEqual([]);
    expect((await s3.get('/preview/support/guides/start/')).body).toBe((await s3.get('/preview/support/guides/start')).body);

    const page = await head('preview/support/guides/start');
    expect(page.ContentType).toBe('text/html; charset=utf-8');
    expect(page.CacheControl).toBe('public, max-age=0, must-revalidate');
    const css = all.find((key) => key.endsWith('.css'))!;
    expect((await head(css)).CacheControl).toBe('public, max-age=31536000, immutable');
    expect((await head(css)).ContentType).toBe('text/css; charset=utf-8');
    expect((await head('preview/support/sitemap.xml')).CacheControl).toBe('public, max-age=0, must-revalidate');
    // The search entry file keeps its name (so an edit does not change every page): revalidated.
    const searchEntry = await head('preview/support/assets/search/index.json');
    expect(searchEntry.ContentType).toBe('application/json; charset=utf-8');
    expect(searchEntry.CacheControl).toBe('public, max-age=0, must-revalidate');
    // The files it names are named by their content: cached for good.
    for (const folder of ['terms', 'pages']) {
      const file = all.find((key) => key.startsWith(`preview/support/assets/search/${folder}/`))!;
      expect((await head(file)).CacheControl, file).toBe('public, max-age=31536000, immutable');
    }
    expect((await head('preview/support/img/social-card.png')).ContentType).toBe('image/png');
    // A renamed page's old address: a static redirect page, with the redirect set on the object too.
    const moved = await head('preview/support/guides/old-start');
    expect(moved.WebsiteRedirectLocation).toBe('/support/guides/start');
    expect((await head('preview/support/legacy/advanced')).WebsiteRedirectLocation).toBe('/support/guides/advanced#configure-the-cache');
  });

  it('uploads nothing the second time, with one listing request', async () => {
    const { summary, lines } = await deployTo(first, `s3://${BUCKET}/preview`);
    expect(summary).toMatchObject({ uploaded: 0, uploadedBytes: 0, deleted: 0, kept: 0, requests: 1 });
    expect(summary.unchanged).toBeGreaterThan(20);
    expect(lines.at(-1)).toMatch(/^Deployed to s3:\/\/docs\.localhost\/preview\/: uploaded 0 file\(s\) \(0 B\), \d+ unchanged, 0 stale kept/);
  });

  it('uploads a changed page, and the files that list it, but not the other pages', async () => {
    const file = join(site.dir, 'content', 'guides', 'advanced.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Set the cache size in the settings.', 'Set the cache size in Settings > Cache.'));
    const second = await buildSite(site.dir);
    const before = s3.events.length;
    const { summary } = await deployTo(second, `s3://${BUCKET}/preview`);
    const uploaded = s3.events.slice(before).map((event) => event.key);
    expect(uploaded).toContain('preview/support/guides/advanced');
    expect(uploaded).not.toContain('preview/support/guides/start');
    // Besides assets: the page (at both shapes of its address), its markdown twin, and
    // llms-full.txt (which holds every page's text).
    expect(uploaded.filter((key) => !key.includes('/assets/')).sort()).toEqual(['preview/support/guides/advanced', 'preview/support/guides/advanced.md', 'preview/support/guides/advanced/', 'preview/support/llms-full.txt']);
    expect(summary.uploaded).toBe(uploaded.length);
    const page = await s3.get('/preview/support/guides/advanced');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Settings > Cache');
  });
});

describe('helpgen deploy: deletions, order and dry runs', () => {
  it('keeps a deleted page without --delete, deletes it with --delete, and never outside the prefix', async () => {
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'preview-old/keep.txt', Body: 'sibling prefix' }));
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'keep.txt', Body: 'bucket root' }));
    rmSync(join(site.dir, 'content', 'reference', 'formulas', 'functions', 'sum.md'));
    writeFileSync(join(site.dir, 'content', 'reference', 'formulas', 'index.md'), '---\ntitle: Formulas\n---\n\nFormulas compute values.\n');
    const third = await buildSite(site.dir);
    const kept = await deployTo(third, `s3://${BUCKET}/preview`);
    expect(kept.summary.kept).toBeGreaterThan(0);
    expect(kept.summary.deleted).toBe(0);
    expect(kept.lines.at(-1)).toContain('stale kept (--delete removes them)');
    expect(await keys('preview/support/reference/formulas/functions/')).toEqual(['preview/support/reference/formulas/functions/sum', 'preview/support/reference/formulas/functions/sum.md', 'preview/support/reference/formulas/functions/sum/']);

    const dry = await deployTo(third, `s3://${BUCKET}/preview`, { delete: true, dryRun: true });
    expect(dry.lines).toContain('delete support/reference/formulas/functions/sum');
    expect(dry.lines).toContain('delete support/reference/formulas/functions/sum/');
    expect(await keys('preview/support/reference/formulas/functions/')).toHaveLength(3);

    const deleted = await deployTo(third, `s3://${BUCKET}/preview`, { delete: true });
    expect(deleted.summary.deleted).toBe(kept.summary.kept);
    expect(await keys('preview/support/reference/formulas/functions/')).toEqual([]);
    expect(await keys('preview-old/')).toEqual(['preview-old/keep.txt']);
    expect(await keys('keep.txt')).toEqual(['keep.txt']);
    const again = await deployTo(third, `s3://${BUCKET}/preview`, { delete: true });
    expect(again.summary).toMatchObject({ uploaded: 0, deleted: 0, requests: 1 });
  });

  it('uploads files and assets first, then new pages, then changed pages, then the sitemap', async () => {
    writeFileSync(join(site.dir, 'content', 'guides', 'faq.md'), '---\ntitle: FAQ\n---\n\nAnswers. See [advanced](advanced.md).\n');
    const file = join(site.dir, 'content', 'guides', 'start.md');
    writeFileSync(file, readFileSync(file, 'utf8') + '\nQuestions? Read the [FAQ](faq.md).\n');
    const fourth = await buildSite(site.dir);
    const before = s3.events.length;
    await deployTo(fourth, `s3://${BUCKET}/preview`);
    const order = s3.events.slice(before).map((event) => event.key.slice('preview/'.length));
    const isPage = (key: string) => key.endsWith('/') || key.endsWith('.html') || !/\.\w+$/.test(key.split('/').pop()!);
    const step = (key: string) => {
      if (/^(support\/sitemap\.xml|support\/llms(-full)?\.txt|robots\.txt|_redirects)$/.test(key)) return 3; // listings of pages
      if (!isPage(key)) return 0; // files and assets
      return key.replace(/\/$/, '') === 'support/guides/faq' ? 1 : 2; // the new page (both keys), then changed ones
    };
    const kinds = order.map(step);
    expect(new Set(kinds)).toEqual(new Set([0, 1, 2, 3]));
    expect(kinds).toEqual([...kinds].sort());
    expect(order).toContain('support/guides/faq');
    expect(order).toContain('support/guides/start');
    expect(order.slice(-3).sort()).toEqual(['support/llms-full.txt', 'support/llms.txt', 'support/sitemap.xml']);
  });

  it('changes nothing with --dry-run', async () => {
    writeFileSync(join(site.dir, 'content', 'guides', 'faq.md'), '---\ntitle: FAQ\n---\n\nMore answers.\n');
    const fifth = await buildSite(site.dir);
    const before = s3.events.length;
    const { summary, lines } = await deployTo(fifth, `s3://${BUCKET}/preview`, { dryRun: true, delete: true });
    expect(s3.events.length).toBe(before);
    expect(summary.uploaded).toBeGreaterThan(0);
    expect(lines).toContain('upload support/guides/faq (text/html; charset=utf-8; public, max-age=0, must-revalidate)');
    expect(lines.at(-1)).toMatch(/^Dry run for s3:\/\/docs\.localhost\/preview\/ \(nothing changed\): would upload/);
  });
});

describe('helpgen deploy errors', () => {
  const secret = 'never-print-this-secret-7f3a9c';
  const env = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: secret, AWS_REGION: 'us-east-1', AWS_PROFILE: '', AWS_CONFIG_FILE: '/nonexistent', AWS_SHARED_CREDENTIALS_FILE: '/nonexistent' };
  let built: string;
  beforeAll(async () => {
    built = await buildSite(copyFixture('publish-site').dir);
  });

  it('says the store rejected the credentials, exits non-zero and never prints them', async () => {
    const keyId = 'AKIAUNKNOWN7F3A9C';
    const run = await runCli(['deploy', `s3://${BUCKET}/wrong`, 'test/fixtures/publish-site', '--out', built, '--endpoint', s3.endpoint, '--debug'], { env: { ...env, AWS_ACCESS_KEY_ID: keyId } });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('error: the store rejected the credentials (InvalidAccessKeyId) while listing s3://docs.localhost/wrong/');
    expect(run.stderr).toContain('Check the access key and secret');
    expect(run.stdout + run.stderr).not.toContain(secret);
    expect(run.stdout + run.stderr).not.toContain(keyId);
  });

  it('says where credentials come from when there are none', async () => {
    const run = await runCli(['deploy', `s3://${BUCKET}`, 'test/fixtures/publish-site', '--out', built, '--endpoint', s3.endpoint], {
      env: { ...env, AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: '', AWS_EC2_METADATA_DISABLED: 'true', AWS_CONTAINER_CREDENTIALS_FULL_URI: '', AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: '', AWS_WEB_IDENTITY_TOKEN_FILE: '' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('error: no usable AWS credentials while listing s3://docs.localhost/');
    expect(run.stderr).toContain('Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE (or --profile)');
  });

  it('says when the store cannot be reached', async () => {
    const run = await runCli(['deploy', `s3://${BUCKET}`, 'test/fixtures/publish-site', '--out', built, '--endpoint', 'http://127.0.0.1:9'], { env: { ...env, AWS_SECRET_ACCESS_KEY: 'S3RVER' } });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/error: cannot reach http:\/\/127\.0\.0\.1:9 \(ECONNREFUSED\) while listing s3:\/\/docs\.localhost\//);
    expect(run.stderr).toContain('Check --endpoint and that the store is running.');
  });

  it('refuses a bad target, an endpoint with a password in it, and a site that was not built', async () => {
    const bad = await runCli(['deploy', 's3://Bad_Bucket/x', 'test/fixtures/publish-site', '--out', built], { env });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('error: "Bad_Bucket" is not a valid bucket name');
    const dots = await runCli(['deploy', `s3://${BUCKET}/a/../b`, 'test/fixtures/publish-site', '--out', built], { env });
    expect(dots.stderr).toContain('has a ".." segment');
    const withPassword = await runCli(['deploy', `s3://${BUCKET}`, 'test/fixtures/publish-site', '--out', built, '--endpoint', `http://user:${secret}@127.0.0.1:9`], { env });
    expect(withPassword.stderr).toContain('error: --endpoint must not contain a user name or password');
    expect(withPassword.stdout + withPassword.stderr).not.toContain(secret);
    const unbuilt = await runCli(['deploy', `s3://${BUCKET}`, 'test/fixtures/publish-site', '--out', 'no-such-dist'], { env });
    expect(unbuilt.stderr).toContain('error: nothing to deploy');
    expect(unbuilt.stderr).toContain('Run "npx helpgen build" first.');
  });
});
