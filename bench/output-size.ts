// What a build wrote: its bytes, its HTML files and its scripts (helpgen's or a peer's output, or
// the staging folder of a build stopped half-way, whose files may go while they are counted).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface OutputCounts {
  htmlFiles: number;
  outputBytes: number;
  /** JavaScript files and their bytes: what a site ships for browsers to run, or may. */
  scriptFiles: number;
  scriptBytes: number;
}

export function outputCounts(dir: string): OutputCounts {
  const counts: OutputCounts = { htmlFiles: 0, outputBytes: 0, scriptFiles: 0, scriptBytes: 0 };
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    if (entry.name.endsWith('.html')) counts.htmlFiles++;
    let size = 0;
    try {
      size = statSync(join(entry.parentPath, entry.name)).size;
    } catch {
      continue; // removed meanwhile
    }
    counts.outputBytes += size;
    if (/\.m?js$/.test(entry.name)) {
      counts.scriptFiles++;
      counts.scriptBytes += size;
    }
  }
  return counts;
}
