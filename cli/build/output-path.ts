// The one place where a path that content decides (a page's route from its file name, `id` or
// `slug`, a category's `link.slug`, a published file's name) becomes a file on disk. Every writer
// (the build's staging folder, the dev server's output) goes through `outputFile`, so nothing a
// writer puts in front matter can make helpgen write, overwrite or delete a file outside the
// output folder. The scan checks each route with `outputPathProblem` first, so a bad one is
// reported at its front matter line instead of failing a write.
import { isAbsolute, join, relative, sep } from 'node:path';
import { HelpgenError } from '../diagnostics/errors.ts';

/** Why a "/"-separated path under the output folder is not safe to write, or undefined when it is. */
export function outputPathProblem(path: string): string | undefined {
  if (path.includes('\0')) return 'it contains a NUL character';
  if (path.includes('\\')) return 'it contains a backslash, which Windows reads as a folder separator';
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path)) return 'it is an absolute path';
  const segments = path.split('/');
  if (segments.includes('..')) return 'it climbs out of its folder with ".."';
  if (segments.includes('.')) return 'it contains a "." folder';
  return undefined;
}

/** The absolute file for `path` under `outDir`; throws when the path would leave the folder. */
export function outputFile(outDir: string, path: string): string {
  const problem = outputPathProblem(path);
  const target = join(outDir, path);
  const rel = relative(outDir, target);
  if (problem || rel === '' || rel === '..' || rel.startsWith('..' + sep) || isAbsolute(rel)) {
    throw new HelpgenError(`refusing to write "${path}": ${problem ?? 'it is outside the output folder'}`, {
      hint: 'Output files stay inside the output folder. Check the "slug" or "id" in the front matter of the page that leads here.',
    });
  }
  return target;
}
