// Facts agree across pages (issue 22): STYLE.md's "Facts every page agrees with" table holds one
// value per fact; the checks in facts.ts find statements of each fact in every page and fail on
// one that states another value, naming file:line, the fact and the value STYLE.md gives.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { repoRoot } from '../helpers/site.ts';
import { CHECKS, type Check, type Found } from './facts.ts';
import { statementsOf } from './statements.ts';

const contentDir = join(repoRoot, 'content');

/** The rows of STYLE.md's facts table, markup for bold removed: fact → value. */
function readFactsTable(styleGuide: string): Map<string, string> {
  const section = styleGuide.split(/^## /m).find((s) => s.startsWith('Facts every page agrees with')) ?? '';
  const rows = section.split('\n').filter((line) => line.startsWith('|')).slice(2);
  const cells = (row: string) => row.slice(1, -1).split(' | ').map((cell) => cell.replace(/\*\*/g, '').trim());
  return new Map(rows.map((row) => cells(row) as [string, string]));
}

const facts = readFactsTable(readFileSync(join(contentDir, 'STYLE.md'), 'utf8'));

/** What a check finds wrong in one statement, or nothing. */
function disagreement(check: Check, found: Found): string | undefined {
  const match = check.find.exec(found.text);
  if (!match) return undefined;
  const value = facts.get(check.fact)!;
  if (check.agrees?.(match, value, found)) return undefined;
  return `${check.fact}: STYLE.md says "${value}"`;
}

/** Every disagreement in a page, as "file:line: fact: value — the statement". */
function checkPage(file: string, source: string): string[] {
  const problems: string[] = [];
  for (const statement of statementsOf(source)) {
    for (const check of CHECKS) {
      const problem = disagreement(check, { file, text: statement.text });
      if (problem) problems.push(`content/${file}:${statement.line}: ${problem}\n    ${statement.text}`);
    }
  }
  return problems;
}

describe('the facts table in STYLE.md', () => {
  it('has a value for every fact a check names, and a check for every fact', () => {
    expect(facts.size).toBeGreaterThanOrEqual(30);
    expect(CHECKS.map((c) => c.fact).filter((fact) => !facts.has(fact))).toEqual([]);
    expect([...facts.keys()].filter((fact) => !CHECKS.some((c) => c.fact === fact))).toEqual([]);
  });

  it.each(CHECKS.map((check, i) => [`${i + 1}. ${check.fact}`, check] as const))('check %s flags its wrong example and accepts its right one', (_name, check) => {
    expect(disagreement(check, { file: 'example.md', text: check.wrong }), check.wrong).toBeDefined();
    if (check.right) expect(disagreement(check, { file: 'example.md', text: check.right }), check.right).toBeUndefined();
  });
});

describe('every page agrees with the facts table', () => {
  const pages = fg.sync('**/*.md', { cwd: contentDir, ignore: ['STYLE.md'] }).sort();

  it('reads every page', () => {
    expect(pages.length).toBeGreaterThan(150);
  });

  it.each(pages)('%s', (file) => {
    const problems = checkPage(file, readFileSync(join(contentDir, file), 'utf8'));
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
