// "Did you mean …": the closest existing route (or anchor) to a broken link, when one is close.
// Closeness is judged on the last path segment, where a typo is: measured across the whole URL,
// the long prefix a link shares with every page of its folder made unrelated pages look close
// ("records/nope.md" → "records/locking"). A page whose last segment matches exactly is a
// page that moved to another folder, and is suggested whatever its folder.
export function suggestRoute(target: string, routes: Iterable<string>): string | undefined {
  const wanted = lastSegment(target).replace(/\.(md|mdx|html)$/, '');
  const limit = Math.max(1, Math.floor(wanted.length / 3));
  let best: string | undefined;
  let bestScore = Infinity;
  let bestWhole = Infinity;
  for (const route of routes) {
    const last = lastSegment(route);
    // Skip the quadratic distance when the lengths alone rule a route out.
    if (Math.abs(last.length - wanted.length) > Math.min(limit, bestScore)) continue;
    const score = last === wanted ? 0 : distance(wanted, last);
    if (score > limit || score > bestScore) continue;
    // Between equally close segments, the route closest as a whole (same folder) wins.
    const whole = distance(target, route);
    if (score < bestScore || whole < bestWhole) {
      best = route;
      bestScore = score;
      bestWhole = whole;
    }
  }
  return best;
}

function lastSegment(path: string): string {
  const parts = path.replace(/\/+$/, '').split('/');
  return parts[parts.length - 1] ?? '';
}

/** Levenshtein distance, two rows of memory. */
export function distance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  let cur = new Array<number>(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}
