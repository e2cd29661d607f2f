// Which runtime (./build-runtime.ts) a compile gets: threads only for a production build of the
// compiled CLI, and not with HELPGEN_WORKERS=0 (which asks for everything in the main thread, to
// compare and debug). Dev builds re-render a few pages per save: a worker's start would cost more.
import { isMainThread } from 'node:worker_threads';
import { workerScript } from '../../runtime.ts';
import type { BuildMode } from '../context.ts';
import type { BuildRuntime } from './build-runtime.ts';
import { ThreadedRuntime } from './threaded.ts';
import { ThreadlessRuntime } from './threadless.ts';

/** `htmlOnWorkers`: the compile renders with the bundled templates, which the workers load. */
export function chooseRuntime(mode: BuildMode, htmlOnWorkers: boolean): BuildRuntime {
  const threads = mode === 'production' && isMainThread && workerScript('render-worker') !== undefined;
  return threads ? new ThreadedRuntime(htmlOnWorkers) : new ThreadlessRuntime();
}
