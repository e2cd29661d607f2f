// Before `helpgen deploy` changes anything: the folder must be exactly what a build wrote, as its
// manifest (../output/build-manifest.ts) lists it. A partial copy of dist/, a file edited or
// added by hand, or a folder no build made would otherwise go live as it is, and with --delete
// remove from the bucket every object it lacks: a dist/ that had lost half its files (an
// interrupted copy) deleted 65 of 123 live objects, every script among them, and exited 0.
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { HelpgenError } from '../diagnostics/errors.ts';
import { OUTPUT_MARKER, parseManifest, type ManifestEntry } from '../output/build-manifest.ts';
import type { LocalObject } from './local-files.ts';

const REBUILD = 'Build the site again (npx helpgen build) and deploy its output as it is. Nothing was uploaded or deleted.';

/** The manifest of the build in `root`; throws when there is none or it is not valid. */
export function readBuildManifest(root: string): Map<string, ManifestEntry> {
  const file = join(root, OUTPUT_MARKER);
  const shown = displayPath(file);
  if (!existsSync(file)) {
    throw new HelpgenError(`${displayPath(root)} was not written by a helpgen build: it has no ${OUTPUT_MARKER}, the list of the files a build wrote, so deploy cannot tell whether it is the whole site`, {
      hint: REBUILD,
    });
  }
  const manifest = lstatSync(file).isFile() ? parseManifest(readFileSync(file, 'utf8')) : { problem: 'it is not a file' };
  if (!(manifest instanceof Map)) {
    throw new HelpgenError(`${shown} is not the list of files a helpgen build writes (${manifest.problem}), so deploy cannot tell whether ${displayPath(root)} is the whole site`, {
      hint: `${REBUILD} (Older helpgen versions wrote a one-line note there instead of the list.)`,
    });
  }
  return manifest;
}

/** Throws, naming each file, when the folder's files are not exactly those the manifest lists. */
export function assertMatchesManifest(root: string, manifest: Map<string, ManifestEntry>, local: LocalObject[]): void {
  // One file per path: a folder page is two objects (its address with and without "/").
  const found = new Map(local.map((object) => [object.path, object]));
  const missing = [...manifest.keys()].filter((path) => !found.has(path));
  const extra = [...found.keys()].filter((path) => !manifest.has(path));
  const changed: string[] = [];
  for (const object of found.values()) {
    const listed = manifest.get(object.path);
    if (!listed) continue;
    if (listed.size !== object.size) changed.push(`${object.path} (${object.size} bytes; the build wrote ${listed.size})`);
    else if (listed.sha256 !== object.sha256) changed.push(`${object.path} (same size, other content)`);
  }
  if (missing.length + extra.length + changed.length === 0) return;
  const counts = [missing.length && `${missing.length} missing`, extra.length && `${extra.length} not written by the build`, changed.length && `${changed.length} changed`].filter(Boolean);
  const lines = [
    missing.length && `missing: ${sample(missing.sort())}`,
    extra.length && `not written by the build: ${sample(extra.sort())}`,
    changed.length && `changed since the build: ${sample(changed.sort())}`,
  ].filter(Boolean);
  throw new HelpgenError(
    `${displayPath(root)} is not the folder its build wrote (${displayPath(join(root, OUTPUT_MARKER))} lists ${manifest.size} file(s)): ${counts.join(', ')}\n  ${lines.join('\n  ')}`,
    { hint: `${REBUILD} A copy that was stopped half way, or a file added or edited by hand, would otherwise go live${extra.length || missing.length ? ', and with --delete a missing file is deleted from the bucket' : ''}.` },
  );
}

function sample(items: string[]): string {
  const shown = items.slice(0, 5).join(', ');
  return items.length > 5 ? `${shown} and ${items.length - 5} more` : shown;
}

function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' ? '.' : rel.startsWith('..') ? path : rel;
}
