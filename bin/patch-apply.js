// How the dependency patches of ./dependency-patches.js are applied: edit by edit, each whole or
// not at all, to a file's source or, as an esbuild plugin, to every file a bundle loads. Every
// function takes the list of patches, so this file holds no patch of its own.
import { readFile } from 'node:fs/promises';

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches the path of `module` (a package and a file in it) inside any node_modules folder. */
const modulePattern = (module) => `[\\\\/]node_modules[\\\\/]${module.split('/').map(escapeRegExp).join('[\\\\/]')}$`;

/**
 * The edit a patch belongs to: several patches make one change together (a function and the
 * line that calls it), and an edit applies whole or not at all. Patches numbered "(2/5, …)" share
 * the name before the number; others name their edit explicitly, or are an edit of their own.
 */
export function editOf(patch) {
  return patch.edit ?? patch.id.replace(/ \(\d+\/\d+, [^)]*\)$/, '');
}

/**
 * Applies to `source` (the file at `path`) every edit whose patches all find their text in it
 * exactly once; an edit with any patch missing or ambiguous is skipped whole, so a package that
 * changed runs as published rather than half-patched. `skipped` names those edits and why.
 * `all`: the patches to consider.
 */
export function patchSource(path, source, all) {
  const patches = all.filter((patch) => new RegExp(modulePattern(patch.module)).test(path));
  const applied = [];
  const skipped = [];
  for (const edit of [...new Set(patches.map(editOf))]) {
    const parts = patches.filter((patch) => editOf(patch) === edit);
    const missing = parts.filter((patch) => source.split(patch.find).length !== 2);
    if (missing.length > 0) {
      skipped.push({ name: edit, reason: `${missing.length} of its ${parts.length} part(s) not found once in ${path.replace(/^.*node_modules[\\/]/, '')} (${missing.map((patch) => patch.id).join('; ')})` });
      continue;
    }
    for (const patch of parts) {
      source = source.replace(patch.find, () => patch.replace);
      applied.push(patch.id);
    }
  }
  return { source, applied, skipped };
}

/**
 * The edits named in `names` (`HELPGEN_SKIP_EDITS`, separated by ";": edit names hold commas).
 * Only the bench sets it (bench/extra/patches.ts), to measure what each edit buys by building
 * without it. An unknown name throws, so a typo cannot pass for a measurement of the full set.
 */
export function editsToLeaveOut(names, all) {
  const wanted = (names ?? '').split(';').map((name) => name.trim()).filter(Boolean);
  const edits = new Set(all.map(editOf));
  const unknown = wanted.filter((name) => !edits.has(name));
  if (unknown.length > 0) {
    const error = new Error(`HELPGEN_SKIP_EDITS names no edit of bin/dependency-patches.js: "${unknown.join('", "')}"\n  Name edits exactly, separated by ";". The edits:\n${[...edits].map((edit) => `    ${edit}`).join('\n')}`);
    error.name = 'SkipEditsError';
    throw error;
  }
  return [...new Set(wanted)].sort();
}

/**
 * An esbuild plugin applying the patches, with what it did: `applied` (patch ids) and `skipped`
 * (edits and why) fill as esbuild loads the files; `notLoaded()` names edits whose file the
 * bundle never loaded (a dependency that stopped being used). `leaveOut`: edits not to apply
 * (for the bench only, see editsToLeaveOut); they count as neither skipped nor not loaded.
 */
export function patchingPlugin(all, { leaveOut = [] } = {}) {
  const patches = all.filter((patch) => !leaveOut.includes(editOf(patch)));
  const applied = [];
  const skipped = [];
  const plugin = {
    name: 'helpgen-dependency-patches',
    setup(build) {
      if (patches.length === 0) return;
      const filter = new RegExp(patches.map((patch) => modulePattern(patch.module)).join('|'));
      build.onLoad({ filter }, async ({ path }) => {
        const result = patchSource(path, await readFile(path, 'utf8'), patches);
        applied.push(...result.applied);
        skipped.push(...result.skipped);
        // Nothing to change: let esbuild load the file as it would have.
        return result.applied.length > 0 ? { contents: result.source, loader: 'js' } : undefined;
      });
    },
  };
  const notLoaded = () => [...new Set(patches.filter((patch) => !applied.includes(patch.id)).map(editOf))].filter((edit) => !skipped.some((s) => s.name === edit));
  return { plugin, applied, skipped, notLoaded };
}
