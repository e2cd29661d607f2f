// mdBook publishes only the chapters SUMMARY.md lists. A markdown file it does not list is
// copied (never dropped), but kept out of helpgen's sidebar, which is the book's.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMdbook } from './mdbook.ts';

function book(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'helpgen-mdbook-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('chapters SUMMARY.md does not list', () => {
  it('are copied with sidebar_hidden, in one report line; listed chapters are not', async () => {
    const plan = await readMdbook(book({
      'book.toml': '[book]\ntitle = "Widgets"\n',
      'src/SUMMARY.md': '# Summary\n\n[Introduction](README.md)\n\n- [Start](start.md)\n  - [Install](guide/install.md)\n',
      'src/README.md': '# Widgets\n',
      'src/start.md': '# Start\n',
      'src/guide/install.md': '# Install\n',
      'src/notes.md': '# Notes to self\n',
      'src/guide/old.md': '# Old install steps\n',
    }));
    const hidden = plan.pages.filter((page) => page.frontMatter.sidebar_hidden === true).map((page) => page.from);
    expect(hidden).toEqual(['src/guide/old.md', 'src/notes.md']);
    expect(plan.problems).toContainEqual(expect.objectContaining({ file: 'src/guide/old.md', message: expect.stringMatching(/^2 page\(s\) that SUMMARY\.md does not list \(src\/guide\/old\.md, src\/notes\.md\), which mdBook does not publish, are kept out of the sidebar/) }));
    // Without SUMMARY.md the sidebar follows the folders: every page is in it.
    const noSummary = await readMdbook(book({ 'src/README.md': '# Widgets\n', 'src/start.md': '# Start\n' }));
    expect(noSummary.pages.some((page) => 'sidebar_hidden' in page.frontMatter)).toBe(false);
  });
});
