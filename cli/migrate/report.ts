// The report `helpgen migrate` ends with: what was carried over (counts), what was not (each
// item with its source file and line, and what to do), and the two commands to run next.
import { relative } from 'node:path';
import pc from 'picocolors';
import type { MigrationPlan } from './model.ts';

export interface ReportOptions {
  targetDir: string;
  dryRun: boolean;
}

function where(problem: MigrationPlan['problems'][number]): string {
  return `${problem.file}${problem.line !== undefined ? `:${problem.line}` : ''}${problem.line !== undefined && problem.column !== undefined ? `:${problem.column}` : ''}`;
}

export function formatReport(plan: MigrationPlan, options: ReportOptions): string[] {
  const lines: string[] = [];
  const target = relative(process.cwd(), options.targetDir) || '.';
  lines.push(`${pc.green('✔')} ${options.dryRun ? 'Would migrate' : 'Migrated'} a ${plan.generator} site${options.dryRun ? '' : ` into ${target}/`}`);
  lines.push('');
  lines.push('Carried over:');
  for (const [what, count] of Object.entries(plan.carried).filter(([, n]) => n > 0)) lines.push(`  ${String(count).padStart(5)}  ${what}`);
  lines.push('');
  // Sorted by file and line so the list reads like the source folder.
  const problems = [...plan.problems].sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
  if (problems.length === 0) lines.push('Nothing was left behind.');
  else {
    lines.push(`Not carried over (${problems.length}):`);
    for (const problem of problems) {
      lines.push(`  ${pc.bold(where(problem))}: ${problem.message}`);
      lines.push(`    ${pc.dim(problem.fix)}`);
    }
  }
  lines.push('');
  if (options.dryRun) {
    lines.push('Nothing was written (--dry-run). Run the same command without --dry-run to write the site.');
    return lines;
  }
  const dir = /\s/.test(target) ? JSON.stringify(target) : target;
  lines.push('Next:');
  lines.push(`  cd ${dir} && npm install    ${pc.dim('# helpgen and the site\'s scripts')}`);
  lines.push(`  npx helpgen build --strict && npx helpgen serve    ${pc.dim('# build it and read it at http://localhost:3000')}`);
  return lines;
}
