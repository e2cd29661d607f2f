// Our own site in the benchmark: its entry, the page whose weight is measured, and the commit.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { listMarkdown } from './list-markdown.ts';
import type { SiteResult } from './results.ts';

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
    build: { strict: false, runs: [] },
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

export function gitCommit(root: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}
