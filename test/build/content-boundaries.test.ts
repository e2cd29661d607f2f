// What a hostile contributor's pull request can make a build do: nothing outside the output
// folder is written, nothing outside the site folder is published, and links that loop do not
// hang the build. Each site sits in a temporary folder of its own, which is all a build that
// went wrong could reach.
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { runCli } from '../helpers/cli.ts';
import { fixture } from '../helpers/site.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** outer/site: a copy of the basic fixture, with outer/ as the furthest a bad path may reach. */
function siteIn(): { outer: string; site: string } {
  const outer = mkdtempSync(join(tmpdir(), 'helpgen-bounds-'));
  made.push(outer);
  const site = join(outer, 'site');
  cpSync(fixture('basic-site'), site, { recursive: true });
  return { outer, site };
}

const page = (frontMatter: string, body = 'Text.') => `---\ntitle: Page\n${frontMatter}\n---\n\n${body}\n`;

describe('front matter that points outside the output folder', () => {
  it.each([
    ['id', 'id: ../../../../x/pwn'],
    ['slug', 'slug: ../../../../x/pwn'],
  ])('is an error at the %s line, and nothing is written', (key, line) => {
    const { outer, site } = siteIn();
    writeFileSync(join(site, 'content', 'guides', 'pwn.md'), page(line));
    const run = runCli(['build', site]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`content/guides/pwn.md:3:1: error: ${key} "../../../../x/pwn" climbs above the top of the site with ".."`);
    expect(run.stderr).not.toContain('bug in helpgen');
    expect(existsSync(join(outer, 'x'))).toBe(false);
    expect(fg.sync('**/pwn/**', { cwd: outer, dot: true })).toEqual([]);
  });

  it('is an error at the link.slug of a _category_.json', () => {
    const { site } = siteIn();
    writeFileSync(join(site, 'content', 'guides', '_category_.json'), '{\n  "label": "Guides",\n  "link": { "type": "generated-index", "slug": "../../x/cat" }\n}\n');
    const run = runCli(['build', site]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('content/guides/_category_.json:3:40: error: link.slug "../../x/cat" climbs above the top of the site');
    expect(existsSync(join(site, 'x'))).toBe(false);
  });
});

describe('files outside the site folder', () => {
  it('are never published: links to them are broken links at their file:line:col', () => {
    const { outer, site } = siteIn();
    writeFileSync(join(outer, 'secret.txt'), 'TOP SECRET');
    symlinkSync(join(outer, 'secret.txt'), join(site, 'content', 'guides', 'notes.txt'));
    writeFileSync(
      join(site, 'content', 'guides', 'leak.md'),
      page('', '[passwd](../../../../../../../../etc/passwd)\n\n![secret](../../../secret.txt)\n\n[notes](notes.txt)'),
    );
    const run = runCli(['build', site, '--out', join(outer, 'out')]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('content/guides/leak.md:6:1: error: broken link "passwd" to /etc/passwd');
    expect(run.stderr).toMatch(/content\/guides\/leak\.md:8:1: error: broken link "secret" to \S*secret\.txt/);
    expect(run.stderr).toContain('content/guides/leak.md:10:1: error: broken link "notes" to /support/guides/notes.txt');
    expect(run.stderr).toContain('content/guides/notes.txt: warning: symbolic link content/guides/notes.txt leads outside the site folder');
    expect(existsSync(join(outer, 'out'))).toBe(false);
  });

  it('are skipped with a warning when a page or a static file is a link to one; links that loop end quickly', () => {
    const { outer, site } = siteIn();
    writeFileSync(join(outer, 'secret.md'), '---\ntitle: Secret\n---\n\nTOP SECRET\n');
    symlinkSync(join(outer, 'secret.md'), join(site, 'content', 'guides', 'secret.md'));
    mkdirSync(join(site, 'static'));
    symlinkSync(join(outer, 'secret.md'), join(site, 'static', 'secret.txt'));
    writeFileSync(join(site, 'static', 'robots-extra.txt'), 'fine');
    symlinkSync('..', join(site, 'content', 'loop')); // content/loop/content/loop/…
    symlinkSync('loop-b', join(site, 'content', 'loop-a.md'));
    symlinkSync('loop-a.md', join(site, 'content', 'loop-b'));
    const out = join(outer, 'out');
    const run = runCli(['build', site, '--out', out]);
    expect(run.stderr).toContain('content/guides/secret.md: warning: symbolic link content/guides/secret.md leads outside the site folder');
    expect(run.stderr).toContain('static/secret.txt: warning: symbolic link static/secret.txt leads outside the site folder');
    expect(run.stderr).toContain('content/loop: warning: symbolic link content/loop leads to a folder; it is skipped');
    expect(run.stderr).toContain('content/loop-a.md: warning: symbolic link content/loop-a.md loops back on itself; it is skipped');
    expect(run.status).toBe(0);
    expect(readFileSync(join(out, 'support', 'robots-extra.txt'), 'utf8')).toBe('fine');
    for (const file of fg.sync('**', { cwd: out, dot: true })) expect(readFileSync(join(out, file), 'utf8'), file).not.toContain('TOP SECRET');
    expect(runCli(['build', site, '--strict', '--out', out]).status).toBe(1);
  });
});

describe('the Algolia admin key', () => {
  it('fails the build when the config holds it as the search key, so it never ships', () => {
    const { outer, site } = siteIn();
    writeFileSync(
      join(site, 'help.config.ts'),
      "export default { title: 'Acme', url: 'https://acme.test', product: { name: 'Acme', slug: 'acme' }, search: { provider: 'algolia', algolia: { appId: 'APP', apiKey: 'admin-secret-123', indexName: 'acme' } } };\n",
    );
    const out = join(outer, 'out');
    const leaked = runCli(['build', site, '--out', out], { env: { ALGOLIA_ADMIN_KEY: 'admin-secret-123' } });
    expect(leaked.status).toBe(1);
    expect(leaked.stderr).toContain('error: search.algolia.apiKey in the config is the Algolia admin key (the value of ALGOLIA_ADMIN_KEY)');
    expect(existsSync(out)).toBe(false);
    expect(runCli(['build', site, '--out', out], { env: { ALGOLIA_ADMIN_KEY: 'another-key' } }).status).toBe(0);
  });
});
