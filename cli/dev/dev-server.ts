// The dev server: builds the site into a folder of its own, serves it like `helpgen serve` with
// the live-reload script in every page, and rebuilds what changed on every save (the change
// queue decides when, ./change-queue.ts). Mistakes are shown in the terminal and in the
// browser (./problem-display.ts); the server never stops for them.
//
//   starting ──first build, listen, watch──▶ serving ──close()──▶ closed
import { join, relative, sep } from 'node:path';
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import pc from 'picocolors';
import type { FSWatcher } from 'chokidar';
import { SiteBuild, type CompileResult } from '../pipeline/site-build.ts';
import { Reporter } from '../diagnostics/reporter.ts';
import { HelpgenAggregateError } from '../diagnostics/errors.ts';
import { createProgress, silentProgress } from '../diagnostics/progress.ts';
import { createStaticServer, listenOrExplain } from '../serve/server.ts';
import { helpgenRoot, prebuiltDir } from '../paths.ts';
import { SEARCH_ASSETS_DIR } from '../search/artifacts.ts';
import { LiveReload, injectClient } from './live-reload.ts';
import { DevOutput } from './dev-output.ts';
import { compileTemplates } from './templates.ts';
import { rejectForeignHost } from './host-check.ts';
import { ChangeQueue } from './change-queue.ts';
import { ProblemDisplay, type BrokenPart } from './problem-display.ts';
import { watchSite } from './watcher.ts';
import { changedSince, stampFiles, type FileStamps } from './file-stamps.ts';

export interface DevOptions {
  port: number;
  host: string;
  /** Where log lines go (tests capture them); the terminal otherwise. */
  log?: (line: string) => void;
  /** Also watch helpgen's own templates/, client/ and shared/ (default true; tests of a site turn it off). */
  watchHelpgenSources?: boolean;
  /** No progress while the first build runs. */
  quiet?: boolean;
  /** Every problem is an error, shown as the overlay, as `build --strict` fails on it in CI. */
  strict?: boolean;
}

export type DevState = 'starting' | 'serving' | 'closed';

export class DevServer {
  state: DevState = 'starting';
  url = '';
  port = 0;
  readonly liveReload = new LiveReload();
  private readonly site: SiteBuild;
  private readonly output: DevOutput;
  private readonly display: ProblemDisplay;
  private readonly queue: ChangeQueue;
  private readonly log: (line: string) => void;
  private readonly colors: ReturnType<typeof pc.createColors>;
  private server?: Server;
  private watcher?: FSWatcher;
  /**
   * The search index is built when a browser asks for it, not after each rebuild: building it
   * takes longer than the rebuild itself (~0.3 s for our site), and a save arriving meanwhile
   * would wait for it. Requests for it wait for the latest version.
   */
  private staleSearch?: CompileResult;
  private searchBuild?: Promise<void>;
  /** A browser asked for the index: the build under way is followed by one of the latest compile. */
  private searchRequested = false;
  /** The files of the last batch as its rebuild found them, for the quiet re-check. */
  private batchStamps?: FileStamps;

  constructor(
    readonly siteDir: string,
    private readonly outRoot: string,
    private readonly options: DevOptions,
  ) {
    this.site = new SiteBuild({ siteDir, outDir: outRoot, mode: 'development' });
    this.output = new DevOutput(outRoot);
    // A line printed during the first build first wipes its progress line from the terminal.
    this.log =
      options.log ??
      ((line: string) => {
        this.site.progress.done();
        process.stdout.write(line + '\n');
      });
    // Colours only for a terminal; lines handed to a caller's log function stay plain.
    this.colors = pc.createColors(!options.log && pc.isColorSupported);
    this.display = new ProblemDisplay(this.liveReload, this.log, this.colors, options.strict === true);
    this.queue = new ChangeQueue({ batch: (changes) => this.handleBatch(changes), recheck: () => this.recheck() });
  }

  /** The first build, then serving and watching. */
  async start(): Promise<void> {
    const started = performance.now();
    rmSync(this.outRoot, { recursive: true, force: true });
    let built = () => {};
    const firstBuilt = new Promise<void>((done) => (built = done));
    const dev = this;
    const prepare = (pathname: string) => (pathname.startsWith(this.searchDir()) ? this.latestSearch() : this.output.writeRequested(pathname));
    this.server = createStaticServer({
      root: this.outRoot,
      // Read per request: the site's config is loaded by the first build, after the port is taken.
      get baseUrl() {
        return dev.site.config?.baseUrl ?? '/support/';
      },
      intercept: (req, res) => rejectForeignHost(req, res, this.options.host) || this.liveReload.handle(req, res),
      transformHtml: injectClient,
      // A browser that asks before the first build is done waits for it.
      prepare: (pathname) => (this.state === 'starting' ? firstBuilt.then(() => prepare(pathname)) : prepare(pathname)),
      cacheAssets: false,
    });
    // The port before the first build: a port in use is said at once, not after a long build.
    this.port = await listenOrExplain(this.server, this.options.port, this.options.host, 'helpgen dev');
    try {
      await this.firstBuild();
    } catch (error) {
      this.server.close();
      throw error;
    } finally {
      built();
    }
    const baseUrl = this.site.config?.baseUrl ?? '/support/';
    const host = ['0.0.0.0', '::', '127.0.0.1'].includes(this.options.host) ? 'localhost' : this.options.host;
    this.url = `http://${host}:${this.port}${baseUrl}`;
    const c = this.colors;
    this.log(`${c.green('✔')} helpgen dev ready in ${Math.round(performance.now() - started)} ms at ${c.bold(this.url)} ${c.dim('(Ctrl+C to stop)')}`);
    // The published package has no sources to watch: its templates and client are compiled.
    const ownSources = this.options.watchHelpgenSources === false || prebuiltDir ? [] : ['templates', 'client', 'shared'].map((dir) => join(helpgenRoot, dir));
    this.watcher = await watchSite(this.siteDir, ownSources, {
      change: (path, what) => this.queue.change(path, what),
      error: (error) => this.log(`${c.yellow('!')} watching for changes: ${error instanceof Error ? error.message : String(error)}`),
    });
    this.state = 'serving';
    // Ready first; the first search index follows in the background (a search before it is done
    // waits). Later ones are built only when a browser asks: building them after every save
    // took the CPU the next save needed.
    void this.updateSearch(false).catch((error: unknown) => this.display.report(error));
  }

  /** Resolves after the rebuild that follows the latest change (for tests and benchmarks). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  /** Resolves once no search index is being built (for tests). */
  async searchIdle(): Promise<void> {
    await this.searchBuild;
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return;
    this.state = 'closed';
    await this.watcher?.close();
    await this.queue.stop().catch(() => undefined);
    await this.searchBuild?.catch(() => undefined); // it writes into the folder removed below
    this.liveReload.close();
    this.server?.closeAllConnections();
    await new Promise<void>((done) => (this.server ? this.server.close(() => done()) : done()));
    rmSync(this.outRoot, { recursive: true, force: true });
  }

  private async firstBuild(): Promise<void> {
    const { site } = this;
    // The first build can take a while on a large site: show what it is doing (rebuilds are quick).
    site.progress = createProgress({ quiet: this.options.quiet || this.options.log !== undefined });
    try {
      await site.loadConfig();
    } catch (error) {
      this.display.broken.set('config', error);
      this.display.report(error);
    }
    if (site.config) {
      const reporter = new Reporter(() => {});
      try {
        const result = await site.compile(reporter);
        await this.output.sync(result.files, this.isSearchFile());
        this.staleSearch = result;
        const errors = this.display.show(result, reporter);
        if (errors[0]) this.display.report(new HelpgenAggregateError(errors[0].message, errors));
      } catch (error) {
        this.display.report(error);
      }
    }
    site.progress.done();
    site.progress = silentProgress;
  }

  /** One rebuild; never throws (a failed rebuild keeps serving the last good output). */
  private async rebuild(reason: string, quiet = false): Promise<void> {
    const started = performance.now();
    const reporter = new Reporter(() => {});
    try {
      const result = await this.site.compile(reporter);
      await this.output.sync(result.files, this.isSearchFile());
      const nothingChanged = !result.structureChanged && result.renderedRoutes.length === 0;
      if (quiet && nothingChanged && !reporter.errors.length) {
        this.display.unchanged();
        return;
      }
      // The reload goes first: a page that reloads stops listening (client/dev/live-reload.ts)
      // and gets the problems below when it connects again, so it never shows them on the
      // version that is about to go, and a test that waits for the panel finds it on the new one.
      this.liveReload.reload(result.renderedRoutes, result.structureChanged);
      this.display.settle(this.display.show(result, reporter));
      const ms = Math.round(performance.now() - started);
      const what = result.structureChanged ? `all ${result.pages.length} pages` : `${result.renderedRoutes.length} page${result.renderedRoutes.length === 1 ? '' : 's'}`;
      const c = this.colors;
      this.log(`${c.dim(time())} ${reason} ${c.green('→')} rebuilt ${what} in ${ms} ms`);
      this.staleSearch = result;
    } catch (error) {
      this.display.report(error);
    }
  }

  /** The quiet re-check after a batch: a rebuild only if one of the batch's files changed again (./file-stamps.ts). */
  private async recheck(): Promise<void> {
    const stamps = this.batchStamps;
    this.batchStamps = undefined;
    if (stamps && !changedSince(stamps)) return;
    await this.rebuild('', true);
  }

  private async handleBatch(batch: Map<string, string>): Promise<void> {
    const paths = [...batch.keys()];
    // Taken before anything reads them: a write after this is found by the re-check.
    this.batchStamps = stampFiles(paths);
    const configChanged = paths.some((p) => /[\\/]help\.config\.[cm]?[jt]s$/.test(p));
    // Templates use shared/ too (types, error texts).
    const templatesChanged = paths.some((p) => p.startsWith(join(helpgenRoot, 'templates') + sep) || p.startsWith(join(helpgenRoot, 'shared') + sep));
    if (configChanged && !(await this.load('config', () => this.site.loadConfig()))) return;
    const reloadTemplates = async () => {
      this.site.templates = await compileTemplates();
      this.site.invalidateHtml();
    };
    if (templatesChanged && !(await this.load('templates', reloadTemplates))) return;
    // A file other than a page may be what a page's relative link points at: twins resolve them again.
    if (paths.some((p) => p.startsWith(this.siteDir) && !/\.mdx?$/.test(p))) this.site.forgetTwins();
    // Files of content/ that changed (none added, removed or renamed): the scan need not list content/ again.
    const contentDir = join(this.siteDir, 'content') + sep;
    if ([...batch].every(([p, what]) => what === 'changed' && p.startsWith(contentDir))) this.site.onlyChanged(paths.map((p) => p.slice(contentDir.length).split(sep).join('/')));
    const shown = paths.map((p) => relative(p.startsWith(this.siteDir) ? this.siteDir : helpgenRoot, p));
    const verb = [...new Set(batch.values())].join('/');
    await this.rebuild(`${shown.slice(0, 3).join(', ')}${shown.length > 3 ? ` and ${shown.length - 3} more` : ''} ${verb}`);
  }

  /** Loads the config or the templates again; a failure is shown and the last good ones stay. */
  private async load(part: BrokenPart, run: () => Promise<void>): Promise<boolean> {
    try {
      await run();
      this.display.broken.delete(part);
      return true;
    } catch (error) {
      this.display.broken.set(part, error);
      this.display.report(error);
      return false;
    }
  }

  private searchDir(): string {
    return `${this.site.config?.baseUrl ?? '/'}${SEARCH_ASSETS_DIR}/`;
  }

  /** Tells the search index's files (output paths have no leading slash). */
  private isSearchFile(): (path: string) => boolean {
    const dir = this.searchDir().slice(1);
    return (path) => path.startsWith(dir);
  }

  /**
   * A browser asked for a file of the search index: it gets the index of the latest save. A
   * save being rebuilt is waited for first (its compile is what the index is built from); one
   * that is not would otherwise get the index of the version before it.
   */
  private async latestSearch(): Promise<void> {
    await this.queue.idle();
    if (this.staleSearch || this.searchBuild) await this.updateSearch(true);
  }

  /**
   * Builds the index of the latest compile; `requested` (a browser asked for it) also builds
   * again after the build under way, as long as rebuilds keep making it stale.
   */
  private updateSearch(requested: boolean): Promise<void> {
    if (requested) this.searchRequested = true;
    this.searchBuild ??= (async () => {
      let first = true;
      while (this.staleSearch?.searchFiles && (first || this.searchRequested)) {
        first = false;
        this.searchRequested = false;
        const result = this.staleSearch;
        this.staleSearch = undefined;
        await this.output.write(await result.searchFiles!());
      }
    })().finally(() => (this.searchBuild = undefined));
    return this.searchBuild;
  }
}

function time(): string {
  return new Date().toTimeString().slice(0, 8);
}
