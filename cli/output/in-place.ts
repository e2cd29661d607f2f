// Updates the output folder in place, for a build that found it exactly as the last build left
// it (./output-record.ts). The build writes only the files whose bytes changed into its
// temporary folder, with the new manifest, and nothing in the output changes until every page
// and check passed. Then the update is applied:
//   1. the temporary folder is renamed to "<temporary>-apply": from here on the update is
//      finished, by this process or, if it is killed, by the next helpgen command (roll forward);
//   2. the output's manifest is moved into that folder (as ".helpgen-output-old"), so the output
//      has no manifest, the mark of a build's complete output, while it is half updated;
//   3. the files the old manifest lists and the new one does not are deleted (and folders left
//      empty by that), never any other file;
//   4. each changed or new file is renamed into the output;
//   5. the new manifest is renamed in, last, and the folder removed.
// Every step can be done again after a kill: what is already done is skipped.
import { existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmdirSync, rmSync, unlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { OUTPUT_MARKER, parseManifest } from './build-manifest.ts';
import { outputFile } from './output-path.ts';
import { killPoint } from './kill-points.ts';
import { filesUnder } from './output-folder.ts';

/** Where the output's manifest is kept while the update is applied. */
const OLD_MANIFEST = '.helpgen-output-old';

/** The name a temporary folder takes once its update is being applied. */
export function applyingFolder(staging: string): string {
  return `${staging}-apply`;
}

/**
 * Applies the update staged in `staging` (the changed files and the new manifest) to `outDir`;
 * `removed`: the files the old manifest lists and the new one does not. Returns the paths written.
 */
export function applyInPlace(staging: string, outDir: string, removed: string[]): string[] {
  const applying = applyingFolder(staging);
  renameSync(staging, applying);
  killPoint('apply-started');
  return rollForward(applying, outDir, removed);
}

/**
 * Finishes applying an update (see the steps above); returns the paths it moved into the
 * output. `removed` is read from the two manifests when not given (a stopped build's update).
 */
export function rollForward(applying: string, outDir: string, removed?: string[]): string[] {
  const newManifest = join(applying, OUTPUT_MARKER);
  if (!existsSync(newManifest)) {
    // Step 5 was done: only the folder is left.
    rmSync(applying, { recursive: true, force: true });
    return [];
  }
  const oldManifest = join(applying, OLD_MANIFEST);
  if (!existsSync(oldManifest)) renameIfThere(join(outDir, OUTPUT_MARKER), oldManifest);
  for (const path of removed ?? removedFiles(oldManifest, newManifest)) removeFile(outDir, path);
  const moved = filesUnder(applying).filter((path) => path !== OUTPUT_MARKER && path !== OLD_MANIFEST);
  for (const path of moved) {
    const target = outputFile(outDir, path);
    mkdirSync(dirname(target), { recursive: true });
    renameSync(join(applying, path), target);
    killPoint('file-applied');
  }
  killPoint('files-applied');
  renameSync(newManifest, join(outDir, OUTPUT_MARKER));
  rmSync(applying, { recursive: true, force: true });
  return moved;
}

function removedFiles(oldManifest: string, newManifest: string): string[] {
  const after = manifestPaths(newManifest);
  return [...manifestPaths(oldManifest)].filter((path) => !after.has(path));
}

function manifestPaths(file: string): Set<string> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return new Set();
  }
  const manifest = parseManifest(text);
  return manifest instanceof Map ? new Set(manifest.keys()) : new Set();
}

function renameIfThere(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Deletes a file the last build wrote, and the folders that leaves empty (a fresh build would not make them). */
function removeFile(outDir: string, path: string): void {
  const file = outputFile(outDir, path);
  try {
    if (lstatSync(file).isDirectory()) return; // the new output's folder, after a stop once its files began to move in
    unlinkSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Its folder is a file of the new output now; gone already (a stopped update done again: its folders may still be left).
    if (code === 'ENOTDIR') return;
    if (code !== 'ENOENT') throw error;
  }
  for (let dir = dirname(file); relative(outDir, dir) !== ''; dir = dirname(dir)) {
    try {
      rmdirSync(dir);
    } catch {
      break; // not empty (or gone already)
    }
  }
}

