// A page's search records come from its rendered markdown only. When the build cache reuses a
// page whose title or section changed without its text changing (its category was renamed),
// its records are relabelled, not made again from the page's HTML, which by then holds parts the
// sidebar adds (the cards of <DocCardList />): a build with the cache gives the same search
// index as a build without it. Runs the real bin/helpgen.js: the cache on disk needs the
// compiled CLI.
import { expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import fg from 'fast-glob';
import { runCli } from '../helpers/cli.ts';

function site(): string {
  const dir = mkdtempSync(join(tmpdir(), 'helpgen-records-'));
  const page = (path: string, text: string) => {
    mkdirSync(join(dir, 'content', ...path.split('/').slice(0, -1)), { recursive: true });
    writeFileSync(join(dir, 'content', path), text);
  };
  writeFileSync(join(dir, 'help.config.ts'), "import { defineConfig } from 'helpgen/config';\n\nexport default defineConfig({ title: 'Records', url: 'https://records.test' });\n");
  page('index.md', '---\nslug: /\n---\n\n# Home\n\nStart with [the guides](./guides/index.md).\n');
  page('guides/index.md', '# Guides\n\nEvery guide in this section:\n\n<DocCardList />\n');
  page('guides/billing.md', '---\ndescription: Invoices, refunds and card changes.\n---\n\n# Billing\n\n## Refunds\n\nA refund takes five days.\n');
  page('guides/sharing.md', '---\ndescription: Share a board with your team.\n---\n\n# Sharing\n\nInvite people by email.\n');
  category(dir, 'Guides');
  return dir;
}

function category(dir: string, label: string): void {
  writeFileSync(join(dir, 'content', 'guides', '_category_.json'), JSON.stringify({ label, link: { type: 'doc', id: 'guides/index' } }));
}

function snapshot(out: string): Map<string, string> {
  const files = fg.sync('**/*', { cwd: out, dot: true }).sort();
  return new Map(files.map((f) => [f, createHash('sha1').update(readFileSync(join(out, f))).digest('hex')]));
}

const build = (dir: string, out: string, ...flags: string[]) => runCli(['build', dir, '--out', out, ...flags]);

it('relabels the records of a cached page whose section changed, as a build without the cache makes them', () => {
  const dir = site();
  const first = build(dir, 'first');
  expect(first.status, first.stderr).toBe(0);
  // The pages' text stays; their section (the category's label) changes.
  category(dir, 'Handbooks');
  const warm = build(dir, 'warm');
  expect(warm.status, warm.stderr).toBe(0);
  const cold = build(dir, 'cold', '--no-cache');
  expect(cold.status, cold.stderr).toBe(0);
  const expected = snapshot(join(dir, 'cold'));
  const got = snapshot(join(dir, 'warm'));
  expect([...got.keys()]).toEqual([...expected.keys()]);
  for (const [file, digest] of expected) expect(got.get(file), file).toBe(digest);
  // The index names the new section (it did change).
  const search = fg.sync('support/assets/search/**/*.json', { cwd: join(dir, 'cold') }).map((f) => readFileSync(join(dir, 'cold', f), 'utf8'));
  expect(search.some((text) => text.includes('Handbooks'))).toBe(true);
});
