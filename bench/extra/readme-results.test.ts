import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { END, START, resultsSection, writeReadmeResults } from './readme-results.ts';
import type { Results } from '../results.ts';

const results = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'results.json'), 'utf8')) as Results;

describe('the figures of the last run in bench/README.md', () => {
  it('name when and where they were measured, every site and every budget, from the results file', () => {
    const section = resultsSection(results);
    expect(section).toContain(`at commit ${results.commit}`);
    for (const site of results.sites) expect(section).toContain(`| ${site.label} `);
    for (const budget of results.budgets) expect(section).toContain(budget.budget.split('\n')[0]!.replace(/\|/g, '\\|'));
  });

  it('replace only the section between the markers, and the same results write the same file', () => {
    const readme = join(mkdtempSync(join(tmpdir(), 'helpgen-bench-readme-')), 'README.md');
    writeFileSync(readme, `# Benchmarks\n\nBefore.\n\n${START}\nold figures\n${END}\n\nAfter.\n`);
    writeReadmeResults(readme, results);
    const once = readFileSync(readme, 'utf8');
    expect(once).not.toContain('old figures');
    expect(once.startsWith('# Benchmarks\n\nBefore.\n\n' + START)).toBe(true);
    expect(once.endsWith(`${END}\n\nAfter.\n`)).toBe(true);
    writeReadmeResults(readme, results);
    expect(readFileSync(readme, 'utf8')).toBe(once);
  });

  it('go at the end, under a heading of their own, in a README without the markers', () => {
    const readme = join(mkdtempSync(join(tmpdir(), 'helpgen-bench-readme-')), 'README.md');
    writeFileSync(readme, '# Benchmarks\n');
    writeReadmeResults(readme, results);
    expect(readFileSync(readme, 'utf8')).toBe(`# Benchmarks\n\n## The last run\n\n${resultsSection(results)}\n`);
  });
});
