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

/**
 * The temporary folder a build writes into. Large builds write pages as they are rendered
 * (`write`), so no page's HTML has to stay in memory; `finish` writes the rest and swaps the
 * folder in, `discard` removes it after a failure.
 */
export class Staging {
  readonly dir: string;
  private readonly made = new Set<string>();

  constructor(readonly outDir: string) {
    this.dir = join(dirname(outDir), `.${basename(outDir)}.tmp-${randomBytes(4).toString('hex')}`);
  }

  async write(file: OutputFile): Promise<void> {
    const target = join(this.dir, file.path);
    const parent = dirname(target);
    if (!this.made.has(parent)) {
      await mkdir(parent, { recursive: true });
      this.made.add(parent);
    }
    if (file.copyFrom) await copyFile(file.copyFrom, target);
    else await writeFile(target, file.contents ?? '');
  }

  /** Writes many files, sixteen at a time. */
  private async writeAll(files: OutputFile[]): Promise<void> {
    const queue = [...files];
    const worker = async () => {
      for (let file = queue.pop(); file; file = queue.pop()) await this.write(file);
    };
    await Promise.all(Array.from({ length: 16 }, worker));
  }

  /** Writes the remaining files and swaps the folder in; on any failure removes it instead. */
  async finish(files: OutputFile[]): Promise<void> {
    try {
      await this.writeAll(files);
      await mkdir(this.dir, { recursive: true }); // an empty build still replaces the old one
      await swapIn(this.dir, this.outDir);
    } catch (error) {
      await this.discard();
      throw error;
    }
  }

  async discard(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
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
