// helpgen migrate SOURCE_DIR [TARGET_DIR]: an existing Docusaurus, MkDocs, VitePress, mdBook or Jekyll
// site becomes a helpgen site. The generator is told by its files (or --from); its reader
// (../migrate/registry.ts) makes a plan, ../migrate/write.ts writes it into a new folder, and
// ../migrate/report.ts says what came over and what did not. SOURCE_DIR is only read.
import { existsSync, statSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { HelpgenError } from '../diagnostics/errors.ts';
import { GENERATORS, detectGenerators, readers } from '../migrate/registry.ts';
import type { MigrationPlan, SourceGenerator } from '../migrate/model.ts';
import { formatReport } from '../migrate/report.ts';
import { assertEmptyTarget, checkPages, writePlan } from '../migrate/write.ts';

export interface MigrateOptions {
  from?: string;
  dryRun?: boolean;
  log?: (line: string) => void;
}

function chooseGenerator(sourceDir: string, from: string | undefined): SourceGenerator {
  if (from !== undefined) {
    if (!(GENERATORS as string[]).includes(from)) {
      throw new HelpgenError(`--from ${from}: helpgen migrate reads ${GENERATORS.join(', ')}`, { hint: `Name one of them: --from ${GENERATORS[0]}`, exitCode: 2 });
    }
    return from as SourceGenerator;
  }
  const found = detectGenerators(sourceDir);
  if (found.length === 1) return found[0] as SourceGenerator;
  const signatures = GENERATORS.map((name) => `${readers[name]?.signature} (${name})`).join(', ');
  if (found.length === 0) {
    throw new HelpgenError(`${sourceDir} has none of the files that tell which generator built it: ${signatures}`, {
      hint: `Say which one with --from ${GENERATORS.join('|')}, e.g. for an mdBook without book.toml: helpgen migrate ${sourceDir} --from mdbook`,
      exitCode: 2,
    });
  }
  throw new HelpgenError(`${sourceDir} looks like a site of ${found.join(' and ')}`, { hint: `Say which one to read with --from ${found[0]}`, exitCode: 2 });
}

export async function runMigrate(sourceArg: string, targetArg: string | undefined, options: MigrateOptions = {}): Promise<MigrationPlan> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const sourceDir = resolve(sourceArg);
  if (!existsSync(sourceDir) || !statSync(sourceDir).isDirectory()) {
    throw new HelpgenError(`${sourceArg} is not a folder`, { hint: 'Give helpgen migrate the folder of the site to migrate (the one holding its config).', exitCode: 2 });
  }
  const targetDir = resolve(targetArg ?? `${sourceDir.replace(/[\\/]+$/, '')}-helpgen`);
  if (targetDir === sourceDir || targetDir.startsWith(`${sourceDir}/`)) {
    throw new HelpgenError(`TARGET_DIR ${targetArg} is inside the source site`, { hint: 'Write the new site beside the old one: helpgen never changes SOURCE_DIR.', exitCode: 2 });
  }
  if (!options.dryRun) assertEmptyTarget(targetDir);
  const reader = readers[chooseGenerator(sourceDir, options.from)];
  if (!reader) {
    throw new HelpgenError(`helpgen migrate --from ${options.from} is not available in this build`, { hint: `It reads ${GENERATORS.join(', ')}.`, exitCode: 2 });
  }
  // The site may sit in a folder of the one given (a repository's docs/): its files are named from there.
  const siteDir = reader.siteRoot?.(sourceDir) ?? sourceDir;
  if (siteDir !== sourceDir) log(`Reading the site in ${relative(sourceDir, siteDir)}/ (file names below are relative to it)`);
  const plan = await reader.read(siteDir);
  if (options.dryRun) checkPages(plan, siteDir);
  else writePlan(plan, siteDir, targetDir);
  for (const line of formatReport(plan, { targetDir, dryRun: options.dryRun === true })) log(line);
  return plan;
}
