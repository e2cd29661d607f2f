// Source-level rewrites that keep every line where it was (so positions stay true):
// "::: tip Title" and ":::tip Title" become ":::tip[Title]", and "::: code-group {groupId=x}"
// becomes ":::code-group{groupId=x}", which is what remark-directive reads.
const ADMONITION_OPEN = /^(\s*(?:>\s*)*)(:{3,})[ \t]*([a-zA-Z][\w-]*)[ \t]*(\{[^}\n]*\})?(?:[ \t]+([^[{\n][^\n]*?))?[ \t]*$/;
const FENCE = /^\s*(```+|~~~+)/;

export function preprocessMarkdown(source: string): string {
  const lines = source.split('\n');
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      if (!fence) fence = marker[0]!.repeat(marker.length);
      else if (marker.startsWith(fence)) fence = undefined;
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
