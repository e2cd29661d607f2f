// Ranking and budgets on our real content. Ranking: questions as readers type them (their own
// words, stop words, word forms, typos, half-typed words) and the page that must come first;
// pages are those of the STYLE.md page map. Budgets: the index size is deterministic, so it is
// asserted (150 KB gzip at most); query times depend on the machine, so they are printed (p50
// and p95 over the benchmark's 100 reader queries) but never asserted. SEARCH_RANKING_SITE may
// point at another copy of the site.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUERIES } from '../../bench/queries.ts';
import type { LocalSearchEngine } from '../../client/search/engine/engine.ts';
import type { BuildResult } from '../../cli/pipeline/build.ts';
import { buildOnce, repoRoot } from '../helpers/site.ts';
import { engineFor, firstPage } from './helpers.ts';

const S = '/support/';
const records = (p: string) => `${S}user-docs/records/${p}`;
const templates = (p: string) => `${S}user-docs/templates/${p}`;
const cell = (p: string) => `${S}user-docs/templates/cell%20types/${p}`;
const fn = (p: string) => `${S}user-docs/templates/formulas/functions/${p}`;
const docs = (p: string) => `${S}user-docs/${p}`;
const admin = (p: string) => `${S}admin-docs/${p}`;

/** Benchmark queries (bench/queries.ts) for things our help pages never mention. */
const NOT_IN_OUR_CONTENT = new Set(['webhook']);

const RANKING: [query: string, firstPage: string][] = [
  // Guides
  ['quick start', `${S}guides/ordo-quick-start-guide`],
  ['create your first template step by step', `${S}guides/ordo-quick-start-guide`],
  ['asset tracking', `${S}guides/business-asset-tracking-guide`],
  ['standard operating procedure', `${S}guides/business-standard-operating-procedure-guide`],
  ['template creation guide', `${S}guides/ordo-template-creation-guide`],
  // Records
  ['lock a record', records('locking')],
  ['how do I unlock a record', records('locking')],
  ['lokc record', records('locking')],
  ['how do i unlock a recrod', records('locking')],
  ['restore an older version of a record', records('versions')],
  ['verison history', records('versions')],
  ['delete a record', records('deleting')],
  ['deleted records trash', records('deleting')],
  ['duplicate a record', records('duplicating')],
  ['move a record to another template', records('moving')],
  ['download a record as pdf', records('downloadpdf')],
  ['assign a record to someone', records('assigning')],
  ['attach a file to a record', records('attaching')],
  ['record naming pattern', records('naming')],
  ['create a new record', records('creating')],
  ['edit a record', records('editing')],
  ['sort and filter the record list', records('listing')],
  // Templates and cells
  ['create a template', templates('creating')],
  ['templte designer', templates('template-designer')],
  ['make a cell required', templates('cell-validation_required')],
  ['cell styling colors', templates('cell-styling')],
  ['badges', templates('badges')],
  ['privacy and locks', templates('privacy-and-locks')],
  ['rename a cell label', templates('cell-labels')],
  ['date cell', cell('date-cell')],
  ['checkbox cell', cell('checkbox-cell')],
  ['signature cell', cell('signature-cell')],
  ['currency cell', cell('currency-cell')],
  ['richtext', cell('richtext-cell')],
  ['cell types', cell('cell-types-overview')],
  // Formulas and functions
  ['vlookup', fn('vlookup')],
  ['vlookpu', fn('vlookup')],
  ['sumif', fn('sumif')],
  ['countif', fn('countif')],
  ['datedif', fn('datedif')],
  ['iferror', fn('iferror')],
  ['today', fn('today')],
  ['concat', fn('concat')],
  ['isemail', fn('isemail')],
  ['seqnum', fn('seqnum')],
  ['readablepercent', fn('readablepercent')],
  // Working with data
  ['import records from csv', docs('import')],
  ['export records', docs('export')],
  ['public form', docs('forms')],
  ['portal', docs('portals')],
  ['sheets', docs('sheets')],
  ['inbox notifications', docs('inbox')],
  ['teams and databases', docs('ordo-teams-databases')],
  ['give someone read-only access', docs('sharing')],
  ['read only access for a viewer', docs('sharing')],
  // Concepts
  ['what is a reference', `${S}user-docs/concepts/references`],
  ['what is a relationship', `${S}user-docs/concepts/relationships`],
  ['link cells between templates', templates('linkingcells')],
  // Integrations and apps
  ['zapier', `${S}integrations/zapier`],
  ['zappier', `${S}integrations/zapier`],
  ['api rate limit', `${S}integrations/api`],
  ['android app', `${S}apps/android`],
  ['ios app', `${S}apps/ios`],
  // Questions in the reader's own words
  ['how can i stop people from changing a record', records('locking')],
  ['restore an old verison of a record', records('versions')],
  ['get my deleted record back', records('deleting')],
  ['copy a record', records('duplicating')],
  ['print a record', records('downloadpdf')],
  ['move a record to a different database', records('moving')],
  ['send records to excel', docs('export')],
  ['bring in data from a spreadsheet', docs('import')],
  ['make a field mandatory', templates('cell-validation_required')],
  ['show a red label when a record is overdue', templates('badges')],
  ['set up a portal for vendors', docs('portals')],
  ['how much does the business plan cost', admin('billing-payments')],
  ['api authentication', `${S}integrations/api`],
  // Administration
  ['audit log', admin('ordo-audit-log')],
  ['aduit log', admin('ordo-audit-log')],
  ['granular permissions', admin('granular-permissions')],
  ['manage groups', admin('group-management')],
  ['billing and payments', admin('billing-payments')],
  ['user management', admin('user-management')],
  ['roles', admin('ordo-roles')],
];

let result: BuildResult;
let engine: LocalSearchEngine;
let indexBytes: string;

beforeAll(async () => {
  result = await buildOnce(process.env.SEARCH_RANKING_SITE ?? repoRoot);
  ({ engine, indexBytes } = engineFor(result));
});

describe('ranking on the real content', () => {
  it('has a table of at least 50 queries', () => {
    expect(RANKING.length).toBeGreaterThanOrEqual(50);
  });

  it.each(RANKING)('"%s" → %s', (query, expected) => {
    expect(firstPage(engine, query)).toBe(expected);
  });
});

describe('budgets on the real content', () => {
  it('keeps the index within 150 KB gzip', () => {
    const gzip = gzipSync(indexBytes).length;
    const fragments = result.files.filter((f) => f.path.includes('/assets/search/pages/'));
    const fragmentGzip = fragments.map((f) => gzipSync(readFileSync(join(result.outDir, f.path))).length);
    console.log(
      `search index: ${(indexBytes.length / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip for ${result.pages.filter((p) => p.kind === 'doc').length} pages; ` +
        `${fragments.length} paragraph fragments, largest ${(Math.max(...fragmentGzip) / 1024).toFixed(1)} KB gzip`,
    );
    expect(gzip).toBeLessThanOrEqual(150 * 1024);
  });

  it('answers the 100 benchmark queries, every one that our pages cover with hits (times printed, not asserted)', () => {
    const run = (q: string) => engine.searchSync({ query: q, hitsPerPage: 20, snippetWords: 10 });
    for (const q of QUERIES) run(q); // warm-up
    const times: number[] = [];
    const empty: string[] = [];
    for (const q of QUERIES) {
      const start = performance.now();
      const { hits } = run(q);
      times.push(performance.now() - start);
      if (hits.length === 0) empty.push(q);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
    console.log(`search queries: p50 ${at(50).toFixed(2)} ms, p95 ${at(95).toFixed(2)} ms, max ${times[times.length - 1]!.toFixed(2)} ms, without hits: ${empty.join(', ') || 'none'}`);
    expect(QUERIES.length).toBe(100);
    // Words our pages do not use; every other query finds something.
    expect(empty.filter((q) => !NOT_IN_OUR_CONTENT.has(q))).toEqual([]);
  });
});
