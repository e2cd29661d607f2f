// Issue 35: the four real doc sets of ../shared/corpora/, each migrated from its own
// generator's layout (`helpgen migrate --from …`: Electron's Docusaurus docs/, The Rust Book's
// mdBook src/, Vue's VitePress src/, Homebrew's Jekyll docs/; none ships its config) and built.
// The build reports as broken exactly the links test/faithful/corpora.test.ts finds dead when the
// set is built directly: those the corpora README lists as really broken in the source, and for
// Vue the images the corpus leaves out. No other error.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPORA } from '../faithful/corpora-expected.ts';
import { runCli } from '../helpers/cli.ts';
import { LONG_MS } from '../helpers/patience.ts';
import { repoRoot } from '../helpers/site.ts';

const corporaDir = resolve(repoRoot, '..', 'shared', 'corpora');

/** `helpgen build` of a whole doc set, as runCli runs it but with the patience of a whole-site build (LONG_MS). */
function buildSite(dir: string): { status: number | null; signal: NodeJS.Signals | null; output: string } {
  const run = spawnSync(process.execPath, [join(repoRoot, 'bin', 'helpgen.js'), 'build', dir], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    timeout: LONG_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: run.status, signal: run.signal, output: `${run.stdout}\n${run.stderr}` };
}

const SETS: { name: string; from: string; generator: RegExp }[] = [
  { name: 'electron', from: 'docusaurus', generator: /no docusaurus\.config file/ },
  { name: 'rust-book', from: 'mdbook', generator: /there is no book\.toml/ },
  { name: 'vue-docs', from: 'vitepress', generator: /no \.vitepress\/config.*the sidebar falls back to the folder order/ },
  { name: 'homebrew', from: 'jekyll', generator: /There is no _config\.yml/ },
];

const BROKEN = /^content\/(.+?):\d+:\d+: (?:error|warning): (.*) \((broken-link|broken-anchor|broken-markdown-link)\)$/;

/** A page as "/a/b" (no base path, no trailing slash; "/" for the home page), from its file under content/. */
function pageKey(file: string): string {
  const name = file.replace(/\.mdx?$/, '').replace(/(^|\/)(index|README)$/, '');
  return `/${name}`;
}

/** The build's diagnostics, one a string: a link's label may run over several lines. */
function diagnostics(output: string): string[] {
  return output.split(/\n(?=\S+?:\d+:\d+: |\S+: (?:warning|error): | {2}|✖|✔)/).map((chunk) => chunk.replace(/\n/g, ' ').trim());
}

/** The broken links the build reported, as "page -> target" with the target resolved from the page. */
function reportedBroken(output: string): string[] {
  return diagnostics(output).flatMap((line) => {
    const match = BROKEN.exec(line);
    if (!match) return [];
    const [, file, message] = match as unknown as [string, string, string];
    // The target is what comes before the reason ("…: no page…", "…, which does not exist…"), not a " to " in the label.
    const target = / "?([^\s",]+?)"?(?:: no |: the |, which )/.exec(message)?.[1] ?? message;
    const resolved = target.startsWith('#') || target.startsWith('/') ? target : posix.resolve(posix.dirname(`/${file}`), target);
    return [`${pageKey(file)} -> ${resolved}`];
  });
}

/**
 * corpora.test.ts's dead links in the same form: its crawl names pages and targets under the base
 * path "/support/" and says why each is dead; the build names them from the site's root.
 */
function knownBroken(name: string): string[] {
  const withoutBase = (path: string) => (path === '/support/' ? '/' : path.replace(/^\/support(?=\/)/, ''));
  return CORPORA[name]!.deadLinks.flatMap((entry) => {
    const [page, rest] = entry.split(' -> ') as [string, string];
    const target = rest.replace(/ \([^)]*\)$/, '');
    // Ids that Vue components make on VitePress (<ExampleRepl> on examples/, <ApiIndex> on api/):
    // the build does not check anchors into a page whose components it dropped, as they may have made them.
    if (name === 'vue-docs' && /^\/support\/(examples|api)\/#/.test(target)) return [];
    const key = withoutBase(page).replace(/(.)\/$/, '$1');
    return [`${key} -> ${withoutBase(target)}`];
  });
}

describe.each(SETS)('corpus $name through helpgen migrate --from $from', ({ name, from, generator }) => {
  const source = join(corporaDir, name);
  const present = existsSync(source);
  if (!present) console.warn(`skipped: ${source} is not there (the corpora live in ../shared/corpora/ beside the project)`);

  // A whole doc set is migrated and built in this one test (Electron: 297 pages).
  it.skipIf(!present)('migrates, builds, and reports only the links really broken in the source', () => {
    const dir = join(mkdtempSync(join(tmpdir(), `helpgen-migrate-${name}-`)), 'site');
    const migrate = runCli(['migrate', source, dir, '--from', from]);
    expect(migrate.status, migrate.stderr).toBe(0);
    // The source ships without its generator's config: the report says what that means.
    expect(migrate.stdout).toMatch(generator);
    const build = buildSite(dir);
    const output = build.output;
    expect(reportedBroken(output).sort()).toEqual(knownBroken(name).sort());
    const otherErrors = diagnostics(output).filter((line) => / error: /.test(line) && !BROKEN.test(line));
    expect(otherErrors).toEqual([]);
    expect(build.signal).toBeNull();
  }, LONG_MS);
});
