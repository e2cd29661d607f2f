// docs/config.md, written from the config schema itself: every key with its type, its default
// and the description it carries in cli/config/schema.ts (`.describe()`), so the reference
// cannot drift from what helpgen accepts. `npm run docs` writes it; a test fails when a key has
// no description or the file is out of date.
import type { z } from 'zod';
import { defOf, literalValues } from './schema-walk.ts';
import { configSchema, NAVBAR_ITEM_KINDS, type NavbarItemType } from './schema.ts';
import { exampleSource, KEY_EXAMPLES } from './examples.ts';

export interface KeyDoc {
  path: string;
  type: string;
  default?: string;
  description?: string;
}

type Schema = z.core.$ZodType;
type Def = ReturnType<typeof defOf> & { defaultValue?: unknown; values?: unknown[]; entries?: Record<string, unknown>; format?: string; checks?: { _zod: { def: { check: string; value?: number; inclusive?: boolean } } }[] };

/** Every key of the config, in schema order, with what the reference says about it. */
export function configKeys(): KeyDoc[] {
  const keys: KeyDoc[] = [];
  // `only` names the item kind a key belongs to ("type \"doc\""); nested keys inherit it.
  const visit = (schema: Schema, path: string, only = '') => {
    let current = schema;
    let fallback: unknown;
    let text = describedAs(current);
    // Defaults and optional wrappers, outermost first; a description may sit on any of them.
    for (;;) {
      const def = defOf(current) as Def;
      if (!['default', 'prefault', 'optional', 'nullable'].includes(def.type) || !def.innerType) break;
      if ((def.type === 'default' || def.type === 'prefault') && fallback === undefined) fallback = def.defaultValue;
      current = def.innerType;
      text ??= describedAs(current);
    }
    const def = defOf(current) as Def;
    if (path) keys.push({ path: path + only, type: typeName(current), default: fallback === undefined ? undefined : JSON.stringify(fallback), description: text });
    if (def.type === 'object' && def.shape) {
      for (const [key, child] of Object.entries(def.shape)) visit(child, path ? `${path}.${key}` : key, only);
    } else if (def.type === 'array' && def.element) {
      visitElement(def.element, `${path}[]`, only);
    } else if (def.type === 'record' && def.valueType && defOf(def.valueType).type === 'object') {
      visitFields(def.valueType, `${path}.<name>`, only);
    }
  };
  // The items of a list of objects. For a list of item kinds, `type` lists the kinds, a field
  // every kind has (the same schema) is documented once, the others kind by kind.
  const visitElement = (element: Schema, path: string, only: string) => {
    const def = defOf(element);
    if (def.type === 'object') return visitFields(element, path, only);
    if (def.type !== 'union' || !def.options) return;
    const shapes = def.options.map((option) => defOf(option).shape ?? {});
    const kinds = shapes.map((shape) => String(literalValues(shape.type)[0]));
    keys.push({
      path: `${path}.type`,
      type: kinds.map((kind) => JSON.stringify(kind)).join(' | '),
      description: `The kind of item: ${kinds.map((kind) => `"${kind}", ${NAVBAR_ITEM_KINDS[kind as NavbarItemType] ?? kind}`).join('; ')}.`,
    });
    const shared = Object.keys(shapes[0]!).filter((key) => key !== 'type' && shapes.every((shape) => shape[key] === shapes[0]![key]));
    for (const key of shared) visit(shapes[0]![key]!, `${path}.${key}`);
    shapes.forEach((shape, i) => {
      for (const [key, child] of Object.entries(shape)) if (key !== 'type' && !shared.includes(key)) visit(child, `${path}.${key}`, ` (type "${kinds[i]}")`);
    });
  };
  const visitFields = (object: Schema, path: string, only: string) => {
    for (const [key, child] of Object.entries(defOf(object).shape ?? {})) visit(child, `${path}.${key}`, only);
  };
  visit(configSchema, '');
  return keys;
}

const describedAs = (schema: Schema) => (schema as { description?: string }).description;

function typeName(schema: Schema): string {
  const def = defOf(schema) as Def;
  switch (def.type) {
    case 'string':
      return def.format === 'url' ? 'URL' : 'string';
    case 'number': {
      const bounds = (def.checks ?? []).map((c) => c._zod.def).filter((c) => c.check === 'greater_than' || c.check === 'less_than');
      const range = bounds.map((c) => `${c.check === 'greater_than' ? '≥' : '≤'} ${c.value}`).join(', ');
      return `number${range ? ` (${range})` : ''}`;
    }
    case 'boolean':
      return 'boolean';
    case 'enum':
      return Object.values(def.entries ?? {}).map((v) => JSON.stringify(v)).join(' | ');
    case 'literal':
      return (def.values ?? []).map((v) => JSON.stringify(v)).join(' | ');
    case 'array':
      return 'list';
    case 'record':
      return 'map';
    case 'object':
      return 'object';
    default:
      return def.type;
  }
}

/** The text of docs/config.md. */
export function configReference(): string {
  const lines = [
    '<!-- Written by `npm run docs` from cli/config/schema.ts: edit the descriptions there, not here. -->',
    '',
    '# Configuration reference',
    '',
    'A site is configured in `help.config.ts` at the top of the site folder:',
    '',
    '```ts title="help.config.ts"',
    "import { defineConfig } from 'helpgen/config';",
    '',
    'export default defineConfig({',
    "  title: 'Acme Help Center',",
    "  url: 'https://acme.example',",
    '});',
    '```',
    '',
    'Every key is optional: a key you leave out takes its default, and a site without',
    '`help.config.ts` builds too. A misspelled key is an error that names the key you probably',
    'meant. In the list below, `a.b` is key `b` inside the object at `a`, `a[]` is each item of the',
    'list `a`, and `<name>` is a name of your choice.',
    '',
  ];
  for (const key of configKeys()) {
    const [name, kind] = key.path.split(' (type ');
    lines.push(`## \`${name}\`${kind ? ` (type ${kind}` : ''}`, '');
    lines.push(`${key.type}${key.default !== undefined && key.type !== 'object' ? ` · default \`${key.default}\`` : ''}`, '');
    if (key.description) lines.push(key.description, '');
    const example = KEY_EXAMPLES[key.path];
    if (example) lines.push('For example:', '', '```ts title="help.config.ts"', exampleSource(example.config), '```', '', example.note, '');
  }
  return lines.join('\n');
}
