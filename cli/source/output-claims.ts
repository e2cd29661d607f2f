// Pages that would be published where something else is. Every page is written as its own
// HTML file and a markdown twin (its address + ".md"), and deployed under the key of each
// (../deploy/object-key.ts: ".html" dropped). A page whose address is one the build uses for
// itself (the not-found page, the search page, assets/, sitemap.xml, llms.txt …) or whose file
// or twin lands on another page's key would silently replace it, or be replaced: "slug: /404"
// lost the page (the sidebar linked to the not-found page), and "slug: /p/b.md" beside p/b.md
// served page A's HTML as page B's markdown twin. Each is an error at the line that chose the
// address. (Two routes that are equal, or equal but for case, are ./scan.ts's routeConflicts.)
import type { Diagnostic, SourcePosition } from '../diagnostics/errors.ts';
import { keysOfFile } from '../deploy/object-key.ts';
import { OUTPUT_MARKER } from '../output/build-manifest.ts';
import { markdownTwinHref } from '../../templates/twin.ts';
import { frontMatterKeyPosition } from './frontmatter.ts';
import { caseFoldKey, routeToOutputFile } from './routes.ts';
import type { SourceCategory, SourceDoc } from './source-types.ts';

export interface ClaimOptions {
  baseUrl: string;
}

/** A page: where it is declared, what chose its address, and its route. */
interface Claimant {
  file: string;
  route: string;
  /** "slug", "id", "link.slug" or "file name" (the folder's name, for a category's generated index). */
  from: string;
  written?: string;
  /** Where the address was chosen; worked out only for a problem (it reads the page's text). */
  position: () => SourcePosition;
}

interface Claim {
  key: string;
  /** The key as a case-insensitive disk compares it (`fold`). */
  folded: string;
  /** "file" (its HTML) or "markdown twin". */
  form: string;
  by: Claimant;
}

/**
 * What the build itself writes, by deploy key, and what each is. Kept in step with the build by
 * test/build/reserved-outputs.test.ts, which builds a site and finds every file here or a page's.
 */
export function reservedOutputs({ baseUrl }: ClaimOptions): { exact: Map<string, string>; assets: string } {
  const base = baseUrl.replace(/^\/+/, '');
  // The search page is at "search" or "search/" (config trailingSlash); a page at either
  // address of the two would be one a reader cannot tell from it.
  const exact = new Map<string, string>([
    [`${base}404`, 'the not-found page'],
    [`${base}404.html`, 'the not-found page'],
    [`${base}404/`, "the not-found page's address"],
    ['404.html', 'the not-found page'],
    [`${base}search`, 'the search page'],
    [`${base}search/`, 'the search page'],
    [`${base}sitemap.xml`, 'the sitemap'],
    [`${base}llms.txt`, 'llms.txt (the site map for AI assistants)'],
    [`${base}llms-full.txt`, 'llms-full.txt (every page as markdown)'],
    ['robots.txt', 'robots.txt'],
    ['_redirects', 'the redirects file (_redirects)'],
    [OUTPUT_MARKER, `the ${OUTPUT_MARKER} marker`],
  ]);
  return { exact, assets: `${base}assets/` };
}

/** Every page that would be published over a file the build writes, or over another page's file. */
export function outputClaimConflicts(docs: SourceDoc[], categories: Map<string, SourceCategory>, options: ClaimOptions): Diagnostic[] {
  const builtInAt = builtInOutputs(reservedOutputs(options));
  const problems: Diagnostic[] = [];
  const owners = new Map<string, Claim>();
  const reportedPairs = new Set<string>();
  for (const claimant of claimants(docs, categories)) {
    const unreachable = unreachableProblem(claimant);
    const claims = claimsOf(claimant);
    const taken = claims.map((claim) => ({ claim, builtIn: builtInAt(claim.folded) })).find(({ builtIn }) => builtIn !== undefined);
    if (unreachable || taken) {
      problems.push(unreachable ?? reservedProblem(taken!.claim, taken!.builtIn!, options.baseUrl));
      continue;
    }
    for (const claim of claims) {
      const other = owners.get(claim.folded);
      if (!other) {
        owners.set(claim.folded, claim);
        continue;
      }
      // The same route twice is a duplicate route, reported by the scan already.
      if (caseFoldKey(other.by.route) === caseFoldKey(claimant.route)) continue;
      const pair = [other.by.file, claimant.file].sort().join('\0');
      if (reportedPairs.has(pair)) continue;
      reportedPairs.add(pair);
      // The page whose address a writer chose is the one to change; else the later one.
      const [blamed, kept] = other.by.from !== 'file name' && claimant.from === 'file name' ? [other, claim] : [claim, other];
      problems.push(sharedKeyProblem(blamed, kept));
    }
  }
  return problems;
}

function* claimants(docs: SourceDoc[], categories: Map<string, SourceCategory>): Generator<Claimant> {
  for (const doc of docs) {
    const { slug, id } = doc.frontMatter;
    const from = slug !== undefined ? 'slug' : id ? 'id' : 'file name';
    const position = () => ({ file: doc.displayPath, ...((from === 'file name' ? undefined : frontMatterKeyPosition(doc.source, from)) ?? { line: 1, column: 1 }) });
    yield { file: doc.displayPath, route: doc.route, from, written: slug ?? id, position };
  }
  for (const category of categories.values()) {
    if (!category.indexRoute) continue;
    const file = category.displayPath ?? `content/${category.dir}/_category_.json`;
    const written = category.linkSlug;
    yield { file, route: category.indexRoute, from: written ? 'link.slug' : 'file name', written: written?.value, position: () => ({ file, ...written?.position }) };
  }
}

/**
 * What the build writes itself at a (folded) key, if anything. The reserved keys are folded once
 * here, not once per page's key (at 8,500 pages that was 300,000 folds).
 */
function builtInOutputs(reserved: ReturnType<typeof reservedOutputs>): (folded: string) => string | undefined {
  const assets = fold(reserved.assets);
  const exact = new Map<string, string>();
  for (const [key, what] of reserved.exact) if (!exact.has(fold(key))) exact.set(fold(key), what);
  return (folded) => {
    // The folder's own address (a page at /assets, written as assets/index.html in the folder
    // layout) holds no asset; anything below it would sit among them.
    if (folded.startsWith(assets) && folded !== assets) return `inside ${reserved.assets}, the folder of the site's scripts, styles, search index and attachments`;
    return exact.get(folded);
  };
}

/**
 * An address ending in ".html" is one no reader reaches: servers read "/a.html" and
 * "/a/index.html" as "/a" and "/a/" (the spec's rewrite, `helpgen serve`, the nginx block).
 */
function unreachableProblem(by: Claimant): Diagnostic | undefined {
  if (!/\.html$/i.test(by.route)) return undefined;
  const servedAs = by.route.replace(/\/index\.html$/i, '/').replace(/\.html$/i, '');
  return {
    severity: 'error',
    code: 'unreachable-route',
    message: `${who(by)} gives the page the address ${by.route}, which servers answer with a redirect to ${servedAs}: no reader would reach the page`,
    position: by.position(),
    hint: `Leave ".html" out of the address${by.from === 'file name' ? '' : ` (${by.from}: ${by.written?.replace(/(?:\/index)?\.html$/i, '')})`}: every page's file is named for it.`,
  };
}

/** The keys a page is published under: its HTML (at each shape of its address) and its markdown twin. */
function claimsOf(by: Claimant): Claim[] {
  // The key of the address as written first, so a problem names the shape the writer chose.
  const own = by.route.replace(/^\/+/, '');
  const keys = keysOfFile(routeToOutputFile(by.route)).sort((a, b) => Number(b === own) - Number(a === own));
  const twin = markdownTwinHref(by.route).replace(/^\/+/, '');
  return [...keys.map((key): Claim => ({ key, folded: fold(key), form: 'file', by })), { key: twin, folded: fold(twin), form: 'markdown twin', by }];
}

function reservedProblem({ key, form, by }: Claim, what: string, baseUrl: string): Diagnostic {
  return {
    severity: 'error',
    code: 'reserved-route',
    message: `${who(by)} gives the page the address ${by.route}, so its ${form} would be published as ${key}, which is ${what}: one would replace the other`,
    position: by.position(),
    hint: `Give the page another address${by.from === 'file name' ? ' (rename the file, or add "slug: …" to its front matter)' : ` with ${by.from}`}. The site keeps ${baseUrl}404, search, assets/, sitemap.xml, llms.txt and llms-full.txt for itself.`,
  };
}

function sharedKeyProblem(blamed: Claim, kept: Claim): Diagnostic {
  return {
    severity: 'error',
    code: 'output-conflict',
    message: `${who(blamed.by)} gives the page the address ${blamed.by.route}, so its ${blamed.form} would be published as ${blamed.key}, as the ${kept.form} of ${kept.by.file} (${kept.by.route}) is: one would replace the other`,
    position: blamed.by.position(),
    hint: `Give one of them another address${blamed.by.from === 'file name' ? '' : ` with ${blamed.by.from}`}. A page's markdown twin is its address with ".md" added, so an address needs no ".md" or ".html" of its own.`,
  };
}

function who(by: Claimant): string {
  return by.from === 'file name' ? 'its file name' : `${by.from} "${by.written}"`;
}

/** Keys as a case-insensitive disk compares them (one file on macOS or Windows, two objects in a bucket). */
function fold(key: string): string {
  return key.normalize('NFC').toLowerCase();
}
