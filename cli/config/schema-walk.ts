// Reading the config schema itself: which keys an object may have at a path, and every key path
// of the whole config. Used for error messages ("valid keys here are …", "did you mean …") and
// for the generated config reference.
import type { z } from 'zod';
import { configSchema } from './schema.ts';

type AnyDef = {
  type: string;
  innerType?: z.core.$ZodType;
  options?: z.core.$ZodType[];
  discriminator?: string;
  shape?: Record<string, z.core.$ZodType>;
  element?: z.core.$ZodType;
  valueType?: z.core.$ZodType;
};

export const defOf = (schema: z.core.$ZodType): AnyDef => schema._zod.def as unknown as AnyDef;

/**
 * Strips default/optional wrappers; for a union of item types, picks the option whose `type`
 * literal matches the value's (so "navbar.items[0]" means the kind of item written there).
 */
export function unwrap(schema: z.core.$ZodType, value?: unknown): z.core.$ZodType {
  for (;;) {
    const def = defOf(schema);
    if ((def.type === 'default' || def.type === 'optional' || def.type === 'prefault' || def.type === 'nullable') && def.innerType) {
      schema = def.innerType;
    } else if (def.type === 'union' && def.options) {
      const wanted = isRecord(value) ? value[def.discriminator ?? 'type'] : undefined;
      const match = def.options.find((option) => literalValues(defOf(option).shape?.type).includes(wanted));
      if (!match) return schema;
      schema = match;
    } else {
      return schema;
    }
  }
}

/** The values a literal (or a defaulted literal) schema accepts. */
export function literalValues(schema: z.core.$ZodType | undefined): unknown[] {
  if (!schema) return [];
  const def = defOf(unwrap(schema)) as AnyDef & { values?: unknown[] };
  return def.values ?? [];
}

/** The keys an object at `path` of the config may have (none when there is no object there). */
export function validKeysAt(path: readonly PropertyKey[], input: unknown): string[] {
  let schema: z.core.$ZodType = configSchema;
  let value: unknown = input;
  for (const part of path) {
    const def = defOf(unwrap(schema, value));
    const next = def.type === 'object' ? def.shape?.[String(part)] : def.type === 'array' ? def.element : def.type === 'record' ? def.valueType : undefined;
    if (!next) return [];
    schema = next;
    value = isRecord(value) || Array.isArray(value) ? (value as Record<PropertyKey, unknown>)[part] : undefined;
  }
  const def = defOf(unwrap(schema, value));
  return def.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}

/** Every key of the config as a dotted path ("colorMode.defaultMode", "navbar.items[].label"). */
export function allKeyPaths(): string[] {
  const paths: string[] = [];
  const visit = (schema: z.core.$ZodType, prefix: string) => {
    const inner = unwrap(schema);
    const def = defOf(inner);
    if (def.type === 'object' && def.shape) {
      for (const [key, child] of Object.entries(def.shape)) {
        const path = prefix ? `${prefix}.${key}` : key;
        if (!paths.includes(path)) paths.push(path);
        visit(child, path);
      }
    } else if (def.type === 'array' && def.element) {
      visit(def.element, `${prefix}[]`);
    } else if (def.type === 'union' && def.options) {
      for (const option of def.options) visit(option, prefix);
    } else if (def.type === 'record' && def.valueType) {
      visit(def.valueType, `${prefix}.<name>`);
    }
  };
  visit(configSchema, '');
  return paths;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
