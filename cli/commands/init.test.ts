import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { helpgenDependency, packageManager, runInit } from './init.ts';
import { build } from '../pipeline/build.ts';
import { Reporter } from '../diagnostics/reporter.ts';
import { HelpgenError } from '../diagnostics/errors.ts';
import { helpgenRoot } from '../paths.ts';

const quiet = () => {};

describe('helpgen init', () => {
  it('writes a site that builds with --strict as it is, and with no warning at all once url is set, its home page at the root', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'helpgen-init-')), 'acme-help');
    const lines: string[] = [];
    await runInit(dir, { log: (line) => lines.push(line), install: false });
    expect(readdirSync(dir).sort()).toEqual(['.gitignore', 'content', 'help.config.ts', 'package.json', 'tsconfig.json']);
    expect(readdirSync(join(dir, 'content', 'writing')).sort()).toEqual(['_category_.json', 'admonitions.md', 'code-blocks.md', 'images.md', 'img', 'links.md', 'pages-and-sidebar.md', 'tables.md', 'tabs.md']);
    expect(readFileSync(join(dir, 'help.config.ts'), 'utf8')).toContain("product: { name: 'Acme Help', slug: 'acme-help' },");
    expect(lines.join('\n')).toContain('npm run dev');

    // As written: --strict (what its `npm run check` runs) passes; the one warning says to set url before publishing.
    const first = new Reporter(quiet);
    await build({ siteDir: dir, reporter: first, strict: true, write: false });
    expect(first.diagnostics.map((d) => d.code)).toEqual(['missing-url']);
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
    const error = await runInit(dir, { log: quiet, install: false }).then(
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
      const error = await runInit(target, { log: quiet, install: false }).then(
        () => undefined,
        (e: unknown) => e as HelpgenError,
      );
      expect(error).toBeInstanceOf(HelpgenError);
      expect(error!.message).toMatch(/^cannot make the folder .*: a file of that name is in the way$/);
    }
    expect(readFileSync(file, 'utf8')).toBe('notes');
  });
});

describe('helpgen init: the dependencies of the site it writes', () => {
  it('installs the dependencies with the package manager it was started from, and says how to finish when that fails', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'helpgen-fake-npm-'));
    // A stand-in for npm: records where it ran and with what, then succeeds or fails as told.
    writeFileSync(join(bin, 'npm'), '#!/bin/sh\necho "$PWD $*" >> "$HELPGEN_FAKE_NPM_LOG"\nexit "${HELPGEN_FAKE_NPM_EXIT:-0}"\n', { mode: 0o755 });
    const log = join(bin, 'calls.txt');
    const saved = { PATH: process.env.PATH, agent: process.env.npm_config_user_agent };
    process.env.PATH = `${bin}${delimiter}${process.env.PATH}`;
    process.env.HELPGEN_FAKE_NPM_LOG = log;
    process.env.npm_config_user_agent = 'npm/10.9.0 node/v22.12.0 linux x64 workspaces/false';
    try {
      const dir = join(mkdtempSync(join(tmpdir(), 'helpgen-init-install-')), 'acme-help');
      const lines: string[] = [];
      await runInit(dir, { log: (line) => lines.push(line) });
      expect(readFileSync(log, 'utf8')).toBe(`${dir} install\n`);
      expect(lines).toContain('Installing dependencies (npm install)…');
      expect(lines.some((line) => line.trim() === 'npm install')).toBe(false); // nothing left to do by hand
      expect(lines.some((line) => line.includes('npm run check'))).toBe(true);

      process.env.HELPGEN_FAKE_NPM_EXIT = '1';
      const failed = join(dirname(dir), 'second-help');
      const error = await runInit(failed, { log: quiet }).then(
        () => undefined,
        (e: unknown) => e as HelpgenError,
      );
      expect(error).toBeInstanceOf(HelpgenError);
      expect(error!.message).toMatch(/^the site was written to .*second-help\/, but npm install failed \(exit code 1\)$/);
      expect(error!.hint).toContain('npm install');
      expect(readdirSync(failed)).toContain('help.config.ts');
    } finally {
      process.env.PATH = saved.PATH;
      if (saved.agent === undefined) delete process.env.npm_config_user_agent;
      else process.env.npm_config_user_agent = saved.agent;
      delete process.env.HELPGEN_FAKE_NPM_LOG;
      delete process.env.HELPGEN_FAKE_NPM_EXIT;
    }
  });

  it('uses the package manager named by the user agent, npm otherwise', () => {
    expect(packageManager('pnpm/9.1.0 npm/? node/v22.12.0 linux x64')).toBe('pnpm');
    expect(packageManager('yarn/1.22.22 npm/? node/v22.12.0 linux x64')).toBe('yarn');
    expect(packageManager('npm/10.9.0 node/v22.12.0 linux x64 workspaces/false')).toBe('npm');
    expect(packageManager('')).toBe('npm');
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
