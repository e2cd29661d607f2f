// The one place where a path that content decides (a page's route from its file name, `id` or
// `slug`, a category's `link.slug`, a published file's name) becomes a file on disk. Every writer
// (the build's staging folder, the dev server's output) goes through `outputFile`, so nothing a
// writer puts in front matter can make helpgen write, overwrite or delete a file outside the
// output folder. The scan checks each route with `outputPathProblem` first, so a bad one is
// reported at its front matter line instead of failing a write.
import { isAbsolute, join, relative, sep } from 'node:path';
import { HelpgenError, type SourcePosition } from '../diagnostics/errors.ts';
import { routeToOutputFile } from '../source/routes.ts';

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

/**
 * Throws, at the place that set it, when a route from content would be written outside the
 * output folder (`from` names what set it: "slug", "id", "link.slug", "file name"). `written`
 * is the value as the writer wrote it, relative to `dir` under content/: a slug that climbs
 * above the site with ".." is refused too, even where the route would quietly stop at the top,
 * and so is one with a part whose name starts with a dot (see `hiddenPart`).
 */
export function assertRouteInsideOutput(route: string, from: string, position: SourcePosition, written?: { value: string; dir: string }): void {
  const climbs = written !== undefined && climbsAboveTop(written.value, written.dir);
  const problem = climbs ? undefined : outputPathProblem(routeToOutputFile(route));
  if (!climbs && !problem) {
    const hidden = written === undefined ? undefined : hiddenPart(written.value);
    if (hidden !== undefined) throw hiddenRouteError(route, from, position, written!.value, hidden);
    return;
  }
  const message = climbs
    ? `${from} "${written!.value}" climbs above the top of the site with "..": a page is only ever written inside the output folder`
    : `${from} gives the page the address "${route}", which cannot be written inside the output folder: ${problem}`;
  throw new HelpgenError(message, {
    position,
    hint: `Use a path inside the site, without ".." or backslashes, e.g. ${from === 'link.slug' ? '"slug": "/category/records"' : `${from}: records/locking`}.`,
  });
}

/**
 * The first part of a "/"-separated path whose name starts with a dot (".hidden" in
 * "/.hidden/page"), or undefined. Such names are hidden files: upload tools and hosts skip or
 * refuse them (many nginx setups deny every "/." path), so a page there is built and linked
 * but missing from the live site. Only what a writer types can make one: content/ files and
 * folders with such names are never read as pages.
 */
export function hiddenPart(path: string): string | undefined {
  return path.split('/').find((part) => part.startsWith('.') && part !== '.' && part !== '..');
}

function hiddenRouteError(route: string, from: string, position: SourcePosition, written: string, hidden: string): HelpgenError {
  const renamed = written
    .split('/')
    .map((part) => (part === '.' || part === '..' ? part : part.replace(/^\.+/, '')))
    .join('/');
  const rename = from === 'link.slug' ? `"slug": "${renamed}"` : `${from}: ${renamed}`;
  const exclude = from === 'link.slug' ? '' : ', or keep the page out of the site: start its file name with "_", or list it in docs.exclude in help.config.ts';
  return new HelpgenError(
    `${from} gives the page the address "${route}", whose part "${hidden}" starts with a dot: hosts and upload tools treat such names as hidden and skip or refuse them, so the page would be missing from the live site`,
    { position, hint: `Rename it without the dot (${rename})${exclude}.` },
  );
}

/** True when a "/"-separated path, read from folder `dir` ("" is the top; "/..." starts there), goes above the top. */
function climbsAboveTop(value: string, dir: string): boolean {
  const at = value.startsWith('/') ? [] : dir.split('/').filter(Boolean);
  for (const segment of value.split('/')) {
    if (segment === '..') {
      if (at.length === 0) return true;
      at.pop();
    } else if (segment !== '' && segment !== '.') at.push(segment);
  }
  return false;
}
