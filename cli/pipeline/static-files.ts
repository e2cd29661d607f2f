// The site's static/ folder: operator files (a chat widget, a favicon, verification files),
// trusted and published as they are under the base path. Two things are checked first:
// - a static file may not take the place of a file the build writes (a page, the sitemap, the
//   search index, a markdown copy...): that is an error at the static file, naming both, and
//   neither is silently dropped;
// - an HTML, XML or SVG file in it that can run script is a warning (an error under --strict),
//   naming the file and what in it runs, unless the config lists it (scriptFiles.inStatic):
//   such a file runs on the help site's address, outside what the page sanitizer guarantees.
//   Scripts themselves (.js) are not reported: a browser that opens one shows its text, and
//   only the operator's config and templates can make a page load it.
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join, posix } from 'node:path';
import type { Diagnostic } from '../diagnostics/errors.ts';
import type { OutputFile } from '../output/output.ts';
import { listFilesSync } from '../source/list-files.ts';
import { findScripts } from '../source/script-finder.ts';
import { scriptType } from '../source/script-types.ts';
import { SEARCH_ASSETS_DIR } from '../search/artifacts.ts';

/** The files of static/, listed synchronously (like the client sources in ../render/assets.ts). */
export function listStaticFiles(siteDir: string, base: string, report: (d: Diagnostic) => void): OutputFile[] {
  const dir = join(siteDir, 'static');
  if (!existsSync(dir)) return [];
  const found = listFilesSync({ dir, siteDir, keep: () => true, report });
  const files: OutputFile[] = found.map(({ path }) => ({ path: posix.join(base, path), copyFrom: join(dir, path) }));
  // Names starting with a dot are left out (.DS_Store, .gitkeep), except static/.well-known/
  // (security.txt, the files app stores check), which goes to the top of the site: RFC 8615 puts
  // it at the root of the origin, where robots.txt is. A real folder only: a link there could
  // lead out of the site (links inside it are checked by the listing).
  const wellKnown = join(dir, WELL_KNOWN);
  if (existsSync(wellKnown) && lstatSync(wellKnown).isDirectory()) {
    for (const { path } of listFilesSync({ dir: wellKnown, siteDir, keep: () => true, report })) files.push({ path: `${WELL_KNOWN}/${path}`, copyFrom: join(wellKnown, path) });
  }
  return files;
}

const WELL_KNOWN = '.well-known';

/** The path under static/ of a static file's output path. */
function staticPath(file: OutputFile, base: string): string {
  return posix.relative(base || '.', file.path);
}

/**
 * The static files that may be published: those that take the place of no generated file
 * (`generated`: every output path the build writes itself, pages included). Each collision is
 * reported as an error at the static file.
 */
export function withoutCollisions(files: OutputFile[], generated: Set<string>, base: string, report: (d: Diagnostic) => void): OutputFile[] {
  const searchDir = posix.join(base, SEARCH_ASSETS_DIR) + '/';
  // A page is a folder (a/b/index.html): a static file named a/b would need the folder's place.
  const folderOf = new Map<string, string>();
  for (const path of generated) {
    for (let dir = posix.dirname(path); dir !== '.' && dir !== '/' && !folderOf.has(dir); dir = posix.dirname(dir)) folderOf.set(dir, path);
  }
  return files.filter((file) => {
    const inFolder = folderOf.get(file.path);
    const taken = generated.has(file.path)
      ? describeGenerated(file.path, base)
      : inFolder
        ? `the folder of ${describeGenerated(inFolder, base)} (${posix.dirname(inFolder)}/)`
        : file.path.startsWith(searchDir)
          ? `the search index's folder (${searchDir})`
          : undefined;
    if (!taken) return true;
    const path = staticPath(file, base);
    report({
      severity: 'error',
      code: 'static-collision',
      message: `static/${path} would take the place of ${taken}, which the build writes at the same address (${file.path})`,
      position: { file: `static/${path}` },
      hint: 'Rename or move the file in static/ (or remove it): helpgen makes that address itself, from content/ and the config.',
    });
    return false;
  });
}

/** What a generated output path is, for people. */
function describeGenerated(path: string, base: string): string {
  const name = posix.relative(base || '.', path);
  if (name === 'index.html') return 'the home page';
  if (name === '404.html' || path === '404.html') return 'the not-found page';
  if (name === 'sitemap.xml') return 'the sitemap';
  if (name === 'robots.txt' || path === 'robots.txt') return 'robots.txt';
  if (name === 'llms.txt' || name === 'llms-full.txt') return `the ${name} file for AI tools`;
  if (name.startsWith('assets/')) return "one of the site's own assets";
  if (name.endsWith('/index.html')) return `the page ${posix.dirname(name)}`;
  if (name.endsWith('.html')) return 'a page';
  if (name.endsWith('.md')) return "a page's markdown copy";
  return 'a file';
}

/** Reports each static file that can run script when opened and that the config does not list. */
export function reportStaticScripts(files: OutputFile[], base: string, trusted: readonly string[], report: (d: Diagnostic) => void): void {
  const listed = new Set(trusted.map((path) => posix.normalize(path.replace(/^\/+/, ''))));
  for (const file of files) {
    const path = staticPath(file, base);
    const type = scriptType(path);
    if ((type !== 'svg' && type !== 'document') || listed.has(path)) continue;
    const findings = findScripts(readAsText(file.copyFrom!, path), !/\.html?$|\.shtml$/i.test(path));
    if (findings.length === 0) continue;
    const [first] = findings;
    const listedWhat = findings.slice(0, 3).map((f) => `${f.what} (line ${f.line})`);
    const more = findings.length > 3 ? ` and ${findings.length - 3} more` : '';
    report({
      severity: 'warning',
      code: 'static-script',
      message: `static/${path} can run script on the help site's address when opened: ${listedWhat.join(', ')}${more}`,
      position: { file: `static/${path}`, line: first.line, column: first.column },
      hint: `Files in static/ are published as they are. Remove what runs (for a picture, export it again without scripts or interactivity), or, if the script is yours and meant to run, add "${path}" to scriptFiles.inStatic in the config.`,
    });
  }
}

function readAsText(abs: string, path: string): string {
  const bytes = readFileSync(abs);
  if (!path.toLowerCase().endsWith('.svgz')) return bytes.toString('utf8');
  try {
    return gunzipSync(bytes).toString('utf8');
  } catch {
    return bytes.toString('utf8');
  }
}
