// The last word on "two outputs, one object": every file of a build, pages included, by the key
// `helpgen deploy` uploads it under (../deploy/object-key.ts: "a.html" goes up as "a"). The scan
// already refuses pages placed over each other or over the build's own files, at their front
// matter (../source/output-claims.ts), and a static file named like a generated one is the
// same path twice; what is left is two different paths with one key, such as static/guides/start
// (no extension) beside the page guides/start.html, where one object would silently replace the
// other on deploy.
import { posix } from 'node:path';
import type { Diagnostic } from '../diagnostics/errors.ts';
import { keysOfFile } from '../deploy/object-key.ts';

export interface PublishedFile {
  /** Path under the output folder. */
  path: string;
  /** The file that put it there: "static/guides/start", "content/guides/start.md"; none for a file helpgen makes. */
  from?: string;
  /** What it is, when that says more than its file: "the markdown twin of content/guides/start.md". */
  what?: string;
  /** Its text, for a small file helpgen writes (a redirect page): two alike can share a name. */
  contents?: string;
}

/** An error for each pair of different output paths deployed under one key (compared as a case-insensitive disk would). */
export function deployKeyClashes(files: PublishedFile[]): Diagnostic[] {
  const byKey = new Map<string, PublishedFile>();
  const problems: Diagnostic[] = [];
  for (const file of files) {
    for (const written of keysOfFile(file.path)) {
      const key = written.normalize('NFC').toLowerCase();
      const other = byKey.get(key);
      if (!other) {
        byKey.set(key, file);
        continue;
      }
      if (other.path === file.path) continue; // the same path twice is reported where it is made
      // Two redirects that differ only in case and lead to the same page ("redirect_from: [/linux,
      // /Linux]") write the same bytes: whichever a case-insensitive disk keeps is right.
      if (other.contents !== undefined && other.contents === file.contents) continue;
      // A static file is the one to rename: the pages' names come from their addresses.
      const [blamed, kept] = other.from?.startsWith('static/') && !file.from?.startsWith('static/') ? [other, file] : [file, other];
      problems.push({
        severity: 'error',
        code: 'deploy-key-clash',
        message: `${blamed.path} would be deployed as ${written}, the same object as ${kept.path} (${kept.what ?? kept.from ?? 'written by helpgen'}): one would replace the other`,
        position: blamed.from ? { file: blamed.from } : undefined,
        hint: `Rename ${blamed.from ?? blamed.path}. ${dropsHtml(blamed) ?? dropsHtml(kept) ?? ''}`.trim(),
      });
      break; // one error per file
    }
  }
  return problems;
}

/** How a file ending in ".html" is deployed, when `file` is one. */
function dropsHtml({ path }: PublishedFile): string | undefined {
  const key = keysOfFile(path)[0]!;
  return key === path ? undefined : `Files ending in ".html" are deployed without it, so "${posix.basename(path)}" goes up as "${posix.basename(key) || posix.basename(posix.dirname(path)) + '/'}".`;
}
