// Lighthouse 12.2.3's mobile performance score of a page: Lighthouse's default settings (mobile
// form factor, simulated throttling: Slow 4G and a 4x CPU slowdown), performance category only,
// in Debian's Chromium launched through chrome-launcher (--headless=new), a fresh browser per
// run so no run inherits another's cache.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './eager-js.ts';
import type { LighthouseRun } from './page-types.ts';

export async function lighthouseRun(url: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
    if (!result) return { error: 'Lighthouse returned no result' };
    const { lhr } = result;
    if (lhr.runtimeError) return { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
    const score = lhr.categories.performance?.score;
    if (score === null || score === undefined) return { error: `no performance score (${lhr.runWarnings.join('; ') || 'no warning given'})` };
    const figure = (id: string) => lhr.audits[id]?.numericValue;
    return {
      score: Math.round(score * 100),
      lcpMs: figure('largest-contentful-paint'),
      tbtMs: figure('total-blocking-time'),
      cls: figure('cumulative-layout-shift'),
      benchmarkIndex: lhr.environment?.benchmarkIndex,
    };
  } catch (error) {
    return { error: (error as Error).message.split('\n')[0] };
  } finally {
    await chrome.kill();
  }
}
