// Writes a small site into a fresh temporary folder from a map of path → text, for tests whose
// file names (C++, #, ?, %, bytes that are not UTF-8) are better made at run time than kept in git.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export function writeSite(files: Record<string, string | Buffer>, prefix = 'helpgen-site-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
