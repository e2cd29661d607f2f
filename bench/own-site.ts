// Our own site in the benchmark: its entry, the page whose weight is measured, a copy to edit
// in dev, the committed pages when the working tree does not build, and small file helpers.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { execFileSync } from 'node:child_process';
import type { BuildRun } from './cold-build.ts';
import type { SiteResult } from './results.ts';
import { outputCounts } from './output-size.ts';
import { listMarkdown } from './list-markdown.ts';

export function ownSite(root: string): SiteResult {
  const mdFiles = listMarkdown(join(root, 'content')).filter((f) => !f.endsWith('STYLE.md'));
  return {
    id: 'own',
    label: 'our site',
    siteDir: '.',
    markdownPages: mdFiles.length,
    markdownBytes: mdFiles.reduce((n, f) => n + statSync(f).size, 0),
    // Writers are adding pages while the build is measured; strict would fail on their
    // in-progress links and tell us nothing about speed.
    build: { strict: false, runs: [] as BuildRun[] },
  };
}

/** A doc page of our site that has the typical shape (falls back to any page). */
export function ownProbeRoute(root: string): string {
  const preferred = 'user-docs/records/locking.md';
  const rel = existsSync(join(root, 'content', preferred))
    ? preferred
    : relative(join(root, 'content'), listMarkdown(join(root, 'content')).find((f) => !f.endsWith('STYLE.md') && !f.endsWith('intro.md'))!);
  return '/support/' + rel.replace(/\.md$/, '');
}

/** content/ as committed at HEAD, with the given config; returns the short commit. */
export function exportCommittedContent(root: string, dir: string, config: string): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tar = execFileSync('git', ['archive', '--format=tar', 'HEAD', 'content'], { cwd: root, maxBuffer: 512 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  writeFileSync(join(dir, 'help.config.ts'), config);
  return gitCommit(root);
}


/** A copy of our site (content/, static/, and our config). */
export function copyOwnSite(root: string, dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(root, 'content'), join(dir, 'content'), { recursive: true });
  if (existsSync(join(root, 'static'))) cpSync(join(root, 'static'), join(dir, 'static'), { recursive: true });
  // Our config imports defineConfig by a path relative to the repository; a copy elsewhere
  // uses the package name, which helpgen resolves for any site.
  const ours = readFileSync(join(root, 'help.config.ts'), 'utf8').replace(/from '\.\/cli\/config\/define\.ts'/, "from 'helpgen/config'");
  writeFileSync(join(dir, 'help.config.ts'), ours);
  return dir;
}

export function folderBytes(dir: string): number {
  return outputCounts(dir).outputBytes;
}

export function gitCommit(root: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

