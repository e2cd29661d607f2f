// Names starting with a dot never went live: pages a slug put under ".hidden/" were built and
// linked, but deploy skipped them (a 404 on the live site), and static/.well-known/security.txt
// never reached dist/. Now .well-known/ is published at the top of the site and deployed,
// a page or redirect address with a dot-named part is an error at the line that sets it, and
// deploy says what it does not upload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { build } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { HelpgenAggregateError, formatPosition, type Diagnostic } from '../../cli/diagnostics/errors.ts';
import { deploy } from '../../cli/deploy/deploy.ts';
import { parseTarget } from '../../cli/deploy/target.ts';
import { resolveRequest } from '../../cli/serve/server.ts';
import { writeSite } from '../helpers/temp-site.ts';
import { BUCKET, CREDENTIALS, startS3, type S3TestServer } from '../helpers/s3.ts';

const CONFIG = "export default { title: 'Acme Help', baseUrl: '/support/', url: 'https://help.acme.test' };\n";
const SECURITY_TXT = 'Contact: mailto:security@acme.test\nExpires: 2030-01-01T00:00:00.000Z\n';
const made: string[] = [];
const savedEnv = { ...process.env };

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  process.env = savedEnv;
});

function site(files: Record<string, string>): string {
  const dir = writeSite({ 'help.config.ts': CONFIG, 'content/intro.md': '---\ntitle: Welcome\n---\n\nHello.\n', ...files });
  made.push(dir);
  return dir;
}

/** The problems a build of `dir` fails with, as "file:line:column: message". */
async function buildProblems(dir: string): Promise<{ at: string; message: string; hint?: string }[]> {
  const error = await build({ siteDir: dir, outDir: join(dir, 'dist'), reporter: new Reporter(() => {}) }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(HelpgenAggregateError);
  return (error as HelpgenAggregateError).problems.filter((p: Diagnostic) => p.severity === 'error').map((p) => ({ at: formatPosition(p.position), message: p.message, hint: p.hint }));
}

describe('static/.well-known/', () => {
  let s3: S3TestServer;
  let dir: string;
  beforeAll(async () => {
    s3 = await startS3();
    Object.assign(process.env, CREDENTIALS);
    dir = site({ 'static/.well-known/security.txt': SECURITY_TXT, 'static/.DS_Store': 'Finder data' });
    await build({ siteDir: dir, outDir: join(dir, 'dist'), reporter: new Reporter(() => {}) });
  });
  afterAll(() => s3?.close());

  it('is published at the top of the site, served, and deployed; deploy lists what it does not upload', async () => {
    const out = join(dir, 'dist');
    expect(readFileSync(join(out, '.well-known', 'security.txt'), 'utf8')).toBe(SECURITY_TXT);
    expect(existsSync(join(out, 'support', '.DS_Store'))).toBe(false); // other hidden names in static/ are not published
    expect(resolveRequest(out, '/support/', '/.well-known/security.txt')).toEqual({ kind: 'file', path: join(out, '.well-known', 'security.txt'), status: 200 });

    const lines: string[] = [];
    const summary = await deploy({ root: out, baseUrl: '/support/', target: parseTarget(`s3://${BUCKET}/site`), endpoint: s3.endpoint, log: (line) => lines.push(line) });
    expect(summary.skipped).toEqual([".helpgen-output (the build's list of the files it wrote)"]);
    expect(lines.at(-1)).toContain("skipped .helpgen-output (the build's list of the files it wrote)");
    const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true });
    const object = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'site/.well-known/security.txt' }));
    client.destroy();
    expect(object.ContentType).toBe('text/plain; charset=utf-8');
    expect((await s3.get('/site/.well-known/security.txt')).body).toBe(SECURITY_TXT);
  });
});

describe('addresses with a part starting with a dot', () => {
  it('are errors at the slug, id, link.slug or redirect that sets them, saying how to rename or exclude the page', async () => {
    const dir = site({
      'content/guides/draft.md': '---\ntitle: Draft\nslug: /.hidden/draft\n---\n\nNot yet.\n',
      'content/guides/notes.md': '---\ntitle: Notes\nid: .notes\n---\n\nNotes.\n',
      'content/guides/moved.md': '---\ntitle: Moved\nredirect_from:\n  - .old-moved\n---\n\nMoved here.\n',
      'content/archive/_category_.json': '{\n  "label": "Archive",\n  "link": { "type": "generated-index", "slug": "/.archive" }\n}\n',
      'content/archive/one.md': '---\ntitle: One\n---\n\nOne.\n',
    });
    const problems = await buildProblems(dir);
    expect(problems).toContainEqual({
      at: 'content/guides/draft.md:3:1',
      message: 'slug gives the page the address "/support/.hidden/draft", whose part ".hidden" starts with a dot: hosts and upload tools treat such names as hidden and skip or refuse them, so the page would be missing from the live site',
      hint: 'Rename it without the dot (slug: /hidden/draft), or keep the page out of the site: start its file name with "_", or list it in docs.exclude in help.config.ts.',
    });
    expect(problems).toContainEqual(expect.objectContaining({ at: 'content/guides/notes.md:3:1', message: expect.stringContaining('id gives the page the address "/support/guides/.notes", whose part ".notes" starts with a dot') }));
    expect(problems).toContainEqual(expect.objectContaining({ at: 'content/archive/_category_.json:3:40', hint: 'Rename it without the dot ("slug": "/archive").' }));
    expect(existsSync(join(dir, 'dist'))).toBe(false);

    // Once the pages are fixed, the redirect's old address is reported too.
    const redirect = site({ 'content/guides/moved.md': '---\ntitle: Moved\nredirect_from:\n  - .old-moved\n---\n\nMoved here.\n' });
    expect(await buildProblems(redirect)).toContainEqual(
      expect.objectContaining({ at: 'content/guides/moved.md:3:1', message: expect.stringContaining('redirect_from: ".old-moved" has a part starting with a dot (".old-moved")') }),
    );
  });
});
