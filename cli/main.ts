// The helpgen command line. Commands load lazily, so `helpgen --help` starts fast.
import { Command, Option } from 'commander';
import pc from 'picocolors';
import { isHelpgenError, HelpgenAggregateError, formatPosition } from './diagnostics/errors.ts';
import { compareDiagnostics, formatDiagnostic } from './diagnostics/reporter.ts';
import { describeSystemError } from './diagnostics/system-errors.ts';
import { sharedHighlighter } from './markdown/highlight/highlighter.ts';
import { startCompileCache } from './compile-cache.ts';
import { helpgenCacheDir } from './paths.ts';

export async function main(argv: string[]): Promise<void> {
  // Before the commands load their modules (./compile-cache.ts).
  startCompileCache(helpgenCacheDir);
  const program = new Command();
  program
    .name('helpgen')
    .description('Build, serve and check a help centre from markdown.')
    .version('0.1.0')
    .option('--debug', 'show stack traces for errors')
    .showHelpAfterError('(run "helpgen --help" for the commands)');

  program
    .command('init')
    .description('create a new help center: config, a home page and one page per writing feature')
    .argument('[DIR]', 'folder to create it in (made if missing; nothing in it is overwritten)', '.')
    .option('--no-install', 'write the site only; do not run npm install in it')
    .action(async (dir: string, opts: { install: boolean }) => {
      const { runInit } = await import('./commands/init.ts');
      await runInit(dir, { install: opts.install });
    });

  program
    .command('build')
    .description('build the site into dist/ (nothing is replaced if the build fails)')
    .argument('[SITE_DIR]', 'folder holding content/ and help.config.ts', '.')
    .option('--strict', 'fail on warnings too (broken anchors, markdown links, unknown components)')
    .option('--out <DIR>', 'output folder', 'dist')
    .option('--no-cache', 'render every page again instead of reusing the last build\'s results')
    .option('--quiet', 'print only warnings and errors (no progress, no summary)')
    .action(async (siteDir: string, opts: { strict?: boolean; out: string; cache: boolean; quiet?: boolean }) => {
      // The markdown worker starts first: it loads its modules and compiles shiki's WebAssembly
      // on the other core while this thread loads the build's (~0.2 s of CPU each). Started when
      // the markdown stage was made, after those modules and the config, it began that much later
      // and the other core sat idle meanwhile. (A build that stops before that stage, on a bad
      // config, leaves it idle; an idle worker does not keep the process alive.)
      sharedHighlighter();
      const { runBuild } = await import('./commands/build.ts');
      await runBuild(siteDir, opts);
    });

  program
    .command('serve')
    .description('serve the built site (run "helpgen build" first)')
    .argument('[SITE_DIR]', 'site folder', '.')
    .option('--port <N>', 'port', '3000')
    .option('--host <H>', 'interface to bind', '127.0.0.1')
    .option('--out <DIR>', 'folder the site was built into', 'dist')
    .action(async (siteDir: string, opts: { port: string; host: string; out: string }) => {
      const { runServe } = await import('./commands/serve.ts');
      await runServe(siteDir, opts);
    });

  program
    .command('check')
    .description('serve the built site locally and crawl it for broken links (linkinator)')
    .argument('[SITE_DIR]', 'site folder', '.')
    .option('--external', 'also check links to other sites')
    .option('--out <DIR>', 'folder the site was built into', 'dist')
    .action(async (siteDir: string, opts: { external?: boolean; out: string }) => {
      const { runCheck } = await import('./commands/check.ts');
      await runCheck(siteDir, opts);
    });

  program
    .command('dev')
    .description('build, serve and rebuild on every change, with live reload')
    .argument('[SITE_DIR]', 'site folder', '.')
    .option('--port <N>', 'port', '3000')
    .option('--host <H>', 'interface to bind', '127.0.0.1')
    .option('--open', 'open the site in a browser')
    .option('--strict', 'show every problem as an error overlay in the browser, as "build --strict" fails on it')
    .option('--quiet', 'no progress while the first build runs')
    .action(async (siteDir: string, opts: { port: string; host: string; open?: boolean; quiet?: boolean; strict?: boolean }) => {
      const { runDev } = await import('./commands/dev.ts');
      await runDev(siteDir, opts); // the server keeps running until Ctrl+C
    });

  program
    .command('new')
    .description('create a page with front matter (never overwrites)')
    .argument('<PATH>', 'page path under content/, e.g. user-docs/records/archiving')
    .argument('[SITE_DIR]', 'site folder', '.')
    .option('--title <T>', 'page title')
    .action(async (path: string, siteDir: string, opts: { title?: string }) => {
      const { runNew } = await import('./commands/new.ts');
      await runNew(path, siteDir, opts);
    });

  program
    .command('migrate')
    .description('turn a Docusaurus, MkDocs, VitePress or mdBook site into a new helpgen site (the source is only read)')
    .argument('<SOURCE_DIR>', 'the site to migrate')
    .argument('[TARGET_DIR]', 'an empty or new folder for the helpgen site (default: SOURCE_DIR-helpgen)')
    .option('--from <GENERATOR>', 'the source generator, when its files do not tell: docusaurus, mkdocs, vitepress, mdbook or jekyll')
    .option('--dry-run', 'print the report only; write nothing')
    .action(async (source: string, target: string | undefined, opts: { from?: string; dryRun?: boolean }) => {
      const { runMigrate } = await import('./commands/migrate.ts');
      await runMigrate(source, target, opts);
    });

  program
    .command('deploy')
    .description('upload the built site to an S3 bucket: changed files only, in an order that keeps the live site working')
    .argument('<TARGET>', 's3://BUCKET or s3://BUCKET/PREFIX')
    .argument('[SITE_DIR]', 'site folder', '.')
    .option('--out <DIR>', 'folder the site was built into', 'dist')
    .option('--endpoint <URL>', 'S3-compatible store other than AWS, e.g. http://127.0.0.1:9000')
    .option('--region <R>', 'region of the bucket (default: AWS_REGION, then the profile\'s)')
    .option('--profile <P>', 'AWS profile for credentials (default: AWS_PROFILE, then the standard chain)')
    .option('--dry-run', 'list what would be uploaded and deleted, change nothing')
    .option('--delete', 'delete objects under the prefix that the built site no longer has (after every upload succeeded)')
    .option('--force', 'upload every file, even unchanged ones (to refresh their headers), and let --delete remove more than a fifth of the site')
    .action(async (target: string, siteDir: string, opts: import('./commands/deploy.ts').DeployCommandOptions) => {
      const { runDeploy } = await import('./commands/deploy.ts');
      await runDeploy(target, siteDir, opts);
    });

  program
    .command('search')
    .description('search index tasks')
    .command('push')
    .description('upload the search records to the configured Algolia index (admin key from ALGOLIA_ADMIN_KEY)')
    .argument('[SITE_DIR]', 'site folder', '.')
    .action(async (siteDir: string) => {
      const { runSearchPush } = await import('./search/push.ts');
      await runSearchPush(siteDir);
    });

  program.addOption(new Option('--no-color', 'plain output'));
  // Before any command touches a site: put its output folder right if a build was killed.
  program.hook('preAction', async (_program, command) => {
    const siteArg = command.registeredArguments.findIndex((argument) => argument.name() === 'SITE_DIR');
    if (siteArg === -1) return;
    const { resolve } = await import('node:path');
    const { recoverInterruptedBuilds } = await import('./output/output-recovery.ts');
    const siteDir = resolve(String(command.processedArgs[siteArg] ?? '.'));
    const out = (command.opts() as { out?: string }).out ?? 'dist';
    for (const note of recoverInterruptedBuilds(resolve(siteDir, out))) process.stderr.write(`${pc.dim('note:')} ${note}\n`);
  });

  try {
    await program.parseAsync(argv);
  } catch (error) {
    reportFatal(error, program.opts().debug === true);
    process.exitCode = isHelpgenError(error) ? error.exitCode : 1;
  }
}

export function reportFatal(thrown: unknown, debug: boolean): void {
  const error = describeSystemError(thrown) ?? thrown;
  if (error instanceof HelpgenAggregateError) {
    for (const problem of [...error.problems].sort(compareDiagnostics)) process.stderr.write(formatDiagnostic(problem) + '\n');
    process.stderr.write(`${pc.red('✖')} ${error.message}\n`);
  } else if (isHelpgenError(error)) {
    const where = formatPosition(error.position);
    process.stderr.write(`${where ? pc.bold(where) + ': ' : ''}${pc.red('error')}: ${error.message}\n`);
    if (error.hint) process.stderr.write(`  ${pc.dim(error.hint)}\n`);
  } else {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${pc.red('error')}: ${message}\n`);
    if (!debug) process.stderr.write(pc.dim('  This is a bug in helpgen. Run again with --debug for the stack trace and report it.\n'));
  }
  // With --debug, the stack of the error and of what caused it (a page's renderer, a file system call).
  for (let shown: unknown = error; debug && shown instanceof Error; shown = shown.cause) if (shown.stack) process.stderr.write(pc.dim(shown.stack) + '\n');
}
