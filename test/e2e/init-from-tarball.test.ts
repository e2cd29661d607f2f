// A writer's first minutes, from the package this repository publishes: `npm pack`, then
// `npx --package=<tarball> helpgen init my-help && cd my-help && npm run dev` (init installs
// the site's dependencies itself). The package holds JavaScript compiled at pack time
// (bin/compile.js: the CLI with its dependency patches fixed in, the client prebuilt) and no
// TypeScript: nothing is compiled on the user's machine but their own help.config.ts. The new
// site passes its own `npm run check` as it is (build --strict, then a crawl), serves under dev,
// its help.config.ts type-checks through "helpgen/config", and the installed copy runs for a
// user who cannot write to it.
// npm installs from its local cache first (--prefer-offline); the registry is reached only for
// what the cache lacks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import fg from 'fast-glob';
import { repoRoot } from '../helpers/site.ts';
import { HANG_MS, LONG_MS } from '../helpers/patience.ts';
import { PATCHES } from '../../bin/dependency-patches.js';

const work = mkdtempSync(join(tmpdir(), 'helpgen-adopt-'));
const site = join(work, 'my-help');
const { NODE_ENV: _testEnv, ...userEnv } = process.env;
const env = { ...userEnv, NO_COLOR: '1', npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
let tarball = '';
let packed: { path: string }[] = [];
let initOutput = '';

function run(command: string, args: string[], options: SpawnSyncOptions = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', env, timeout: HANG_MS, ...options });
  const output = `${result.stdout}\n${result.stderr}`;
  expect(result.status, `${command} ${args.join(' ')}:\n${output}`).toBe(0);
  return String(result.stdout);
}

beforeAll(() => {
  // Packing (which compiles the tool) and init's npm install: LONG_MS each (patience.ts).
  const json = run('npm', ['pack', '--json', '--pack-destination', work], { cwd: repoRoot, timeout: LONG_MS });
  const [info] = JSON.parse(json) as { filename: string; files: { path: string }[] }[];
  tarball = join(work, info!.filename);
  packed = info!.files;
  // No `npm install` of our own: init runs it (npm, as npx started it), printing npm's output.
  const init = spawnSync('npx', ['--yes', `--package=${tarball}`, 'helpgen', 'init', 'my-help'], { cwd: work, encoding: 'utf8', env, timeout: LONG_MS });
  initOutput = `${init.stdout}\n${init.stderr}`;
  expect(init.status, initOutput).toBe(0);
}, 2 * LONG_MS);

afterAll(() => {
  // npx keeps an install per package spec; this one named a tarball that is now gone.
  const npxDir = join(homedir(), '.npm', '_npx');
  for (const entry of existsSync(npxDir) ? readdirSync(npxDir) : []) {
    const manifest = join(npxDir, entry, 'package.json');
    if (existsSync(manifest) && readFileSync(manifest, 'utf8').includes(tarball)) rmSync(join(npxDir, entry), { recursive: true, force: true });
  }
  rmSync(work, { recursive: true, force: true });
});

describe('a new help center from the packed package', () => {
  it('packs the compiled tool only: no TypeScript to compile, no content, tests or benchmarks', () => {
    const paths = packed.map((f) => f.path);
    for (const path of paths) expect(path, path).toMatch(/^(bin|lib|starter|docs)\/|^(package\.json|README\.md)$/);
    // TypeScript only where init copies it into the new site (its help.config.ts), and types.
    expect(paths.filter((p) => /\.tsx?$/.test(p) && !p.endsWith('.d.ts') && !p.startsWith('starter/'))).toEqual([]);
    // Every file init copies (an exclusion meant for the tool's own files must not drop one).
    for (const file of fg.sync('starter/**/*', { cwd: repoRoot, dot: true })) expect(paths).toContain(file);
    for (const needed of ['bin/helpgen.js', 'bin/launcher.js', 'lib/cli/main.mjs', 'lib/cli/render-worker.mjs', 'lib/cli/index-worker.mjs', 'lib/cli/identity.txt', 'lib/client/manifest.json', 'lib/client/live-reload.js', 'lib/config.js', 'lib/config.d.ts', 'lib/compiled.json', 'starter/help.config.ts', 'starter/content/intro.md', 'docs/config.md', 'docs/markdown.md']) {
      expect(paths).toContain(needed);
    }
  });

  // On an older Node (a bare `npx vitest` on Node 20), npm rightly warns that helpgen needs 22.12.
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
  it.skipIf(major < 22 || (major === 22 && minor < 12))(`installs on this Node (${process.version}) with no warning from npm`, () => {
    // Node 20 lacks what mermaid and others need; the package says so (engines) and needs none of them itself.
    expect(initOutput).not.toMatch(/EBADENGINE|Unsupported engine/);
    // npm 11.16+ lists install scripts nobody reviewed: the starter's allowScripts says esbuild's is not needed.
    expect(initOutput).not.toMatch(/install-scripts|allow-scripts|allowScripts/);
    const manifest = JSON.parse(readFileSync(join(site, 'node_modules', 'helpgen', 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(manifest.engines.node).toBe('>=22.12');
  });

  it('ships the dependency patches fixed in, with the versions they were tested on', () => {
    const compiled = JSON.parse(readFileSync(join(site, 'node_modules', 'helpgen', 'lib', 'compiled.json'), 'utf8')) as { patchedPackages: Record<string, string>; patches: string[] };
    expect([...compiled.patches].sort()).toEqual(PATCHES.map((patch) => patch.id).sort());
    const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
    for (const [name, version] of Object.entries(compiled.patchedPackages)) expect(`${name}@${version}`).toBe(`${name}@${lock.packages[`node_modules/${name}`]!.version}`);
  });

  it('init writes a site that depends on the same package, installs it and type-checks its config', () => {
    expect(readdirSync(site).sort()).toEqual(['.gitignore', 'content', 'help.config.ts', 'node_modules', 'package-lock.json', 'package.json', 'tsconfig.json']);
    expect(initOutput).toContain('Installing dependencies (npm install)…');
    expect(existsSync(join(site, 'node_modules', 'helpgen', 'bin', 'helpgen.js'))).toBe(true);
    const manifest = JSON.parse(readFileSync(join(site, 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({ name: 'my-help', scripts: { dev: 'helpgen dev', build: 'helpgen build', check: 'helpgen build --strict && helpgen check' }, dependencies: { helpgen: `file:${tarball}` } });
    expect(readFileSync(join(site, 'help.config.ts'), 'utf8')).toContain("title: 'My Help',");
    // The editor's view: "helpgen/config" resolves to the installed package's types.
    const tsc = join(repoRoot, 'node_modules', '.bin', 'tsc');
    run(tsc, ['-p', join(site, 'tsconfig.json')]);
    // Every key is optional in the types too: a config of one key type-checks.
    writeFileSync(join(site, 'one-key.config.ts'), "import { defineConfig } from 'helpgen/config';\nexport default defineConfig({ onBrokenLinks: 'warn' });\n");
    writeFileSync(join(site, 'tsconfig.one-key.json'), JSON.stringify({ extends: './tsconfig.json', include: ['one-key.config.ts'] }));
    try {
      run(tsc, ['-p', join(site, 'tsconfig.one-key.json')]);
    } finally {
      rmSync(join(site, 'one-key.config.ts'));
      rmSync(join(site, 'tsconfig.one-key.json'));
    }
  });
});

describe('a new help center from the packed package, at work', () => {
  it('passes its own npm run check (build --strict, then a crawl) as it is, and once its url is set', () => {
    // The first commit's CI: url is not set yet, which is a warning, not a failure.
    const first = spawnSync('npm', ['run', 'check'], { cwd: site, encoding: 'utf8', env, timeout: HANG_MS });
    expect(first.status, `${first.stdout}\n${first.stderr}`).toBe(0);
    expect(first.stderr).toContain('url is not set');
    run('npm', ['run', 'build'], { cwd: site });
    const home = readFileSync(join(site, 'dist', 'support', 'index.html'), 'utf8');
    expect(home).toContain('<title>My Help</title>');
    expect(home).toContain('<h1>Welcome</h1>');
    expect(existsSync(join(site, 'dist', 'support', 'writing', 'images', 'index.html'))).toBe(true);
    // What the home page tells a writer to do before publishing.
    const config = join(site, 'help.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("// url: 'https://example.com',", "url: 'https://help.example.com',"));
    run('npm', ['run', 'check'], { cwd: site });
    expect(readFileSync(join(site, 'dist', 'support', 'index.html'), 'utf8')).toContain('<link rel="canonical" href="https://help.example.com/support/"/>');
  });

  it('npm run dev serves the site and its pages', async () => {
    const child = spawn('npm', ['run', 'dev', '--', '--port', '0'], { cwd: site, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    try {
      const url = await new Promise<string>((ready, fail) => {
        const take = (chunk: Buffer) => {
          output += chunk.toString();
          const found = /ready in \d+ ms at (http:\/\/\S+)/.exec(output);
          if (found) ready(found[1]!);
        };
        child.stdout!.on('data', take);
        child.stderr!.on('data', take);
        child.on('exit', () => fail(new Error(`npm run dev stopped:\n${output}`)));
      });
      const home = await fetch(url);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('/__helpgen/live-reload.js');
      expect((await fetch(new URL('writing/links', url))).status).toBe(200);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
    }
  });

  it("compiles nothing of its own on the user's machine: no CLI or client bundle in any cache", () => {
    const caches = [join(site, 'node_modules', '.cache'), join(site, 'node_modules', 'helpgen', 'node_modules', '.cache')];
    const compiled = caches.flatMap((dir) => fg.sync(['**/cli-*/main.mjs', '**/assets-*/manifest.json', '**/inputs.json'], { cwd: dir, dot: true }));
    expect(compiled).toEqual([]);
  });

  it.skipIf(process.getuid?.() !== 0)('runs for a user who cannot write to the install (its caches go to their own folder)', () => {
    chmodSync(work, 0o755);
    // The user's home: the CLI's cache goes to ~/.cache/helpgen, and the build writes beside its
    // output folder, then swaps it in.
    const own = join(work, 'nobody');
    mkdirSync(own);
    chownSync(own, 65534, 65534);
    const out = join(own, 'dist');
    const bin = join(site, 'node_modules', 'helpgen', 'bin', 'helpgen.js');
    run('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, bin, 'build', site, '--out', out, '--quiet'], {
      env: { ...env, HOME: own, XDG_CACHE_HOME: '' },
    });
    expect(readFileSync(join(out, 'support', 'index.html'), 'utf8')).toContain('<h1>Welcome</h1>');
    const copy = createHash('sha1').update(join(site, 'node_modules', 'helpgen')).digest('hex').slice(0, 12);
    // The config's compiled form is kept there; the CLI itself is never compiled.
    expect(readdirSync(join(own, '.cache', 'helpgen', copy))).not.toContain('inputs.json');
  });
});
