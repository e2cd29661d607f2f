// Collects diagnostics during a build and prints them in one readable format:
//   content/records/locking.md:12:5: warning: … (code)
//     hint
import pc from 'picocolors';
import { formatPosition, type Diagnostic, type Severity } from './errors.ts';

export type ReportSetting = 'ignore' | 'log' | 'warn' | 'throw';

export class Reporter {
  readonly diagnostics: Diagnostic[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly out: (line: string) => void = (line) => process.stderr.write(line + '\n')) {}

  /** Records a diagnostic once (the same message at the same place is reported only once). */
  add(diagnostic: Diagnostic): void {
    const key = `${diagnostic.severity}|${formatPosition(diagnostic.position)}|${diagnostic.message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.diagnostics.push(diagnostic);
  }

  /** Turns a config setting (onBrokenAnchors and friends) into the right severity, or nothing. */
  addBySetting(setting: ReportSetting, diagnostic: Omit<Diagnostic, 'severity'>): void {
    if (setting === 'ignore') return;
    const severity: Severity = setting === 'throw' ? 'error' : 'warning';
    this.add({ ...diagnostic, severity });
  }

  get errors(): Diagnostic[] {
    return this.diagnostics.filter((d) => d.severity === 'error');
  }

  get warnings(): Diagnostic[] {
    return this.diagnostics.filter((d) => d.severity === 'warning');
  }

  /** The warnings --strict fails on: all but those about publishing (Diagnostic.failsStrict). */
  get strictFailures(): Diagnostic[] {
    return this.warnings.filter((d) => d.failsStrict !== false);
  }

  print(): void {
    const sorted = [...this.diagnostics].sort(compareDiagnostics);
    for (const d of sorted) this.out(formatDiagnostic(d));
  }
}

export function formatDiagnostic(d: Diagnostic, color = pc.isColorSupported): string {
  const c = color ? pc : pc.createColors(false);
  const where = formatPosition(d.position);
  const label = d.severity === 'error' ? c.red('error') : c.yellow('warning');
  let text = `${where ? c.bold(where) + ': ' : ''}${label}: ${d.message} ${c.dim(`(${d.code})`)}`;
  if (d.hint) text += `\n  ${c.dim(d.hint)}`;
  return text;
}

export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  const fa = a.position?.file ?? '';
  const fb = b.position?.file ?? '';
  if (fa !== fb) return fa < fb ? -1 : 1;
  const la = a.position?.line ?? 0;
  const lb = b.position?.line ?? 0;
  if (la !== lb) return la - lb;
  return (a.position?.column ?? 0) - (b.position?.column ?? 0);
}
