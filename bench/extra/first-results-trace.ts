// Where a first search's time goes (`npm run bench -- --trace-first-results ROUTE DIST[,DIST…]
// [--runs N]`): the search-transfer.ts reader (a cold page in Chromium, files served gzip
// over local HTTP, Ctrl+K then "locking" typed in a burst), traced. Per run: when the modal
// appeared, when each key reached the search box, when each request of the search started and
// ended (resource timing), when the results were on screen, and the main thread's CPU meanwhile
// (a CDP profile, by script and function). Several builds (of the same site) are run in
// alternation, so a loaded machine skews them alike; the figures printed are medians.
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import { QUERY, serve } from './search-transfer.ts';

interface Request {
  kind: 'entry' | 'shard' | 'page' | 'code' | 'other';
  name: string;
  start: number;
  end: number;
  bytes: number;
}

interface Run {
  resultsMs: number;
  modalMs: number;
  /** When each key reached the search box (keys typed before it appeared are held: none). */
  keys: number[];
  requests: Request[];
  /** Main-thread CPU by script file, and by function, from Ctrl+K to the results. */
  cpu: Record<string, number>;
  functions: Record<string, number>;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

function kindOf(url: string): Request['kind'] {
  if (/\/assets\/search\/index(\.dev)?\.json/.test(url)) return 'entry';
  if (url.includes('/assets/search/terms/')) return 'shard';
  // The page files' word dictionary is fetched with them, for them.
  if (url.includes('/assets/search/pages/') || url.includes('/assets/search/words/')) return 'page';
  return url.endsWith('.js') ? 'code' : 'other';
}

async function traceOnce(browser: Browser, origin: string, route: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(origin + encodeURI(route), { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.querySelector('.DocSearch-Button-Key')?.hasAttribute('data-key'));
  await page.evaluate((q) => {
    const w = window as unknown as { trace: { start?: number; modal?: number; shown?: number; keys: number[] } };
    w.trace = { keys: [] };
    performance.setResourceTimingBufferSize(1000);
    window.addEventListener('keydown', () => (w.trace.start ??= performance.now()), { capture: true });
    document.addEventListener('input', () => w.trace.keys.push(performance.now()), { capture: true });
    new MutationObserver(() => {
      if (document.querySelector('.DocSearch-Modal')) w.trace.modal ??= performance.now();
      const container = document.querySelector<HTMLElement>('.DocSearch-Container');
      if (container?.dataset.status === 'idle' && container.dataset.answered === q) w.trace.shown ??= performance.now();
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  }, QUERY);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.keyboard.press('Control+k');
  await page.keyboard.type(QUERY, { delay: 0 });
  await page.waitForFunction(() => (window as unknown as { trace: { shown?: number } }).trace.shown !== undefined);
  const { profile } = await cdp.send('Profiler.stop');
  const seen = await page.evaluate(() => {
    const t = (window as unknown as { trace: { start: number; modal: number; shown: number; keys: number[] } }).trace;
    const requests = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => r.startTime >= t.start)
      .map((r) => ({ name: r.name, start: r.startTime - t.start, end: r.responseEnd - t.start, bytes: r.encodedBodySize }));
    return { resultsMs: t.shown - t.start, modalMs: t.modal - t.start, keys: t.keys.map((k) => k - t.start), requests };
  });
  await context.close();
  const byId = new Map((profile.nodes as ProfileNode[]).map((n) => [n.id, n]));
  const cpu: Record<string, number> = Object.create(null);
  const functions: Record<string, number> = Object.create(null);
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const { url, functionName, lineNumber, columnNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') return;
    // A sample's time is the gap to the next one; file names lose their content hash.
    const ms = (deltas[i + 1] ?? 0) / 1000;
    const file = url ? url.replace(/^.*\//, '').replace(/\.[A-Za-z0-9_-]+\.js$/, '.js') : functionName;
    cpu[file] = (cpu[file] ?? 0) + ms;
    const name = `${file} ${functionName || '(anonymous)'}@${lineNumber}:${columnNumber}`;
    functions[name] = (functions[name] ?? 0) + ms;
  });
  return { ...seen, requests: seen.requests.map((r) => ({ ...r, kind: kindOf(r.name), name: r.name.replace(/^.*\/assets\//, '') })), cpu, functions };
}

const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : Number.NaN;
};
const sum = (record: Record<string, number>) => Object.values(record).reduce((a, b) => a + b, 0);

/** The phases of one run, in ms from Ctrl+K: each kind of request's first start and last end. */
function phases(run: Run): Record<string, number> {
  const of = (kind: Request['kind']) => run.requests.filter((r) => r.kind === kind);
  const span = (kind: Request['kind']) => {
    const list = of(kind);
    return { from: Math.min(...list.map((r) => r.start)), to: Math.max(...list.map((r) => r.end)) };
  };
  const [code, entry, shards, sections] = [span('code'), span('entry'), span('shard'), span('page')];
  return {
    results: run.resultsMs,
    modal: run.modalMs,
    codeIn: code.to,
    entryIn: entry.to,
    firstKey: run.keys[0] ?? Number.NaN,
    lastKey: run.keys.at(-1) ?? Number.NaN,
    shardsFrom: shards.from,
    shardsTo: shards.to,
    shards: of('shard').length,
    shardKB: of('shard').reduce((n, r) => n + r.bytes, 0) / 1024,
    sectionsFrom: sections.from,
    sectionsTo: sections.to,
    sections: of('page').length,
    cpu: sum(run.cpu),
  };
}

const fixed = (value: number) => (Number.isFinite(value) ? value.toFixed(Number.isInteger(value) ? 0 : 1) : '-');

export async function traceFirstResults(route: string, dirs: string[], runs: number, chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-quic'] });
  const servers = await Promise.all(dirs.map((dir) => serve(dir)));
  const results: Run[][] = dirs.map(() => []);
  try {
    for (let i = 0; i < runs; i++) {
      for (const [d, dir] of dirs.entries()) {
        const run = await traceOnce(browser, servers[d]!.origin, route);
        results[d]!.push(run);
        const p = phases(run);
        process.stdout.write(`${dir} #${i + 1}: ${Object.entries(p).map(([k, v]) => `${k} ${fixed(v)}`).join(', ')}; keys at ${run.keys.map((k) => k.toFixed(0)).join(' ') || 'none (held)'}\n`);
      }
    }
  } finally {
    await browser.close();
    for (const { server } of servers) server.close();
  }
  for (const [d, dir] of dirs.entries()) {
    const list = results[d]!;
    const per = list.map(phases);
    process.stdout.write(`\n${dir}: medians of ${list.length} runs (ms from Ctrl+K)\n`);
    process.stdout.write(`  ${Object.keys(per[0]!).map((k) => `${k} ${fixed(median(per.map((p) => p[k]!)))}`).join(', ')}\n`);
    const cpuBy = (pick: (r: Run) => Record<string, number>, count: number) => {
      const keys = new Set(list.flatMap((r) => Object.keys(pick(r))));
      return [...keys].map((k): [string, number] => [k, median(list.map((r) => pick(r)[k] ?? 0))]).sort((a, b) => b[1] - a[1]).slice(0, count);
    };
    process.stdout.write(`  CPU by script: ${cpuBy((r) => r.cpu, 8).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}\n  CPU by function:\n`);
    for (const [k, v] of cpuBy((r) => r.functions, 15)) process.stdout.write(`    ${v.toFixed(1).padStart(6)}  ${k}\n`);
    process.stdout.write('  requests of the last run:\n');
    for (const r of list.at(-1)!.requests.sort((a, b) => a.start - b.start)) process.stdout.write(`    ${r.kind.padEnd(8)} ${r.start.toFixed(1).padStart(7)} → ${r.end.toFixed(1).padStart(7)} ${String(r.bytes).padStart(7)} B  ${r.name}\n`);
  }
}
