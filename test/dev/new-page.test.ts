// helpgen new: scaffolds a page with front matter and never overwrites a writer's file.
import { expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.ts';
import { copyFixture } from '../helpers/site.ts';

it('creates a page in the right folder and refuses to overwrite it', () => {
  const { dir, cleanup } = copyFixture('basic-site');
  try {
    const created = runCli(['new', 'guides/archive-records', dir, '--title', 'Archive records']);
    expect(created.status).toBe(0);
    const file = join(dir, 'content', 'guides', 'archive-records.md');
    expect(readFileSync(file, 'utf8')).toMatch(/^---\ntitle: "Archive records"\ndescription: ""\n---\n/);
    writeFileSync(file, 'my precious words');
    const again = runCli(['new', 'guides/archive-records', dir]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already exists; nothing was written');
    expect(readFileSync(file, 'utf8')).toBe('my precious words');
    const outside = runCli(['new', '../escape', dir]);
    expect(outside.status).toBe(1);
    expect(outside.stderr).toContain('is outside content/');
  } finally {
    cleanup();
  }
});
