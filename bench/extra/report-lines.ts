// The lines of the bench's table (../report.ts) for what bench/extra/ measures: the markdown parse alone
// beside a site's phases, the side-by-side runs, deploy and the first search on a slow phone.
import { formatPhases } from '../cold-build.ts';
import type { Results, SiteResult } from '../results.ts';
import { pageTypeLines } from './page-types.ts';
import type { ParseFloor } from './parse-floor.ts';
import type { PeerBuild, PeerResult } from './peer.ts';

const sec = (ms: number | undefined) => (ms === undefined ? 'n/a' : (ms / 1000).toFixed(2));

/** The side-by-side runs, the very large site, deploy, first search and page types, each followed by a blank line. */
export function extraLines(results: Results): string[] {
  const huge = results.huge ? [`very large site, ${results.huge.pages.toLocaleString('en-US')} pages: ${results.huge.summary}`, `  phases: ${formatPhases(results.huge.run.phases)}`, ''] : [];
  return [...peerLines(results.peer), ...huge, ...deployLines(results.sites), ...firstSearchLines(results.sites), ...pageTypeLines(results.pageTypes)];
}

/**
 * "; markdown parse alone (one cold thread) 1.21 s (process CPU 1.60 s) [3]; bare stack from
 * process start 1.40 s (CPU 1.85 s) [3]": what the build cannot go under while it parses with
 * remark-parse and renders through the owner's stack.
 */
export function parseFloorNote(floor: ParseFloor | undefined): string {
  if (!floor) return '';
  const stack = floor.stack ? `; bare stack from process start ${sec(floor.stack.wallMs.median)} s (CPU ${sec(floor.stack.cpuMs.median)} s) [${floor.stack.wallMs.n}]` : '';
  return `; markdown parse alone (one cold thread) ${sec(floor.wallMs.median)} s (process CPU ${sec(floor.cpuMs.median)} s) [${floor.wallMs.n}]${stack}`;
}

/** One line per site with a deploy measurement: first upload and a redeploy of the same build. */
function deployLines(sites: SiteResult[]): string[] {
  const lines = sites.flatMap((s) => {
    const d = s.deploy;
    if (!d) return [];
    if (d.error || !d.first.wallMs || !d.unchanged.wallMs) return [`deploy of ${s.label}: failed: ${d.error ?? 'no runs'}`];
    return [
      `deploy of ${s.label} (${d.files} files, s3rver on 127.0.0.1): first upload ${d.first.requests} requests, ${sec(d.first.wallMs.median)} s median [${d.first.wallMs.n}]; ` +
        `no-change redeploy ${d.unchanged.requests} request(s), ${sec(d.unchanged.wallMs.median)} s median [${d.unchanged.wallMs.n}]`,
    ];
  });
  return lines.length ? [...lines, ''] : [];
}

/** One line per site and first-search measurement. */
function firstSearchLines(sites: SiteResult[]): string[] {
  const lines = sites.flatMap((s) =>
    [s.firstSearch, s.laterSearch].flatMap((f) => {
      if (!f) return [];
      const when = f.clickFromMs ? `clicking from ${sec(f.clickFromMs)} s` : 'clicking as soon as the button shows';
      if (f.error || !f.openedMs) return [`first search on ${s.label} (${when}): failed: ${f.error ?? 'no runs'}`];
      return [
        `first search on ${s.label} (${f.page}, ${when}; ${f.conditions}): the modal opens ${sec(f.openedMs.median)} s after navigation ` +
          `(median of ${f.openedMs.n}, ${sec(f.openedMs.min)}–${sec(f.openedMs.max)}), ${sec(f.clickToOpenMs?.median)} s after the first click`,
      ];
    }),
  );
  return lines.length ? [...lines, ''] : [];
}

/** "17 scripts (321 kB)": what a build ships for browsers to run. */
function scripts(build: PeerBuild): string {
  return build.scriptFiles === undefined ? '? scripts' : `${build.scriptFiles} scripts (${Math.round((build.scriptBytes ?? 0) / 1000)} kB)`;
}

/** One line per size of the side-by-side runs. */
function peerLines(peer: PeerResult | undefined): string[] {
  if (!peer) return [];
  const lines = peer.sizes.map((s) => {
    const own = s.helpgen;
    const other = s.peer;
    return `${s.pages.toLocaleString('en-US')} pages: Hugo ${sec(other.wallMs?.median)} s, ${other.peakRssMb?.max.toFixed(0) ?? '?'} MB, ${other.htmlFiles ?? '?'} HTML files, ${scripts(other)}; ` +
      `helpgen ${sec(own.wallMs?.median)} s, ${own.peakRssMb?.max.toFixed(0) ?? '?'} MB, ${own.htmlFiles ?? '?'} HTML files (${((own.outputBytes ?? 0) / 1e6).toFixed(0)} MB), ${scripts(own)}; ` +
      `helpgen ÷ Hugo ${s.ratio?.toFixed(2) ?? 'n/a'} [${s.pairRatios.length} pair(s)]\n    helpgen phases: ${formatPhases(own.phases)}${parseFloorNote(s.parseFloor)}`;
  });
  return [`Side by side with ${peer.version} on ${peer.corpus}:`, ...lines, ''];
}
