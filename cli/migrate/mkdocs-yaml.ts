// Reads mkdocs.yml as data and nothing more. MkDocs loads it with PyYAML, where
// `!!python/name:material.extensions.emoji.twemoji` imports Python code and `!ENV SITE_URL`
// reads the environment. Here every tag becomes an inert TaggedValue: the migration never runs
// the source's code, and its result does not change with the shell it runs in.
import { DEFAULT_SCHEMA, load, Type, YAMLException } from 'js-yaml';

/** A value written with a tag the migration does not interpret: `!!python/name:x`, `!ENV [A, b]`, `!relative`. */
export interface TaggedValue {
  tag: string;
  value: unknown;
}

export function isTagged(value: unknown): value is TaggedValue {
  return typeof value === 'object' && value !== null && 'tag' in value && 'value' in value && Object.keys(value).length === 2;
}

const inert = (prefix: string) =>
  (['scalar', 'sequence', 'mapping'] as const).map(
    (kind) =>
      new Type(prefix, {
        kind,
        multi: true,
        construct: (data: unknown, tag?: string): TaggedValue => ({ tag: tag ?? prefix, value: data ?? (kind === 'scalar' ? '' : null) }),
      }),
  );

// `!!python/…` resolves to the yaml.org namespace; `!ENV`, `!relative` and the like are local tags.
const SAFE_MKDOCS_SCHEMA = DEFAULT_SCHEMA.extend([...inert('tag:yaml.org,2002:python/'), ...inert('!')]);

export interface YamlProblem {
  message: string;
  line?: number;
  column?: number;
}

/** The parsed file, or the place and reason it cannot be read. */
export function readMkdocsYaml(text: string): { data: Record<string, unknown> } | { problem: YamlProblem } {
  try {
    const data = load(text, { schema: SAFE_MKDOCS_SCHEMA }) ?? {};
    if (typeof data !== 'object' || Array.isArray(data)) return { problem: { message: 'mkdocs.yml does not hold a mapping of settings', line: 1 } };
    return { data: data as Record<string, unknown> };
  } catch (error) {
    if (error instanceof YAMLException) {
      return { problem: { message: error.reason, line: error.mark.line + 1, column: error.mark.column + 1 } };
    }
    throw error;
  }
}

/**
 * A `!ENV` value as MkDocs would read it with the variable unset: `!ENV [NAME, default]` gives
 * its last item, `!ENV NAME` nothing. Other values come back as they are.
 */
export function withoutEnv(value: unknown): { value: unknown; env?: string } {
  if (!isTagged(value) || value.tag !== '!ENV') return { value };
  if (Array.isArray(value.value)) {
    const names = value.value.slice(0, -1).map(String);
    return { value: value.value.length > 1 ? value.value.at(-1) : undefined, env: names.join(', ') || String(value.value[0]) };
  }
  return { value: undefined, env: String(value.value) };
}
