// A config value written as TypeScript a person would write by hand: keys unquoted where they
// can be, strings in single quotes, short arrays and objects on one line.
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const ONE_LINE = 100;

function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}

function key(name: string): string {
  return IDENTIFIER.test(name) ? name : quote(name);
}

/** `value` as a TypeScript expression, its continuation lines indented by `indent`. */
export function toTsLiteral(value: unknown, indent = ''): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = value.map((item) => toTsLiteral(item, inner));
    const flat = `[${items.join(', ')}]`;
    if (flat.length + indent.length <= ONE_LINE && !flat.includes('\n')) return flat;
    return `[\n${items.map((item) => `${inner}${item},`).join('\n')}\n${indent}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    const items = entries.map(([k, v]) => `${key(k)}: ${toTsLiteral(v, inner)}`);
    const flat = `{ ${items.join(', ')} }`;
    if (flat.length + indent.length <= ONE_LINE && !flat.includes('\n')) return flat;
    return `{\n${items.map((item) => `${inner}${item},`).join('\n')}\n${indent}}`;
  }
  return 'undefined';
}
