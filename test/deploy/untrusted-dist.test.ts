// `helpgen deploy --delete` must never empty the live site because of what dist/ holds. A dist/
// copied half way (the copy was stopped), one with files added or edited by hand, and one no
// build wrote are refused before any request changes the bucket, naming the files and saying to
// build again; a real build that would delete more than a fifth of the live pages needs --force
// and says how many. Each case runs against s3rver and checks that the bucket did not change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { build } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { deploy, type DeployOptions } from '../../cli/deploy/deploy.ts';
import { parseTarget } from '../../cli/deploy/target.ts';
import { copyFixture } from '../helpers/site.ts';
import { writeSite } from '../helpers/temp-site.ts';
import { runCliAsync as runCli } from '../helpers/cli.ts';
import { BUCKET, CREDENTIALS, startS3, type S3TestServer } from '../helpers/s3.ts';

let s3: S3TestServer;
let built: string;
const made: string[] = [];
const savedEnv = { ...process.env };
const site = copyFixture('publish-site');
const TARGET = `s3://${BUCKET}/live`;

/** A fresh folder, removed after the tests. */
function temporary(): string {
  const dir = mkdtempSync(join(tmpdir(), 'helpgen-untrusted-'));
  made.push(dir);
  return dir;
}

async function buildSite(siteDir: string): Promise<string> {
  const outDir = join(temporary(), 'dist');
  await build({ siteDir, outDir, reporter: new Reporter(() => {}) });
  return outDir;
}

/** A copy of the built site, changed by `change` (a stopped copy, a hand edit). */
function copyOfBuild(change: (dir: string) => void): string {
  const dir = join(temporary(), 'dist');
  cpSync(built, dir, { recursive: true });
  change(dir);
  return dir;
}

const run = (root: string, options: Partial<DeployOptions> = {}) =>
  deploy({ root, baseUrl: '/support/', target: parseTarget(TARGET), endpoint: s3.endpoint, log: () => {}, ...options });

beforeAll(async () => {
  s3 = await startS3();
  Object.assign(process.env, CREDENTIALS);
  built = await buildSite(site.dir);
  await run(built);
});

afterAll(async () => {
  await s3?.close();
  site.cleanup();
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  process.env = savedEnv;
});

describe('deploy refuses a dist/ that is not what its build wrote', () => {
  it('refuses a partial copy with --delete, lists the missing files, exits non-zero and changes nothing', async () => {
    const files = fg.sync('**', { cwd: built, dot: true }).filter((file) => file !== '.helpgen-output').sort();
    const half = Math.floor(files.length / 2);
    // Stopped half way: the manifest and the first half of the files arrived.
    const partial = copyOfBuild((dir) => {
      for (const file of files.slice(half)) rmSync(join(dir, file));
    });
    const before = s3.events.length;
    const cli = await runCli(['deploy', TARGET, site.dir, '--out', partial, '--endpoint', s3.endpoint, '--delete'], { env: CREDENTIALS });
    expect(cli.status).toBe(1);
    expect(cli.stderr).toMatch(new RegExp(`error: .*dist is not the folder its build wrote \\(.*\\.helpgen-output lists ${files.length} file\\(s\\)\\): ${files.length - half} missing`));
    expect(cli.stderr).toContain(`missing: ${files[half]}, `);
    expect(cli.stderr).toContain('Build the site again (npx helpgen build) and deploy its output as it is. Nothing was uploaded or deleted.');
    expect(s3.events.length).toBe(before);
  });

  it('refuses a dist/ without the manifest, and one with a file added or changed by hand', async () => {
    const handMade = copyOfBuild((dir) => rmSync(join(dir, '.helpgen-output')));
    await expect(run(handMade, { delete: true })).rejects.toThrow(/dist was not written by a helpgen build: it has no \.helpgen-output/);

    const garbled = copyOfBuild((dir) => writeFileSync(join(dir, '.helpgen-output'), 'This folder is written by "helpgen build".\n'));
    await expect(run(garbled, { delete: true })).rejects.toThrow(/\.helpgen-output is not the list of files a helpgen build writes \(it is not JSON\)/);

    const page = 'support/guides/start/index.html';
    const edited = copyOfBuild((dir) => {
      writeFileSync(join(dir, 'support', 'notes.txt'), 'my notes');
      const html = readFileSync(join(dir, page), 'utf8');
      writeFileSync(join(dir, page), html.replace('<title>', '<title>X')); // one byte more
      const twin = join(dir, 'support/guides/start.md');
      const text = readFileSync(twin, 'utf8');
      writeFileSync(twin, text.replace(/[a-z]/, (c) => (c === 'a' ? 'b' : 'a'))); // same size
    });
    const before = s3.events.length;
    const refused = run(edited);
    await expect(refused).rejects.toThrow('2 changed');
    await expect(refused).rejects.toThrow('not written by the build: support/notes.txt');
    await expect(refused).rejects.toThrow(`changed since the build: support/guides/start.md (same size, other content), ${page} (${readFileSync(join(built, page)).length + 1} bytes; the build wrote ${readFileSync(join(built, page)).length})`);
    expect(s3.events.length).toBe(before);
  });
});

describe('deploy --delete of a build that lost much of the site', () => {
  it('needs --force, prints the count, and without it uploads and deletes nothing', async () => {
    // The wrong site deployed to the prefix: a real, complete build that lacks most live pages.
    const other = writeSite({
      'help.config.ts': "export default { title: 'Other', baseUrl: '/support/', url: 'https://help.acme.test' };\n",
      'content/intro.md': '---\ntitle: Welcome\n---\n\nThe other site.\n',
    });
    made.push(other);
    const small = await buildSite(other);
    const before = s3.events.length;
    const keysBefore = (await run(built, { dryRun: true })).unchanged;

    const cli = await runCli(['deploy', TARGET, other, '--out', small, '--endpoint', s3.endpoint, '--delete'], { env: CREDENTIALS });
    expect(cli.status).toBe(1);
    expect(cli.stderr).toMatch(/error: --delete would delete (\d+) of the (\d+) live pages and other files with fixed names under s3:\/\/docs\.localhost\/live\/.*, more than a fifth of the site, so nothing was uploaded or deleted/);
    expect(cli.stderr).toContain('if the site really lost them, run again with --force.');
    expect(s3.events.length).toBe(before);

    const lines: string[] = [];
    const dry = run(small, { delete: true, dryRun: true, log: (line) => lines.push(line) });
    await expect(dry).rejects.toThrow('so a real run would be refused');
    expect(lines).toContain('delete support/guides/start');
    expect(s3.events.length).toBe(before);
    expect((await run(built, { dryRun: true })).unchanged).toBe(keysBefore);

    const forced: string[] = [];
    const summary = await run(small, { delete: true, force: true, log: (line) => forced.push(line) });
    const [, count, live] = /^Deleting (\d+) of the (\d+) live pages/.exec(forced.find((line) => line.startsWith('Deleting')) ?? '') ?? [];
    expect(Number(count)).toBeGreaterThan(Number(live) / 5);
    expect(summary.deleted).toBeGreaterThanOrEqual(Number(count));
    expect((await s3.get('/live/support/guides/start')).status).toBe(404);
  });
});
