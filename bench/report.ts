// The table printed at the end of `npm run bench` (the results' shape is ./results.ts).
import type { BudgetCheck } from './budget-check.ts';
import { extraLines, parseFloorNote } from './extra/report-lines.ts';
import { formatPhases } from './cold-build.ts';
import type { Results } from './results.ts';

const kb = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${(bytes / 1000).toFixed(1)}`);
const sec = (ms: number | undefined) => (ms === undefined ? 'n/a' : (ms / 1000).toFixed(2));

export function formatTable(results: Results): string {
  const table = sitesTable(results);
  const budgets = results.budgets.map((c) => {
    const mark = c.informative && c.measured !== undefined ? 'info' : c.holds === undefined ? 'n/a ' : c.holds ? 'ok  ' : 'FAIL';
    const before = c.before ? `, before ${fmt(c.before.measured, c.unit)} at ${c.before.commit}` : '';
    const figure = c.measured === undefined ? '' : ` measured ${fmt(c.measured, c.unit)} vs ${fmt(c.limit, c.unit)} (${c.ratio === undefined ? '' : `×${c.ratio.toFixed(2)}`}${before})`;
    return `${mark} ${c.budget}${figure}${c.note && (c.holds !== true || c.informative) ? ` — ${c.note.split('\n')[0]}` : ''}`;
  });
  const cpu = (c: { user: number; sys: number } | undefined) => (c ? ` (CPU ${sec(c.user)} s user + ${sec(c.sys)} s system)` : '');
  const phases = results.sites.filter((s) => s.build.phases).map((s) => `${s.label}${cpu(s.build.cpuMs)}: ${formatPhases(s.build.phases)}${parseFloorNote(s.parseFloor)}`);
  return [table, '', ...(phases.length ? ['Phases (median ms):', ...phases, ''] : []), ...extraLines(results), 'Budgets:', ...budgets, '', ...results.notes.map((n) => `note: ${n}`)].join('\n');
}

/** One row per site: builds, memory, page weight, search and dev figures (a markdown table too). */
export function sitesTable(results: Results): string {
  const header = ['site', 'md pages', 'build median s (min–max) [runs]', 'with cache s [runs]', 'after a one-page edit s [runs]', 'peak RSS MiB', 'HTML KB raw/gz (sidebar raw)', 'CSS KB gz', 'JS KB gz', 'index KB raw/gz', 'query p50/p95 ms', 'first search KB gz [requests] burst/typed, results ms', 'dev save→reload ms'];
  const rows = results.sites.map((s) => {
    const b = s.build;
    const build = b.wallMs ? `${sec(b.wallMs.median)} (${sec(b.wallMs.min)}–${sec(b.wallMs.max)}) [${b.wallMs.n}]` : `failed: ${(b.error ?? 'n/a').split('\n')[0]!.slice(0, 60)}`;
    const rss = b.peakRssMb ? b.peakRssMb.max.toFixed(0) : b.runs.find((r) => r.peakRssMb)?.peakRssMb?.toFixed(0) ?? 'n/a';
    const w = s.pageWeight;
    const html = w ? `${kb(w.html.raw)}/${kb(w.html.gzip)} (${kb(w.sidebarHtml.raw)})` : 'n/a';
    const index = s.search?.index ? `${kb(s.search.index.raw)}/${kb(s.search.index.gzip)}` : 'n/a';
    const q = s.search?.queries ? `${s.search.queries.p50Ms.toFixed(2)}/${s.search.queries.p95Ms.toFixed(2)}` : 'n/a';
    const t = s.search?.transfer;
    const first = t ? `${kb(t.burst.bytes)} [${t.burst.requests}] / ${kb(t.typed.bytes)} [${t.typed.requests}], ${t.burst.resultsMs}` : 'n/a';
    const dev = s.dev?.saveToReload ? `${s.dev.saveToReload.median.toFixed(0)} (${s.dev.saveToReload.min.toFixed(0)}–${s.dev.saveToReload.max.toFixed(0)})` : s.dev ? 'n/a' : '–';
    const cached = b.cachedWallMs ? `${sec(b.cachedWallMs.median)} [${b.cachedWallMs.n}]` : '–';
    const edited = b.editedWallMs ? `${sec(b.editedWallMs.median)} [${b.editedWallMs.n}]` : b.editedRuns?.length ? 'failed' : '–';
    return [s.label, String(s.markdownPages), build, cached, edited, rss, html, w ? kb(w.css.gzip) : 'n/a', w ? kb(w.js.gzip) : 'n/a', index, q, first, dev];
  });
  return renderTable([header, ...rows]);
}

/** A budget's figure in its unit: "1.21 s", "12.3 KB", "0.875". */
export function fmt(value: number, unit: BudgetCheck['unit']): string {
  switch (unit) {
    case 'ms':
      return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`;
    case 'MB':
      return `${value.toFixed(0)} MB`;
    case 'KB':
      return `${value.toFixed(1)} KB`;
    case 'ratio':
      return value.toFixed(3);
    default:
      return String(value);
  }
}

function renderTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => '| ' + r.map((c, i) => c.padEnd(widths[i]!)).join(' | ') + ' |';
  return [line(rows[0]!), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...rows.slice(1).map(line)].join('\n');
}

