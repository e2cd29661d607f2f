import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { assertParseCost } from './parse-cost-limits.ts';
import { helpgenRoot } from '../paths.ts';

const errorOf = (source: string) => {
  try {
    assertParseCost('content/x.md', source);
    return undefined;
  } catch (error) {
    return error as { message: string; position: { line: number } };
  }
};

describe('assertParseCost', () => {
  it('accepts every page of our content and of the test fixtures', () => {
    const pages = fg.sync(['content/**/*.md', 'test/fixtures/**/*.md', 'starter/**/*.md'], { cwd: helpgenRoot });
    expect(pages.length).toBeGreaterThan(150);
    for (const page of pages) expect(errorOf(readFileSync(join(helpgenRoot, page), 'utf8')), page).toBeUndefined();
  });

  it('reads markup in each list item, table row, definition and paragraph apart', () => {
    const line = '*a* [b](c) `d` '.repeat(10);
    for (const joiner of ['\n\n', '\n- ', '\n[x]: /y\n']) {
      expect(errorOf(Array.from({ length: 1_500 }, () => line).join(joiner))).toBeUndefined();
    }
    expect(errorOf(`| a | b |\n| - | - |\n${Array.from({ length: 1_500 }, () => `| ${line} | c |`).join('\n')}`)).toBeUndefined();
    // The same lines in one paragraph are parsed as one inline run.
    expect(errorOf(Array.from({ length: 1_500 }, () => line).join('\n'))?.position.line).toBe(1);
  });

  it('does not count HTML blocks, code blocks or escaped characters', () => {
    const markup = '<span>*</span>'.repeat(5_000);
    expect(errorOf(`<div>\n${markup}\n</div>`)).toBeUndefined();
    expect(errorOf(`\`\`\`\n${markup}\n\`\`\``)).toBeUndefined();
    expect(errorOf('\\*a'.repeat(50_000))).toBeUndefined();
    expect(errorOf(`Text\n\n${markup}`)?.message).toMatch(/^this paragraph has 15,000 of the characters that can start inline markup/);
    expect(errorOf(`Text\n\n${markup}`)?.position.line).toBe(3);
  });

  // A page whose bounds (lines, pipes on a line, length) are under every limit skips the exact
  // pass; these pages are over a limit, with each kind of line ending, and must still be stopped.
  it('stops a page over a limit whatever its line endings', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const footnotes = Array.from({ length: 1_001 }, (_, i) => `[^n${i}]: note`).join(eol);
      expect(errorOf(footnotes)?.position.line, JSON.stringify(eol)).toBe(1_001);
      const definitions = Array.from({ length: 2_001 }, (_, i) => `[d${i}]: /x`).join(eol);
      expect(errorOf(definitions)?.position.line, JSON.stringify(eol)).toBe(2_001);
      const wide = `${'| a '.repeat(1_001)}|${eol}${'| - '.repeat(1_001)}|`;
      expect(errorOf(wide)?.message, JSON.stringify(eol)).toMatch(/^this table has 1,001 columns/);
      const long = ['| a | b | c | d | e |', '| - | - | - | - | - |', ...Array.from({ length: 2_000 }, () => '| 1 | 2 | 3 | 4 | 5 |')].join(eol);
      expect(errorOf(long)?.message, JSON.stringify(eol)).toMatch(/^this table has more than 10,000 cells/);
      expect(errorOf(long)?.position.line, JSON.stringify(eol)).toBe(2_001);
    }
  });
});
