// What a build wrote: its bytes and its HTML files (helpgen's or a peer's output, or the staging
// folder of a build stopped half-way, whose files may go while they are counted).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function outputCounts(dir: string): { htmlFiles: number; outputBytes: number } {
  let htmlFiles = 0;
  let outputBytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    if (entry.name.endsWith('.html')) htmlFiles++;
    try {
      outputBytes += statSync(join(entry.parentPath, entry.name)).size;
    } catch {
      // Removed meanwhile.
    }
  }
  return { htmlFiles, outputBytes };
}
