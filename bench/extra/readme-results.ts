// The figures of the last run in bench/README.md, written from results.json by the bench itself
// (after a full run, and with `--readme` from the results file as it is), so the README never
// quotes a figure from memory. The section sits between two markers and is replaced whole.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { BudgetCheck } from '../budget-check.ts';
import { fmt, sitesTable } from '../report.ts';
import type { Results } from '../results.ts';

export const START = '<!-- results: written by `npm run bench` from results.json; do not edit by hand -->';
export const END = '<!-- /results -->';

/** The README section: when and where the figures were measured, the sites' table and every budget. */
export function resultsSection(results: Results): string {
  const rows = results.budgets.map((b) => `| ${status(b)} | ${cell(b.budget)} | ${b.measured === undefined ? cell(b.note ?? 'not measured') : fmt(b.measured, b.unit)} |`);
  return [
    START,
    `Measured on ${results.date.slice(0, 10)} at commit ${results.commit} (Node ${results.node}, ${results.cpu.cores} × ${results.cpu.model}, 1-minute load average ${results.loadAverage.start} at the start, ${results.loadAverage.end} at the end). Times are medians of the runs in brackets; sizes in KB of 1,000 bytes.`,
    '',
    sitesTable(results),
    '',
    '| budget | what | measured |',
    '|---|---|---|',
    ...rows,
    ...results.notes.map((note) => `\nNote: ${note}`),
    END,
  ].join('\n');
}

/** Puts the section into the README at `path`, between the markers (at the end when they are missing). */
export function writeReadmeResults(path: string, results: Results): void {
  const readme = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const section = resultsSection(results);
  const start = readme.indexOf(START);
  const end = readme.indexOf(END, start);
  const next = start >= 0 && end >= 0 ? readme.slice(0, start) + section + readme.slice(end + END.length) : `${readme.trimEnd()}\n\n## The last run\n\n${section}\n`;
  writeFileSync(path, next);
}

/** "holds", "**fails**", "n/a" (not measured) or "info" (a figure recorded beside the budgets, measured). */
function status(row: BudgetCheck): string {
  if (row.informative && row.measured !== undefined) return 'info';
  return row.holds === undefined ? 'n/a' : row.holds ? 'holds' : '**fails**';
}

const cell = (text: string) => text.split('\n')[0]!.replace(/\|/g, '\\|');
