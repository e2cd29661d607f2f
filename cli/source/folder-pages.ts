// Which file is the page of a folder's own route. index.md is, else README.md (as GitHub Pages
// and mdBook read a README); at the top of content/, intro.md is the site's home page when no
// index.md or README.md is there. Front matter `slug:` (or `id:`) always decides for itself.
//
// README.md beside index.md is a common layout in repositories: the README describes the
// folder to people browsing it on GitHub. index.md keeps the folder's route, the README is
// published under its own name (/support/guides/README, like GitHub Pages' /README.html), and
// a warning says so and how to choose otherwise.
import { posix } from 'node:path';
import type { Diagnostic } from '../diagnostics/errors.ts';
import { routeKey, withBase } from './routes.ts';

interface FolderPageDoc {
  relPath: string;
  displayPath: string;
  dir: string;
  route: string;
  frontMatter: { slug?: string; id?: string };
}

const fileName = (doc: FolderPageDoc) => posix.basename(doc.relPath);
const routedByFrontMatter = (doc: FolderPageDoc) => doc.frontMatter.slug !== undefined || doc.frontMatter.id !== undefined;

/** Gives README.md beside index.md and the top intro.md their routes; docs come back in order. */
export function settleFolderPages<T extends FolderPageDoc>(docs: T[], baseUrl: string, report: (d: Diagnostic) => void): T[] {
  const indexDirs = new Set(docs.filter((d) => fileName(d) === 'index.md' && !routedByFrontMatter(d)).map((d) => d.dir));
  const settled = docs.map((doc) => {
    if (fileName(doc) !== 'README.md' || routedByFrontMatter(doc) || !indexDirs.has(doc.dir)) return doc;
    const route = withBase(baseUrl, doc.relPath.replace(/\.md$/, ''));
    const index = posix.join(posix.dirname(doc.displayPath), 'index.md');
    report({
      severity: 'warning',
      code: 'readme-beside-index',
      message: `${index} is the page for ${doc.route}, so this README.md is published as its own page, ${route}`,
      position: { file: doc.displayPath, line: 1, column: 1 },
      hint: `To keep it out of the site (a note for people browsing the repository), add "${doc.relPath}" to docs.exclude in help.config.ts. To publish it at another address, give it "slug:" in its front matter.`,
    });
    return withRoute(doc, route);
  });
  const home = routeKey(baseUrl);
  const intro = settled.findIndex((d) => d.relPath === 'intro.md' && !routedByFrontMatter(d));
  if (intro !== -1 && !settled.some((d) => routeKey(d.route) === home)) settled[intro] = withRoute(settled[intro]!, baseUrl);
  return settled;
}

/**
 * A copy of the doc at another address. Its properties are copied as they are defined, not read:
 * a page's text may be read from its file only when asked for (./source-text.ts).
 */
function withRoute<T extends FolderPageDoc>(doc: T, route: string): T {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(doc)) as T;
  Object.defineProperty(copy, 'route', { value: route, writable: true, enumerable: true, configurable: true });
  return copy;
}
