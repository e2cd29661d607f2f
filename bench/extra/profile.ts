// Reads a V8 .cpuprofile (from `node --cpu-prof`) and lists where the time went: self time per
// function, and inclusive time per function (each sample counted once per function on its
// stack, so recursion does not inflate it). Used by `npm run bench -- --profile <site>` to
// describe build hot spots precisely to the build's owner.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface HotSpot {
  name: string;
  where: string;
  ms: number;
  share: number;
}

export interface ProfileSummary {
  totalMs: number;
  self: HotSpot[];
  inclusive: HotSpot[];
}

export function summarizeProfile(file: string, top = 25): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const keys = new Map<number, string>();
  const keyOf = (node: ProfileNode) => {
    let key = keys.get(node.id);
    if (key === undefined) {
      key = `${node.callFrame.functionName || '(anonymous)'}\u0000${location(node.callFrame)}`;
      keys.set(node.id, key);
    }
    return key;
  };

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let totalUs = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    totalUs += delta;
    const node = byId.get(id)!;
    self.set(keyOf(node), (self.get(keyOf(node)) ?? 0) + delta);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = keyOf(byId.get(at)!);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + delta);
    }
  });
  const list = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, us]) => {
        const [name, where] = key.split('\u0000');
        return { name: name!, where: where!, ms: us / 1000, share: us / totalUs };
      });
  return { totalMs: totalUs / 1000, self: list(self), inclusive: list(inclusive) };
}

const maps = new Map<string, SourceMap | undefined>();

/** Source position of a frame; frames in the esbuild-bundled CLI are mapped back to cli/… */
function location(frame: ProfileNode['callFrame']): string {
  const { url, lineNumber, columnNumber } = frame;
  if (url.startsWith('file://') && url.includes('.cache/helpgen')) {
    const file = fileURLToPath(url);
    if (!maps.has(file)) {
      const mapFile = file + '.map';
      maps.set(file, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : undefined);
    }
    const entry = maps.get(file)?.findEntry(lineNumber, columnNumber) as { originalSource?: string; originalLine?: number } | undefined;
    if (entry?.originalSource) {
      const source = entry.originalSource.replace(/^.*?(?=(cli|templates|client|node_modules)\/)/, '').replace(/^node_modules\//, '');
      return `${source}:${(entry.originalLine ?? 0) + 1}`;
    }
  }
  return `${shortUrl(url)}:${lineNumber + 1}`;
}

function shortUrl(url: string): string {
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) return url.slice(nm + 'node_modules/'.length);
  const cache = url.indexOf('.cache/helpgen/');
  if (cache >= 0) return 'helpgen/' + url.slice(cache + '.cache/helpgen/'.length);
  return url.replace(/^file:\/\//, '') || '(native)';
}

export function formatProfile(summary: ProfileSummary, top = 20): string {
  const row = (h: HotSpot) => `${h.ms.toFixed(0).padStart(8)} ms ${(h.share * 100).toFixed(1).padStart(5)}%  ${h.name}  ${h.where}`;
  return [
    `total sampled: ${summary.totalMs.toFixed(0)} ms`,
    'self time:',
    ...summary.self.slice(0, top).map(row),
    'inclusive time:',
    ...summary.inclusive.slice(0, top).map(row),
  ].join('\n');
}
