// A render worker writes the pages it renders where the output said (writeWhere in ./page-html.ts);
// a page it cannot write goes back to the main thread as bytes, and it never makes a folder.
import { expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeWhere, type PageHtmlResult } from './page-html.ts';

const rendered = (text: string): PageHtmlResult => ({ html: new TextEncoder().encode(text), sha256: 'c0ffee', diagnostics: [] });

it('writes a page to each of its files and answers with its size and hash only', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'helpgen-page-write-'));
  const files = [join(dir, 'index.html'), join(dir, 'other.html')];
  const result = await writeWhere(files, rendered('<p>Café</p>'));
  expect(result).toEqual({ written: { size: 12, sha256: 'c0ffee' }, diagnostics: [] });
  for (const file of files) expect(readFileSync(file, 'utf8')).toBe('<p>Café</p>');
});

it('hands the bytes back when the folder is not there, and makes none', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'helpgen-page-write-'));
  const page = rendered('<p>Lost</p>');
  expect(await writeWhere([join(dir, 'gone', 'index.html')], page)).toBe(page);
  expect(existsSync(join(dir, 'gone'))).toBe(false);
});

it('leaves a page with nowhere to go, and a page that failed to render, as they are', async () => {
  const page = rendered('<p>Here</p>');
  expect(await writeWhere(undefined, page)).toBe(page);
  expect(await writeWhere([], page)).toBe(page);
  const failed: PageHtmlResult = { error: 'the template threw' };
  expect(await writeWhere([join(tmpdir(), 'never.html')], failed)).toBe(failed);
});
