// Where the dev server shows problems: each new one once in the terminal, the errors as the
// overlay in open browsers, and each page's problems in its panel. A config or templates that
// failed to load keep their problem in the overlay, rebuild after rebuild (the build goes on
// with the last good ones), until that file loads again.
import type pc from 'picocolors';
import type { Reporter } from '../diagnostics/reporter.ts';
import { formatDiagnostic } from '../diagnostics/reporter.ts';
import { HelpgenAggregateError, formatPosition, isHelpgenError, type Diagnostic } from '../diagnostics/errors.ts';
import { describeSystemError } from '../diagnostics/system-errors.ts';
import type { CompileResult } from '../pipeline/site-build.ts';
import type { LiveReload, ProblemEvent } from './live-reload.ts';
import { SiteProblems, overlayProblem } from './page-problems.ts';

export type BrokenPart = 'config' | 'templates';

export class ProblemDisplay {
  private readonly problems = new SiteProblems();
  /** The config or templates that failed to load, with why. */
  readonly broken = new Map<BrokenPart, unknown>();
  /** The last error printed, so a second file event for the same mistake prints nothing. */
  private lastLogged = '';

  constructor(
    private readonly liveReload: LiveReload,
    private readonly log: (line: string) => void,
    private readonly colors: ReturnType<typeof pc.createColors>,
    private readonly strict: boolean,
  ) {}

  /** An error that stopped a build or a load: in the overlay and, once, in the terminal. */
  report(error: unknown): void {
    const problem = toProblem(error);
    this.liveReload.problem(problem);
    const key = JSON.stringify(problem);
    if (key === this.lastLogged) return;
    this.lastLogged = key;
    const c = this.colors;
    const where = problem.file ? `${formatPosition({ file: problem.file, line: problem.line, column: problem.column })}: ` : '';
    this.log(`${c.red('✖')} ${where}${problem.message}${problem.hint ? `\n  ${c.dim(problem.hint)}` : ''}`);
  }

  /** Prints the problems that are new, updates the browsers' panels; returns the errors for the overlay. */
  show(result: CompileResult, reporter: Reporter): Diagnostic[] {
    for (const d of this.problems.update(result, reporter.diagnostics)) this.log(formatDiagnostic(d, this.colors.isColorSupported));
    this.liveReload.pageProblems(this.problems.forBrowser(result));
    return this.strict ? this.problems.current() : reporter.errors;
  }

  /** After a rebuild: the overlay shows its errors, or a broken config or templates, or nothing. */
  settle(errors: Diagnostic[]): void {
    if (errors.length && !this.broken.size) this.liveReload.problem(overlayProblem(errors));
    else this.clear();
  }

  /** A quiet re-check that found nothing changed: with --strict, the link problems found last still stand. */
  unchanged(): void {
    if (this.strict && this.problems.current().length && !this.broken.size) return;
    this.clear();
  }

  private clear(): void {
    const [setup] = this.broken.values();
    if (setup !== undefined) {
      this.liveReload.problem(toProblem(setup));
      return;
    }
    this.liveReload.clear();
    this.lastLogged = '';
  }
}

function toProblem(thrown: unknown): ProblemEvent {
  const error = describeSystemError(thrown) ?? thrown;
  if (error instanceof HelpgenAggregateError && error.problems[0]) return overlayProblem(error.problems);
  if (isHelpgenError(error)) {
    return { message: error.message, file: error.position?.file, line: error.position?.line, column: error.position?.column, hint: error.hint };
  }
  return { message: error instanceof Error ? error.message : String(error), hint: 'This looks like a bug in helpgen or in a template; run "helpgen build --debug" for the stack trace.' };
}
