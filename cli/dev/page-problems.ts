// The problems of the site as it is now, for `helpgen dev`: printed in the terminal once each
// (when they appear), and sent to open browsers, which show the ones of the page they are on in
// a panel. With --strict they are errors, as in CI: the first one becomes the error overlay.
//
// A rebuild link-checks only the pages it rendered again, while every other diagnostic (front
// matter, markdown links, components) is reported for every page on every compile. So the link
// checks' results are kept per page and replaced when that page is checked again.
import type { Diagnostic } from '../diagnostics/errors.ts';
import { formatPosition } from '../diagnostics/errors.ts';
import type { CompileResult } from '../pipeline/site-build.ts';
import type { PageProblem, ProblemEvent } from '../../shared/dev-events.ts';

/** Codes of the link checker, which in dev checks only the pages a rebuild rendered. */
const LINK_CHECK_CODES = new Set(['broken-link', 'broken-anchor']);

const keyOf = (d: Diagnostic) => `${d.severity}|${formatPosition(d.position)}|${d.message}`;

export class SiteProblems {
  /** Link-check results by the page's source file (or route, for pages without one). */
  private readonly linkChecks = new Map<string, Diagnostic[]>();
  private others: Diagnostic[] = [];
  private listed = new Set<string>();

  /**
   * Takes one compile's diagnostics. Returns the problems that were not there before, which
   * the terminal prints (a problem fixed and made again is printed again).
   */
  update(result: CompileResult, diagnostics: Diagnostic[]): Diagnostic[] {
    const fileOf = (route: string) => result.sourceFiles.get(route) ?? route;
    // A structure change re-checks every page (and the layout); a rebuild, the pages it rendered.
    const checked = new Set(result.renderedRoutes.map(fileOf));
    const live = new Set(result.pages.map((p) => fileOf(p.route)));
    const isChecked = (file: string) => result.structureChanged || checked.has(file);
    for (const file of [...this.linkChecks.keys()]) {
      if (isChecked(file) || (file.startsWith('content/') && !live.has(file))) this.linkChecks.delete(file);
    }
    this.others = [];
    for (const d of diagnostics) {
      if (!LINK_CHECK_CODES.has(d.code)) this.others.push(d);
      else if (d.position && isChecked(d.position.file)) this.linkChecks.set(d.position.file, [...(this.linkChecks.get(d.position.file) ?? []), d]);
    }
    const before = this.listed;
    const now = this.current();
    this.listed = new Set(now.map(keyOf));
    return now.filter((d) => !before.has(keyOf(d)));
  }

  /** Every problem of the site now, in file order. */
  current(): Diagnostic[] {
    const all = [...this.others, ...[...this.linkChecks.values()].flat()];
    const seen = new Set<string>();
    return all.filter((d) => !seen.has(keyOf(d)) && seen.add(keyOf(d))).sort((a, b) => formatPosition(a.position).localeCompare(formatPosition(b.position), 'en', { numeric: true }));
  }

  /** The problems for the browser, each with the route of the page it is on. */
  forBrowser(result: CompileResult): PageProblem[] {
    const routeOf = new Map([...result.sourceFiles].map(([route, file]) => [file, route]));
    for (const page of result.pages) if (!result.sourceFiles.has(page.route)) routeOf.set(page.route, page.route);
    return this.current().map((d) => ({
      route: d.position ? routeOf.get(d.position.file) : undefined,
      severity: d.severity,
      code: d.code,
      where: formatPosition(d.position),
      message: d.message,
      hint: d.hint,
    }));
  }
}

/** The error overlay's content for a list of errors: the first, and how many more there are. */
export function overlayProblem(errors: Diagnostic[]): ProblemEvent {
  const [first, ...rest] = errors;
  const more = rest.length ? `${rest.length} more problem${rest.length === 1 ? '' : 's'} in the terminal.` : '';
  return { message: first!.message, file: first!.position?.file, line: first!.position?.line, column: first!.position?.column, hint: [first!.hint, more].filter(Boolean).join(' ') || undefined };
}
