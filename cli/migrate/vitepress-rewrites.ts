// VitePress `rewrites`: a page's address comes from another path than its file's, as
// { 'packages/:pkg/src/index.md': ':pkg/index.md' } or a function of the path. The page stays
// at its own path in content/ (its images and relative links still resolve) with a slug.

export type RewriteRule = ((path: string) => string) & { count: number };

export function rewriteRule(rewrites: unknown): RewriteRule {
  const rules = typeof rewrites === 'object' && rewrites !== null ? Object.entries(rewrites as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string').map(([from, to]) => ({ pattern: patternOf(from), to })) : [];
  const apply = (path: string): string => {
    if (typeof rewrites === 'function') {
      const result = (rewrites as (p: string) => unknown)(path);
      return typeof result === 'string' && result !== '' ? result.replace(/^\/+/, '') : path;
    }
    for (const { pattern, to } of rules) {
      const match = pattern.exec(path);
      if (match) return to.replace(/:(\w+)|\$(\d)/g, (all, name?: string, n?: string) => (name ? (match.groups?.[name] ?? all) : (match[Number(n)] ?? all)));
    }
    return path;
  };
  const rule = ((path: string) => {
    const result = apply(path);
    if (result !== path) rule.count += 1;
    return result;
  }) as RewriteRule;
  rule.count = 0;
  return rule;
}

/** "packages/:pkg/src/(.*)" → a regular expression with a named group per parameter. */
function patternOf(from: string): RegExp {
  const parts = from.split(/(:\w+|\(\.\*\))/).map((part) => {
    if (part === '(.*)') return '(.*)';
    if (/^:\w+$/.test(part)) return `(?<${part.slice(1)}>[^/]+)`;
    return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${parts.join('')}$`);
}
