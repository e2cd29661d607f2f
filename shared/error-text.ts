// The text shown for an error: its message followed by each `cause` in turn, so a reader (or the
// person they send a screenshot to) sees why it failed, not only that it failed.
export function errorText(error: unknown): string {
  const parts: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== undefined && current !== null && !seen.has(current) && parts.length < 10) {
    seen.add(current);
    parts.push(current instanceof Error ? current.message || current.name : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join('\n\nCause:\n');
}
