import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { assertNesting, MAX_NESTING } from './markdown-limits.ts';
import { helpgenRoot } from '../paths.ts';

const nested = (depth: number, line: (level: number) => string) => Array.from({ length: depth }, (_, i) => line(i)).join('\n');
const errorOf = (source: string) => {
  try {
    assertNesting('content/x.md', source);
    return undefined;
  } catch (error) {
    return error as { message: string; position: { line: number } };
  }
};

describe('assertNesting', () => {
  it('accepts every page of our content and of the test fixtures', () => {
    const pages = fg.sync(['content/**/*.md', 'test/fixtures/**/*.md'], { cwd: helpgenRoot });
    expect(pages.length).toBeGreaterThan(150);
    for (const page of pages) expect(errorOf(readFileSync(join(helpgenRoot, page), 'utf8')), page).toBeUndefined();
  });

  it.each([
    ['markers on one line', (d: number) => `${'- '.repeat(d)}x`, 1],
    ['blockquote markers', (d: number) => `${'>'.repeat(d)} x`, 1],
    ['mixed markers', (d: number) => `${Array.from({ length: d }, (_, i) => (i % 2 ? '1. ' : '> ')).join('')}x`, 1],
  ])('finds %s nested deeper than the limit', (_name, line, at) => {
    expect(errorOf(line(MAX_NESTING))).toBeUndefined();
    const error = errorOf(line(MAX_NESTING + 1));
    expect(error?.message).toContain(`nest ${MAX_NESTING + 1} levels deep`);
    expect(error?.position.line).toBe(at);
  });

  it('finds a list nested one item a line, each indented under the one before', () => {
    expect(errorOf(nested(MAX_NESTING, (i) => `${'  '.repeat(i)}- item`))).toBeUndefined();
    expect(errorOf(nested(MAX_NESTING + 5, (i) => `${'  '.repeat(i)}- item`))?.position.line).toBe(MAX_NESTING + 1);
    expect(errorOf(nested(MAX_NESTING + 5, (i) => `${'   '.repeat(i)}1. item\n\n${'   '.repeat(i + 1)}More text.`))?.position.line).toBe(MAX_NESTING * 3 + 1);
  });

  it('leaves thematic breaks, code blocks and lists that end alone', () => {
    expect(errorOf(`${'- '.repeat(5000)}-`)).toBeUndefined();
    expect(errorOf(`\`\`\`text\n${'> '.repeat(500)}x\n\`\`\`\n\n~~~\n${'- '.repeat(500)}x\n~~~`)).toBeUndefined();
    expect(errorOf(nested(500, (i) => `${'  '.repeat(i % 10)}- item ${i}`))).toBeUndefined();
  });
});
