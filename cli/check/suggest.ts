// "Did you mean …": the closest existing route to a broken link, when one is close enough.
export function suggestRoute(target: string, routes: Iterable<string>): string | undefined {
  const wantedLast = lastSegment(target);
  const limit = Math.max(3, Math.floor(target.length * 0.25));
  let best: string | undefined;
  let bestScore = Infinity;
  for (const route of routes) {
    const last = lastSegment(route);
    // Skip the quadratic distance when the lengths alone rule a route out.
    if (last !== wantedLast && Math.abs(route.length - target.length) > Math.min(limit, bestScore)) continue;
    const score = last === wantedLast ? 0 : distance(target, route);
    if (score < bestScore) {
      bestScore = score;
      best = route;
    }
  }
  return bestScore <= limit ? best : undefined;
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
