// What a results file keeps between runs of the bench: the notes that --add writes, one per
// thing it measured, and what a full run does not measure: the very large site's record, the
// side-by-side runs with Hugo, the page types' figures (with --no-lighthouse) and the dependency
// patches' measurements.
import { readFileSync } from 'node:fs';
import type { Results } from '../results.ts';
import { pageTypeBudgets } from './page-type-budgets.ts';

export type AddedKind = 'peer' | 'huge';

/** The note --add writes for what it measured (`subject`: the peer's name, or the very large site's pages). */
export function addedNote(kind: AddedKind, subject: string | number, when: string): string {
  return kind === 'peer'
    ? `added: the side-by-side runs with ${subject} measured on their own (--add) ${when}`
    : `added: the ${subject.toLocaleString('en-US')}-page site measured on its own (--add) ${when}`;
}

/** Which measurement an "added:" note (written by --add, see addedNote) is about, if any. */
export function addedKind(note: string): AddedKind | undefined {
  if (!note.startsWith('added:')) return undefined;
  if (note.includes('side-by-side runs')) return 'peer';
  if (/-page site/.test(note)) return 'huge';
  return undefined;
}

/**
 * When and at which commit `results` got what --add measured of `kind`, from its note (see
 * addedNote); undefined when that was measured with the rest of the file.
 */
export function addedAt(results: Pick<Results, 'notes'>, kind: AddedKind): { commit: string; date: string } | undefined {
  const note = (results.notes ?? []).find((n) => addedKind(n) === kind);
  const when = note && / on (\d{4}-\d\d-\d\d) at commit ([0-9a-f]+)/.exec(note);
  return when ? { date: when[1]!, commit: when[2]! } : undefined;
}

/**
 * A full run without --huge (or --peer) keeps the very large site's record (or the side-by-side
 * runs) from the results file it replaces, with the note that says when it was measured: those
 * take a quarter of an hour and more and are measured on their own (--add), so a full run must
 * not drop them (the budgets that read them would then say "not measured").
 */
export function keepEarlierAdded(results: Results, file: string, kind: AddedKind): void {
  let earlier: Results;
  try {
    earlier = JSON.parse(readFileSync(file, 'utf8')) as Results;
  } catch {
    return; // no earlier results (or unreadable): nothing to keep
  }
  const record = kind === 'huge' ? earlier.huge : earlier.peer;
  if (!record) return;
  if (kind === 'huge') results.huge = earlier.huge;
  else results.peer = earlier.peer;
  const what = kind === 'huge' ? `the ${earlier.huge!.pages.toLocaleString('en-US')}-page site's record is` : 'the side-by-side runs are';
  results.notes.push(earlier.notes.find((n) => addedKind(n) === kind) ?? `${what} kept from the earlier results (commit ${earlier.commit}).`);
}

/** keepEarlierAdded for the very large site. */
export function keepEarlierHuge(results: Results, file: string): void {
  keepEarlierAdded(results, file, 'huge');
}

/**
 * A full run with --no-lighthouse keeps the page-type figures (and their budgets) of the results
 * file it replaces, with the note that says when they were measured.
 */
export function keepEarlierPageTypes(results: Results, file: string): void {
  let earlier: Results;
  try {
    earlier = JSON.parse(readFileSync(file, 'utf8')) as Results;
  } catch {
    return; // no earlier results (or unreadable): nothing to keep
  }
  if (!earlier.pageTypes) return;
  results.pageTypes = earlier.pageTypes;
  const rows = pageTypeBudgets(earlier.pageTypes);
  results.budgets = [...results.budgets.filter((b) => !rows.some((r) => r.id === b.id)), ...rows];
  results.notes.push(earlier.notes.find((n) => n.startsWith('page types:')) ?? `page types: kept from the earlier results (commit ${earlier.pageTypes.commit}).`);
}

/**
 * A full run keeps the dependency-patch measurements of the results file it replaces: they come
 * from bench/extra/patches.ts, run on its own (an hour and more), never from a full run.
 */
export function keepEarlierPatches(results: Results, file: string): void {
  try {
    const earlier = JSON.parse(readFileSync(file, 'utf8')) as Results;
    if (earlier.patches) results.patches = earlier.patches;
  } catch {
    // no earlier results (or unreadable): nothing to keep
  }
}

/** What a full run keeps of the results file it replaces: what it did not measure this time. */
export function keepEarlier(results: Results, file: string): void {
  if (!results.huge) keepEarlierAdded(results, file, 'huge');
  if (!results.peer) keepEarlierAdded(results, file, 'peer');
  if (!results.pageTypes) keepEarlierPageTypes(results, file);
  keepEarlierPatches(results, file);
}
