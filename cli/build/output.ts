// Writes a build into a fresh temporary folder beside the target and swaps it in only when
// everything succeeded, so a failed build never leaves a half-written dist/ behind.
import { mkdir, rename, rm, writeFile, copyFile } from 'node:fs/promises';
import { dirname, join, basename } from 'node:path';
import { randomBytes } from 'node:crypto';

export interface OutputFile {
  /** Path under the output folder, with "/" separators. */
  path: string;
  contents?: string | Uint8Array;
  /** Copy from this absolute path instead of writing contents. */
  copyFrom?: string;
}

export async function writeOutput(outDir: string, files: OutputFile[]): Promise<void> {
  const staging = join(dirname(outDir), `.${basename(outDir)}.tmp-${randomBytes(4).toString('hex')}`);
  try {
    const dirs = new Set(files.map((f) => dirname(join(staging, f.path))));
    // Create parents before children; mkdir recursive makes each chain once.
    for (const dir of [...dirs].sort()) await mkdir(dir, { recursive: true });
    const queue = [...files];
    const worker = async () => {
      for (let file = queue.pop(); file; file = queue.pop()) {
        const target = join(staging, file.path);
        if (file.copyFrom) await copyFile(file.copyFrom, target);
        else await writeFile(target, file.contents ?? '');
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    await swapIn(staging, outDir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

async function swapIn(staging: string, outDir: string): Promise<void> {
  const old = `${staging}-old`;
  let hadOld = false;
  try {
    await rename(outDir, old);
    hadOld = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  try {
    await rename(staging, outDir);
  } catch (error) {
    if (hadOld) await rename(old, outDir);
    throw error;
  }
  if (hadOld) await rm(old, { recursive: true, force: true });
}
