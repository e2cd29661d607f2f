// helpgen dev: builds the site, serves it like `helpgen serve`, watches content/, templates/,
// client/, shared/ and help.config.ts, rebuilds only what changed and reloads open browsers. Mistakes
// are shown in the terminal and as an overlay in the browser; the server never stops for them.
import { resolve, join, relative, sep } from 'node:path';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import pc from 'picocolors';
import { watch, type FSWatcher } from 'chokidar';
import { SiteBuild, type CompileResult } from '../pipeline/site-build.ts';
import { Reporter, formatDiagnostic } from '../diagnostics/reporter.ts';
import { HelpgenAggregateError, HelpgenError, formatPosition, isHelpgenError, type Diagnostic } from '../diagnostics/errors.ts';
import { describeSystemError } from '../diagnostics/system-errors.ts';
import { createStaticServer, listen } from '../serve/server.ts';
import { helpgenRoot } from '../paths.ts';
import { LiveReload, injectClient, type ProblemEvent } from '../dev/live-reload.ts';
import { DevOutput } from '../dev/dev-output.ts';
import { SiteProblems, overlayProblem } from '../dev/page-problems.ts';
import { compileTemplates } from '../dev/templates.ts';
import { rejectForeignHost } from '../dev/host-check.ts';
import { SEARCH_ASSETS_DIR } from '../search/artifacts.ts';
import { parsePort } from './serve.ts';
import { createProgress, silentProgress } from '../diagnostics/progress.ts';

export interface DevServer {
  url: string;
  port: number;
  /** Resolves after the rebuild that follows the latest change (for tests and benchmarks). */
  idle(): Promise<void>;
  close(): Promise<void>;
  liveReload: LiveReload;
}

export interface DevOptions {
  port: string;
  host: string;
  open?: boolean;
  /** Where log lines go (tests capture them). */
  log?: (line: string) => void;
  /** Also watch helpgen's own templates/, client/ and shared/ (default true; tests of a site turn it off). */
  watchHelpgenSources?: boolean;
  /** No progress while the first build runs. */
  quiet?: boolean;
  /** Every problem is an error, shown as the overlay, as `build --strict` fails on it in CI. */
  strict?: boolean;
}

export async function runDev(siteDir: string, opts: DevOptions): Promise<DevServer> {
  const server = await startDevServer(siteDir, opts);
  if (opts.open) openBrowser(server.url);
  return server;
}

export async function startDevServer(siteDirArg: string, opts: DevOptions): Promise<DevServer> {
  // A line printed during the first build first wipes its progress line from the terminal.
  const log = opts.log ?? ((line: string) => {
    site.progress.done();
    process.stdout.write(line + '\n');
  });
  // Colours only for a terminal; lines handed to a caller's log function stay plain.
  const color = !opts.log && pc.isColorSupported;
  const c = pc.createColors(color);
  const siteDir = resolve(siteDirArg);
  const outRoot = join(tmpdir(), `helpgen-dev-${createHash('sha1').update(siteDir).digest('hex').slice(0, 10)}`);
  rmSync(outRoot, { recursive: true, force: true });
  const site = new SiteBuild({ siteDir, outDir: outRoot, mode: 'development' });
  const output = new DevOutput(outRoot);
  const liveReload = new LiveReload();
  const problems = new SiteProblems();
  /** Prints the problems that are new, updates the browsers' panels; returns the errors for the overlay. */
  const showProblems = (result: CompileResult, reporter: Reporter): Diagnostic[] => {
    for (const d of problems.update(result, reporter.diagnostics)) log(formatDiagnostic(d, color));
    liveReload.pageProblems(problems.forBrowser(result));
    return opts.strict ? problems.current() : reporter.errors;
  };

  let lastLogged = '';
  // A config or templates that failed to load: the build goes on with the last good ones, so
  // its problem stays in the overlay, rebuild after rebuild, until that file loads again.
  const broken = new Map<'config' | 'templates', unknown>();
  const clearProblems = () => {
    const [setup] = broken.values();
    if (setup !== undefined) return liveReload.problem(toProblem(setup));
    liveReload.clear();
    lastLogged = '';
  };
  const report = (error: unknown) => {
    const problem = toProblem(error);
    liveReload.problem(problem);
    const key = JSON.stringify(problem);
    if (key === lastLogged) return; // the same mistake seen again by a second file event
    lastLogged = key;
    const where = problem.file ? `${formatPosition({ file: problem.file, line: problem.line, column: problem.column })}: ` : '';
    log(`${c.red('✖')} ${where}${problem.message}${problem.hint ? `\n  ${c.dim(problem.hint)}` : ''}`);
  };

  // The search index is built when a browser asks for it, not after each rebuild: building it
  // takes longer than the rebuild itself (~0.3 s for our site), and a save arriving meanwhile
  // would wait for it. Requests for it wait for the latest version.
  const searchDir = () => `${site.config?.baseUrl ?? '/'}${SEARCH_ASSETS_DIR}/`;
  const isSearchFile = (path: string) => ('/' + path).startsWith(searchDir());
  let staleSearch: CompileResult | undefined;
  let searchBuild: Promise<void> | undefined;
  const updateSearch = (): Promise<void> => {
    searchBuild ??= (async () => {
      while (staleSearch?.searchFiles) {
        const result = staleSearch;
        staleSearch = undefined;
        await output.write(await result.searchFiles!());
      }
    })().finally(() => (searchBuild = undefined));
    return searchBuild;
  };

  /** One rebuild; never throws (a failed rebuild keeps serving the last good output). */
  const rebuild = async (reason: string, quiet = false): Promise<void> => {
    const started = performance.now();
    const reporter = new Reporter(() => {});
    try {
      const result = await site.compile(reporter);
      await output.sync(result.files, isSearchFile);
      const nothingChanged = !result.structureChanged && result.renderedRoutes.length === 0;
      if (quiet && nothingChanged && !reporter.errors.length) {
        // With --strict, the link problems found by the last rebuild still stand.
        if (opts.strict && problems.current().length && !broken.size) return;
        return clearProblems();
      }
      const errors = showProblems(result, reporter);
      if (errors.length && !broken.size) {
        liveReload.problem(overlayProblem(errors));
      } else {
        clearProblems();
      }
      liveReload.reload(result.renderedRoutes, result.structureChanged);
      const ms = Math.round(performance.now() - started);
      const what = result.structureChanged ? `all ${result.pages.length} pages` : `${result.renderedRoutes.length} page${result.renderedRoutes.length === 1 ? '' : 's'}`;
      log(`${c.dim(time())} ${reason} ${c.green('→')} rebuilt ${what} in ${ms} ms`);
      staleSearch = result;
    } catch (error) {
      report(error);
    }
  };

  const first = performance.now();
  // The first build can take a while on a large site: show what it is doing (rebuilds are quick).
  site.progress = createProgress({ quiet: opts.quiet || opts.log !== undefined });
  try {
    await site.loadConfig();
  } catch (error) {
    broken.set('config', error);
    report(error);
  }
  if (site.config) {
    const reporter = new Reporter(() => {});
    try {
      const result = await site.compile(reporter);
      await output.sync(result.files, isSearchFile);
      staleSearch = result;
      const errors = showProblems(result, reporter);
      if (errors[0]) report(new HelpgenAggregateError(errors[0].message, errors));
    } catch (error) {
      report(error);
    }
  }
  site.progress.done();
  site.progress = silentProgress;
  const baseUrl = site.config?.baseUrl ?? '/support/';

  const server: Server = createStaticServer({
    root: outRoot,
    baseUrl,
    intercept: (req, res) => rejectForeignHost(req, res, opts.host) || liveReload.handle(req, res),
    transformHtml: injectClient,
    prepare: (pathname) => (staleSearch && pathname.startsWith(searchDir()) ? updateSearch() : undefined),
    cacheAssets: false,
  });
  const port = await listen(server, parsePort(opts.port), opts.host).catch((error: NodeJS.ErrnoException) => {
    throw new HelpgenError(error.code === 'EADDRINUSE' ? `port ${opts.port} is already in use` : `cannot listen on ${opts.host}:${opts.port}: ${error.message}`, {
      hint: 'Pick another port with --port.',
    });
  });
  const host = opts.host === '0.0.0.0' || opts.host === '::' ? 'localhost' : opts.host === '127.0.0.1' ? 'localhost' : opts.host;
  const url = `http://${host}:${port}${baseUrl}`;
  log(`${c.green('✔')} helpgen dev ready in ${Math.round(performance.now() - first)} ms at ${c.bold(url)} ${c.dim('(Ctrl+C to stop)')}`);

  // Changes arrive in bursts (editors write several files, renames are unlink+add): gather them
  // for a moment, then rebuild once. Rebuilds never overlap. chokidar drops a second change
  // event for the same file within 50 ms, so a quiet re-check follows each rebuild: it finds
  // any such save by its mtime and rebuilds only if something really changed.
  let pending = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;
  let settleTimer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const idleWaiters: (() => void)[] = [];
  const isIdle = () => !pending.size && !timer && !settleTimer;
  const afterWork = () => {
    if (isIdle()) for (const done of idleWaiters.splice(0)) done();
  };
  const schedule = (event: string, path: string) => {
    pending.set(path, event);
    clearTimeout(timer);
    clearTimeout(settleTimer);
    settleTimer = undefined;
    timer = setTimeout(() => {
      const batch = pending;
      pending = new Map();
      timer = undefined;
      running = running.then(() => handleBatch(batch)).then(() => {
        if (timer || pending.size) return;
        settleTimer = setTimeout(() => {
          running = running.then(() => rebuild('', true)).then(() => {
            settleTimer = undefined;
            afterWork();
          });
        }, 70);
      });
    }, 15);
  };

  const handleBatch = async (batch: Map<string, string>) => {
    const paths = [...batch.keys()];
    const configChanged = paths.some((p) => /[\\/]help\.config\.[cm]?[jt]s$/.test(p));
    // Templates use shared/ too (types, error texts).
    const templatesChanged = paths.some((p) => p.startsWith(join(helpgenRoot, 'templates') + sep) || p.startsWith(join(helpgenRoot, 'shared') + sep));
    const load = async (part: 'config' | 'templates', run: () => Promise<void>) => {
      try {
        await run();
        broken.delete(part);
        return true;
      } catch (error) {
        broken.set(part, error);
        report(error);
        return false;
      }
    };
    if (configChanged && !(await load('config', () => site.loadConfig()))) return;
    const reloadTemplates = async () => {
      site.templates = await compileTemplates();
      site.invalidateHtml();
    };
    if (templatesChanged && !(await load('templates', reloadTemplates))) return;
    const shownPaths = paths.map((p) => relative(p.startsWith(siteDir) ? siteDir : helpgenRoot, p));
    const verb = [...new Set(batch.values())].join('/');
    await rebuild(`${shownPaths.slice(0, 3).join(', ')}${shownPaths.length > 3 ? ` and ${shownPaths.length - 3} more` : ''} ${verb}`);
  };

  // Watch the site folder itself (not paths that may not exist yet: chokidar misses events
  // when asked to watch missing files) and keep only content/, static/ and the config.
  const ownSources = opts.watchHelpgenSources === false ? [] : [join(helpgenRoot, 'templates'), join(helpgenRoot, 'client'), join(helpgenRoot, 'shared')];
  const siteParts = /^(content|static)([\\/]|$)|^help\.config\.[cm]?[jt]s$/;
  const ignored = (p: string) => {
    // Editors' swap and temp files (.x.swp, x~, .x.tmp) are not content.
    if (/(^|[\\/])(node_modules|\.git)([\\/]|$)/.test(p) || /(^|[\\/])\.[^\\/]+$|~$|\.(tmp|swp|swx)$/.test(p)) return true;
    if (p === siteDir || !p.startsWith(siteDir + sep)) return false;
    return !siteParts.test(p.slice(siteDir.length + 1));
  };
  // Links are not followed: one back to a parent folder made chokidar walk in circles until it
  // crashed the server (ELOOP); the build skips them with a warning anyway.
  const watcher: FSWatcher = watch([siteDir, ...ownSources], { ignoreInitial: true, ignored, followSymlinks: false });
  watcher.on('error', (error) => log(`${c.yellow('!')} watching for changes: ${error instanceof Error ? error.message : String(error)}`));
  watcher.on('all', (event, path) => {
    if (event === 'addDir') return;
    schedule(event === 'unlink' || event === 'unlinkDir' ? 'deleted' : event === 'add' ? 'added' : 'changed', path);
  });
  await new Promise<void>((ready) => watcher.once('ready', () => ready()));

  const close = async () => {
    clearTimeout(timer);
    clearTimeout(settleTimer);
    await watcher.close();
    await searchBuild?.catch(() => undefined); // it writes into the folder removed below
    liveReload.close();
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
    rmSync(outRoot, { recursive: true, force: true });
  };
  const onSignal = () => {
    void close().then(() => process.exit(0));
  };
  if (!opts.log) {
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }

  // Ready first; the search index follows in the background (a search before it is done waits).
  void updateSearch().catch(report);

  return {
    url,
    port,
    liveReload,
    idle: () =>
      new Promise<void>((done) => {
        if (isIdle()) void running.then(() => done());
        else idleWaiters.push(done);
      }),
    close,
  };
}

function toProblem(thrown: unknown): ProblemEvent {
  const error = describeSystemError(thrown) ?? thrown;
  if (error instanceof HelpgenAggregateError && error.problems[0]) return overlayProblem(error.problems);
  if (isHelpgenError(error)) {
    return { message: error.message, file: error.position?.file, line: error.position?.line, column: error.position?.column, hint: error.hint };
  }
  return { message: error instanceof Error ? error.message : String(error), hint: 'This looks like a bug in helpgen or in a template; run "helpgen build --debug" for the stack trace.' };
}

function time(): string {
  return new Date().toTimeString().slice(0, 8);
}

function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'cmd' : 'xdg-open';
  const args = process.platform === 'win32' ? ['/c', 'start', '', url] : [url];
  try {
    spawn(command, args, { stdio: 'ignore', detached: true }).on('error', () => {}).unref();
  } catch {
    // No browser opener on this machine: the URL is printed above.
  }
}
