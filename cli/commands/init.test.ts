import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { helpgenDependency, runInit } from './init.ts';
import { build } from '../pipeline/build.ts';
import { Reporter } from '../diagnostics/reporter.ts';
import { HelpgenError } from '../diagnostics/errors.ts';
import { helpgenRoot } from '../paths.ts';

const quiet = () => {};

describe('helpgen init', () => {
  it('writes a site that builds with --strict and no problem at all once url is set, its home page at the root', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'helpgen-init-')), 'acme-help');
    const lines: string[] = [];
    await runInit(dir, { log: (line) => lines.push(line) });
    expect(readdirSync(dir).sort()).toEqual(['.gitignore', 'content', 'help.config.ts', 'package.json', 'tsconfig.json']);
    expect(readdirSync(join(dir, 'content', 'writing')).sort()).toEqual(['_category_.json', 'admonitions.md', 'code-blocks.md', 'images.md', 'img', 'links.md', 'pages-and-sidebar.md', 'tables.md', 'tabs.md']);
    expect(readFileSync(join(dir, 'help.config.ts'), 'utf8')).toContain("product: { name: 'Acme Help', slug: 'acme-help' },");
    expect(lines.join('\n')).toContain('npm run dev');

    // Until url is set (the home page tells the writer to), that is the one problem.
    const unset = new Reporter(quiet);
    await build({ siteDir: dir, reporter: unset, write: false });
    expect(unset.diagnostics.map((d) => d.code)).toEqual(['missing-url']);
    const config = join(dir, 'help.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("// url: 'https://example.com',", "url: 'https://help.example.com',"));
    const reporter = new Reporter(quiet);
    const result = await build({ siteDir: dir, reporter, strict: true, write: false });
    expect(reporter.diagnostics).toEqual([]);
    const home = result.pages.find((page) => page.route === '/support/');
    expect(home).toMatchObject({ kind: 'doc', title: 'Welcome' });
    expect(result.pages.map((page) => page.route)).toContain('/support/writing/links');
  });

  it('writes nothing when any file it would write is there already', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpgen-init-taken-'));
    writeFileSync(join(dir, 'package.json'), '{"name":"mine"}\n');
    mkdirSync(join(dir, 'content'));
    const error = await runInit(dir, { log: quiet }).then(
      () => undefined,
      (e: unknown) => e as HelpgenError,
    );
    expect(error).toBeInstanceOf(HelpgenError);
    expect(error!.message).toMatch(/already has content, package\.json; nothing was written$/);
    expect(readdirSync(dir).sort()).toEqual(['content', 'package.json']);
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe('{"name":"mine"}\n');
  });

  it('is what a build of an empty folder points to', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'helpgen-empty-'));
    const error = await build({ siteDir: empty, reporter: new Reporter(quiet), write: false }).then(
      () => undefined,
      (e: unknown) => e as HelpgenError,
    );
    expect(error!.hint).toContain('run: npx helpgen init');
  });

  it('says so when a file is where the folder should be', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'helpgen-init-file-')), 'my-help');
    writeFileSync(file, 'notes');
    for (const target of [file, join(file, 'sub')]) {
      const error = await runInit(target, { log: quiet }).then(
        () => undefined,
        (e: unknown) => e as HelpgenError,
      );
      expect(error).toBeInstanceOf(HelpgenError);
      expect(error!.message).toMatch(/^cannot make the folder .*: a file of that name is in the way$/);
    }
    expect(readFileSync(file, 'utf8')).toBe('notes');
  });

  it('depends on helpgen the way this copy was installed', () => {
    // A checkout: the checkout itself.
    expect(helpgenDependency(helpgenRoot)).toBe(`file:${helpgenRoot}`);
    // Installed by npx from a tarball: npx's project names it relatively; the site gets an absolute path.
    const project = mkdtempSync(join(tmpdir(), 'helpgen-npx-'));
    const installed = join(project, 'node_modules', 'helpgen');
    mkdirSync(installed, { recursive: true });
    writeFileSync(join(installed, 'package.json'), '{"name":"helpgen","version":"1.2.3"}');
    writeFileSync(join(project, 'package.json'), JSON.stringify({ dependencies: { helpgen: 'file:../packs/helpgen-1.2.3.tgz' } }));
    expect(helpgenDependency(installed)).toBe(`file:${join(project, '..', 'packs', 'helpgen-1.2.3.tgz')}`);
    // From the registry (or a global install): this version.
    writeFileSync(join(project, 'package.json'), JSON.stringify({ dependencies: { helpgen: '^1.2.0' } }));
    expect(helpgenDependency(installed)).toBe('^1.2.3');
    writeFileSync(join(project, 'package.json'), JSON.stringify({ dependencies: { helpgen: 'github:acme/helpgen#v1' } }));
    expect(helpgenDependency(installed)).toBe('github:acme/helpgen#v1');
  });
});
