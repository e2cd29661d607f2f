// Source-level rewrites that keep every line where it was (so positions stay true):
// "::: tip Title" and ":::tip Title" become ":::tip[Title]", and "::: code-group {groupId=x}"
// becomes ":::code-group{groupId=x}", which is what remark-directive reads.
const ADMONITION_OPEN = /^(\s*(?:>\s*)*)(:{3,})[ \t]*([a-zA-Z][\w-]*)[ \t]*(\{[^}\n]*\})?(?:[ \t]+([^[{\n][^\n]*?))?[ \t]*$/;
const FENCE = /^\s*(```+|~~~+)/;

/**
 * For a line that opens or closes a code fence, the fence open after it (undefined once closed);
 * for any other line, undefined. `fence` is the fence open before the line.
 */
export function fenceAfter(line: string, fence: string | undefined): { fence: string | undefined } | undefined {
  const marker = FENCE.exec(line)?.[1];
  if (marker === undefined) return undefined;
  if (!fence) return { fence: marker[0]!.repeat(marker.length) };
  return { fence: marker.startsWith(fence) ? undefined : fence };
}

export function preprocessMarkdown(source: string): string {
  const lines = source.split('\n');
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fenceLine = fenceAfter(line, fence);
    if (fenceLine) {
      fence = fenceLine.fence;
      continue;
    }
    if (fence) continue;
    const match = ADMONITION_OPEN.exec(line);
    if (match) {
      const [, prefix, colons, name, attributes = '', title] = match;
      lines[i] = `${prefix}${colons}${name}${title ? `[${title.replace(/[[\]]/g, '\\$&')}]` : ''}${attributes}`;
    }
  }
  return lines.join('\n');
}
