// Files that cannot be read as pages: every one is reported (not only the first), a name or
// text that is not UTF-8 is named with its bytes, and nothing else of the site goes missing.
import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { HelpgenAggregateError, type Diagnostic } from '../../cli/diagnostics/errors.ts';
import { firstInvalidUtf8 } from '../../cli/source/read-text.ts';
import { writeSite } from '../helpers/temp-site.ts';

const page = (title: string, body = 'Text.') => `---\ntitle: ${title}\ndescription: About ${title}.\n---\n\n${body}\n`;

async function failure(siteDir: string, strict = false): Promise<Diagnostic[]> {
  const error = await build({ siteDir, write: false, strict, reporter: new Reporter(() => {}) }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HelpgenAggregateError);
  return (error as HelpgenAggregateError).problems;
}

describe('files that cannot be read as pages', () => {
  it('names a file or folder whose name is not UTF-8 with its bytes, and still reads every other page', async () => {
    const siteDir = writeSite({ 'content/index.md': page('Home'), 'content/guides/good.md': page('Good') });
    writeFileSync(Buffer.concat([Buffer.from(join(siteDir, 'content/guides/bad')), Buffer.from([0xff]), Buffer.from('name.md')]), page('Bad'));
    const folder = Buffer.concat([Buffer.from(join(siteDir, 'content/caf')), Buffer.from([0xe9])]);
    mkdirSync(folder);
    writeFileSync(Buffer.concat([folder, Buffer.from('/menu.md')]), page('Menu'));
    const problems = await failure(siteDir);
    expect(problems).toEqual([
      expect.objectContaining({ code: 'invalid-file-name', message: 'the file name "caf\\xE9" is not valid UTF-8, so it cannot be published', position: { file: 'content/caf\\xE9' } }),
      expect.objectContaining({
        severity: 'error',
        code: 'invalid-file-name',
        message: 'the file name "bad\\xFFname.md" is not valid UTF-8, so it cannot be published',
        position: { file: 'content/guides/bad\\xFFname.md' },
      }),
    ]);
  });

  it('warns about text that is not UTF-8 at its byte offset, line and column, and fails --strict', async () => {
    const siteDir = writeSite({ 'content/index.md': page('Home') });
    const before = '---\ntitle: Menu\ndescription: The menu.\n---\n\nLine one.\n\nA caf';
    writeFileSync(join(siteDir, 'content/menu.md'), Buffer.concat([Buffer.from(before), Buffer.from([0xe9]), Buffer.from(' au lait.\n')]));
    const reporter = new Reporter(() => {});
    const result = await build({ siteDir, write: false, reporter });
    const offset = Buffer.from(before).length;
    expect(reporter.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'invalid-utf8',
        message: `not valid UTF-8 at byte ${offset} (0xE9); such bytes are shown as �`,
        position: { file: 'content/menu.md', line: 8, column: 6 },
      }),
    ]);
    expect(result.pages.find((p) => p.route === '/support/menu')?.kind).toBe('doc');
    expect((await failure(siteDir, true)).map((d) => d.code)).toEqual(['invalid-utf8']);
  });

  it('reports every file with invalid front matter or _category_.json, not only the first', async () => {
    const files: Record<string, string> = { 'content/index.md': page('Home'), 'content/a/_category_.json': '{"label": "A",}' };
    for (let i = 0; i < 40; i++) files[`content/a/page-${String(i).padStart(2, '0')}.md`] = `---\ntitle: [unclosed ${i}\n---\n\nText.\n`;
    const problems = await failure(writeSite(files));
    expect(problems).toHaveLength(41);
    expect(problems.filter((d) => d.code === 'invalid-page').map((d) => d.position?.file)).toEqual(
      Array.from({ length: 40 }, (_, i) => `content/a/page-${String(i).padStart(2, '0')}.md`),
    );
    expect(problems.find((d) => d.code === 'invalid-category')?.position).toMatchObject({ file: 'content/a/_category_.json', line: 1 });
  });

  it('reports every page that cannot be rendered, not only the first', async () => {
    const deep = (title: string) => page(title, '<div>'.repeat(5000) + 'deep');
    const reporter = new Reporter(() => {});
    const siteDir = writeSite({ 'content/index.md': page('Home'), 'content/a.md': deep('A'), 'content/b.md': deep('B'), 'content/c.md': page('C') });
    await expect(build({ siteDir, write: false, reporter })).rejects.toThrow('build failed with 2 error(s)');
    expect(reporter.errors.map((d) => [d.code, d.position?.file, d.message])).toEqual([
      ['page-failed', 'content/a.md', expect.stringContaining('this page nests too deeply to render')],
      ['page-failed', 'content/b.md', expect.stringContaining('this page nests too deeply to render')],
    ]);
  });

  it('reads a key written with no value (description:) as absent', async () => {
    const siteDir = writeSite({ 'content/index.md': '---\ntitle: Home\ndescription:\nkeywords:\nsidebar_position:\n---\n\nText.\n' });
    const result = await build({ siteDir, write: false, reporter: new Reporter(() => {}) });
    expect(result.reporter.errors).toEqual([]);
    expect(result.pages.find((p) => p.route === '/support/')?.description).toBe('');
  });

  it('finds the first byte outside a valid UTF-8 sequence', () => {
    const bytes = (...values: number[]) => Uint8Array.from(values);
    expect(firstInvalidUtf8(Buffer.from('plain ascii and é and 𝄞'))).toBe(Buffer.from('plain ascii and é and 𝄞').length);
    expect(firstInvalidUtf8(bytes(0x61, 0xc0, 0x80))).toBe(1); // overlong
    expect(firstInvalidUtf8(bytes(0xed, 0xa0, 0x80))).toBe(0); // a surrogate
    expect(firstInvalidUtf8(bytes(0xf4, 0x90, 0x80, 0x80))).toBe(0); // past U+10FFFF
    expect(firstInvalidUtf8(bytes(0x61, 0x62, 0xe2, 0x82))).toBe(2); // cut short
  });
});
