// Errors that named the wrong thing (issue 32, item 8): each names the file, line or disk that
// caused it. A full output disk named helpgen's cache (on a disk with room to spare), an
// unusable `url` or `baseUrl` passed validation and failed later (as "a bug in helpgen", in
// robots.txt, or blamed on a content file), and a broken image in a heading was blamed on the
// breadcrumbs, with no line.
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeSystemError, failedAt } from '../../cli/diagnostics/system-errors.ts';
import { validateConfig } from '../../cli/config/load.ts';
import { HelpgenError } from '../../cli/diagnostics/errors.ts';
import { runCli } from '../helpers/cli.ts';
import { fixture } from '../helpers/site.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
const temp = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `helpgen-${name}-`));
  made.push(dir);
  return dir;
};

/** The basic fixture in a temporary folder, its config's `key` set to a JS literal, with a page added. */
function siteWith(config?: [key: string, literal: string], page?: [path: string, text: string]): string {
  const site = temp('site');
  cpSync(fixture('basic-site'), site, { recursive: true });
  if (config) {
    const file = join(site, 'help.config.ts');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(new RegExp(`^  ${config[0]}: .*$`, 'm'), `  ${config[0]}: ${config[1]},`));
  }
  if (page) writeFileSync(join(site, 'content', page[0]), page[1]);
  return site;
}

/** A tmpfs of `kb` kilobytes, where the machine lets this process mount one (root in a container that allows it). */
function smallDisk(kb: number): string | undefined {
  if (process.getuid?.() !== 0 || process.platform !== 'linux') return undefined;
  const dir = temp('small-disk');
  return spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${kb}k`, 'tmpfs', dir]).status === 0 ? dir : undefined;
}

describe('a full disk', () => {
  it('is blamed on the file being written, not the cache file it is copied from, and names that disk', () => {
    const out = temp('out');
    const cacheFile = join(temp('cache'), 'main.ABCDEFGH.js');
    // What Node's copyFile rejects with when the destination's disk is full: its path is the source.
    const error = Object.assign(new Error(`ENOSPC: no space left on device, copyfile '${cacheFile}' -> '${join(out, 'main.js')}'`), {
      code: 'ENOSPC',
      errno: -28,
      syscall: 'copyfile',
      path: cacheFile,
      dest: join(out, 'main.js'),
    });
    const described = describeSystemError(error)!;
    expect(described.message).toMatch(new RegExp(`^cannot write ${join(out, 'main.js').replace(/[.]/g, '\\.')}: the disk is full \\(the disk mounted at /\\S* has [\\d.]+ [kMG]B free\\)$`));
    expect(described.message).not.toContain(cacheFile);
  });

  it('names the file of a write that Node reports without one', () => {
    const error = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    const file = join(temp('out'), 'page.html');
    expect(describeSystemError(failedAt(error, file))?.message).toMatch(new RegExp(`^cannot write ${file.replace(/[.]/g, '\\.')}: the disk is full \\(the disk mounted at `));
  });

  it('fails a build into a full disk naming the output\'s disk, not "a bug in helpgen"', (context) => {
    const disk = smallDisk(600);
    if (!disk) return context.skip('mounting a small tmpfs needs root on Linux');
    try {
      const run = runCli(['build', fixture('basic-site'), '--out', join(disk, 'out')]);
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(new RegExp(`error: cannot write ${disk}/\\S+: the disk is full \\(the disk mounted at ${disk} has \\d+ kB free\\)`));
      expect(run.stderr).not.toContain('bug in helpgen');
      expect(run.stderr).not.toContain('.cache');
    } finally {
      spawnSync('umount', [disk]);
    }
  });
});

describe('the site address in help.config.ts', () => {
  const problem = (raw: Record<string, unknown>) => {
    try {
      validateConfig({ title: 'T', product: { name: 'Acme', slug: 'acme' }, ...raw }, 'help.config.ts');
    } catch (error) {
      expect(error).toBeInstanceOf(HelpgenError);
      return (error as Error).message;
    }
    return undefined;
  };

  it.each([
    ['javascript:alert(1)', '"javascript:" is not a web address'],
    ['data:text/html,hi', '"data:" is not a web address'],
    ['ftp://files.acme.test', '"ftp:" is not a web address'],
    ['https://acme.test/"x\'', '""" has no place in the address'],
    ["https://acme.test/it's", `"'" has no place in the address`],
    ['https://acme.test/a b', 'white space or a control character has no place in the address'],
    ['https://acme.test/<b>', '"<" has no place in the address'],
    ['https://acme.test/?utm=1', "the site's address has no ?query or #fragment"],
    ['https://acme.test/#top', "the site's address has no ?query or #fragment"],
    ['https://user:pw@acme.test', 'a user name or password has no place'],
    ['https:acme.test', 'give it as https://host, with two slashes after the scheme'],
    ['acme.test', 'not a web address'],
  ])('url %j is refused at the url key', (url, says) => {
    const message = problem({ url });
    expect(message).toContain('invalid configuration in help.config.ts');
    expect(message).toContain(`url: ${says}`);
  });

  it.each(['https://acme.test', 'http://localhost:8080', 'https://acme.test/docs', 'https://acme.test/docs/'])('url %j is accepted', (url) => {
    expect(problem({ url })).toBeUndefined();
  });

  it.each([
    ['/../../x/', 'a "." or ".." folder has no place in it'],
    ['/docs/../', 'a "." or ".." folder has no place in it'],
    ['/./', 'a "." or ".." folder has no place in it'],
    ['/a"b/', '""" has no place in it'],
    ['/a?b/', '"?" has no place in it'],
  ])('baseUrl %j is refused at the baseUrl key', (baseUrl, says) => {
    expect(problem({ baseUrl })).toContain(`baseUrl: ${says}`);
  });

  it('a javascript: url fails the build at its line in help.config.ts, and a ".." baseUrl is not blamed on a page', () => {
    const js = runCli(['build', siteWith(['url', "'javascript:alert(1)'"]), '--out', join(temp('out'), 'dist')]);
    expect(js.status).toBe(1);
    expect(js.stderr).toContain('help.config.ts:7:3: error: invalid configuration in help.config.ts:\n  url: "javascript:" is not a web address');
    expect(js.stderr).not.toContain('bug in helpgen');
    const climbing = runCli(['build', siteWith(['baseUrl', "'/../../x/'"]), '--out', join(temp('out'), 'dist')]);
    expect(climbing.status).toBe(1);
    expect(climbing.stderr).toContain('help.config.ts:8:3: error: invalid configuration in help.config.ts:\n  baseUrl: a "." or ".." folder has no place in it');
    expect(climbing.stderr).not.toContain('content/');
  });
});

describe('a broken image inside a heading', () => {
  it('is one error at the image in the page, not one blamed on the breadcrumbs with no line', () => {
    const site = siteWith(undefined, ['guides/icons.md', '---\ntitle: Icons\n---\n\nText.\n\n## Setup ![gear](missing-gear.png)\n\nMore.\n']);
    const run = runCli(['build', site, '--out', join(temp('out'), 'dist')]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('content/guides/icons.md:7:10: error: broken link "gear" to /support/guides/missing-gear.png');
    expect(run.stderr).not.toContain('breadcrumbs, pagination or category cards');
    expect(run.stderr).toContain('build failed with 1 error(s)');
  });
});
