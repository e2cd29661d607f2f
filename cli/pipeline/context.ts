// What every stage of a compile reads (see compile() in ./site-build.ts): the site's settings,
// where problems and progress go, where finished files go, the templates, and the runtime that
// runs the work. Stages hand their
// results to the next as plain values; nothing here changes while a compile runs.
import type { ResolvedConfig } from '../config/schema.ts';
import type { Reporter } from '../diagnostics/reporter.ts';
import type { Progress } from '../diagnostics/progress.ts';
import type { OutputFile, PagesInOutput } from '../output/output.ts';
import type { FileHolds } from '../output/build-manifest.ts';
import type * as defaultTemplates from '../../templates/render.tsx';
import type { BuildRuntime } from './runtime/build-runtime.ts';

export type BuildMode = 'production' | 'development';

/** What the build renders with: templates/render.tsx (the dev server swaps in recompiled ones). */
export type Templates = Pick<typeof defaultTemplates, 'renderPage' | 'renderSidebarFragment'>;

/** Where a production build that writes sends its files while it compiles. */
export interface CompileOutput {
  /** Told, once the content is scanned, the paths of files it will get (so their folders can be made meanwhile). */
  expect(paths: string[]): void;
  /**
   * Takes a page as soon as it is checked; the result then leaves it out of its files. `key`:
   * the page's key in the page store, when its HTML may be kept (../pipeline/stages/pages.ts).
   */
  page(file: OutputFile, key?: string): Promise<void>;
  /**
   * Where a render worker may write a page's files itself (absolute files for the page's paths,
   * whose folders `expect` is making), when the output is a fresh folder; undefined when it is
   * updated in place, where each page is compared with the one there first. The function throws
   * for a path that would leave the output folder.
   */
  writableFiles(): Promise<((paths: string[]) => string[]) | undefined>;
  /** Takes a page's file a worker wrote where `writableFiles` said, with its size and hash, as `page` would. */
  pageWritten(path: string, holds: FileHolds, key?: string): void;
  /** What the last build's file made from this key (a stored page or twin) held, when its record says. */
  recordedHolds(key: string): FileHolds | undefined;
  /** The pages the output folder holds already, when the build updates it in place. */
  pagesInOutput(): Promise<PagesInOutput | undefined>;
  /** Takes another file as soon as it is ready; the result still lists it. Settles once it is written, and never rejects. */
  file(file: OutputFile): Promise<void>;
}

export interface BuildContext {
  readonly siteDir: string;
  readonly config: ResolvedConfig;
  /** The config file's name ("help.config.ts"), or undefined when the defaults apply. */
  readonly configFile: string | undefined;
  /** Dev builds report broken links as warnings, keep search file names stable and cache HTML. */
  readonly mode: BuildMode;
  readonly reporter: Reporter;
  /** Production builds that write: takes files while the build goes on. */
  readonly output: CompileOutput | undefined;
  readonly progress: Progress;
  readonly timings: PhaseTimer;
  readonly templates: Templates;
  /** The base URL without its leading slash: the output folder's path for it ("support/"). */
  readonly base: string;
  /** Where the work runs (worker threads or this one): the stages ask it for help (./runtime/build-runtime.ts). */
  readonly runtime: BuildRuntime;
}

/**
 * HELPGEN_TIMINGS=1 prints how long each phase of a compile took (for profiling by hand).
 * HELPGEN_TIMINGS=cpu adds a line of the CPU time each phase took (user and system, every thread
 * of the process): on a busy machine it moves far less than wall time, so the bench compares it
 * (bench/extra/patches.ts). Its "phase CPU:" label keeps it out of the phase lines the bench reads.
 * HELPGEN_TIMINGS=memory adds, per phase, the highest resident memory of the process (every
 * thread) seen during it and the main thread's heap at its end, sampled every 50 ms: where a
 * large site's memory goes, stage by stage (issue 38).
 */
export class PhaseTimer {
  private last = performance.now();
  private lastCpu = process.cpuUsage();
  private readonly phases: [name: string, ms: number, cpuMs: number, memory?: { peakRss: number; heapUsed: number }][] = [];
  private peakRss = 0;
  /** Lines said after the phases, made when they are printed (counts a later phase adds to). */
  private readonly notes: (() => string)[] = [];
  private readonly sampler = process.env.HELPGEN_TIMINGS === 'memory' ? setInterval(() => this.sampleMemory(), 50).unref() : undefined;
  mark(phase: string): void {
    const now = performance.now();
    const cpu = process.cpuUsage(this.lastCpu);
    const memory = this.sampler && { peakRss: this.sampleMemory(), heapUsed: process.memoryUsage().heapUsed };
    this.peakRss = 0;
    this.phases.push([phase, now - this.last, (cpu.user + cpu.system) / 1000, memory]);
    this.last = now;
    this.lastCpu = process.cpuUsage();
  }
  /** Adds a line of what the build did besides time, made when printed (read by tests: work is counted, not timed). */
  note(line: () => string): void {
    this.notes.push(line);
  }
  print(): void {
    if (!process.env.HELPGEN_TIMINGS) return;
    process.stderr.write(this.phases.map(([name, ms]) => `${name} ${Math.round(ms)} ms`).join(', ') + '\n');
    for (const line of this.notes) process.stderr.write(line() + '\n');
    if (this.sampler) {
      clearInterval(this.sampler);
      const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;
      process.stderr.write(`phase memory: ${this.phases.map(([name, , , m]) => `${name} peak RSS ${mb(m!.peakRss)}, main heap ${mb(m!.heapUsed)}`).join('; ')}\n`);
    }
    if (process.env.HELPGEN_TIMINGS !== 'cpu') return;
    process.stderr.write(`phase CPU: ${this.phases.map(([name, , cpuMs]) => `${name} ${Math.round(cpuMs)} ms`).join(', ')}\n`);
  }
  /** The highest resident memory seen since the last mark, this sample included. */
  private sampleMemory(): number {
    this.peakRss = Math.max(this.peakRss, process.memoryUsage.rss());
    return this.peakRss;
  }
}
