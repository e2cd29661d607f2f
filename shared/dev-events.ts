// What the dev server and the live-reload script in its pages say to each other
// (cli/dev/live-reload.ts and client/dev/live-reload.ts): the paths, and the events' data.

/** The server-sent event stream. */
export const EVENTS_PATH = '/__helpgen/events';
/** The live-reload script every dev page loads. */
export const CLIENT_PATH = '/__helpgen/live-reload.js';

/** "reload": the routes rendered again, or every page (`full`). */
export interface ReloadEvent {
  routes: string[];
  full: boolean;
}

/** "problem": the error the overlay shows ("clear" removes it). */
export interface ProblemEvent {
  message: string;
  file?: string;
  line?: number;
  column?: number;
  hint?: string;
}

/** "page-problems" lists these: one problem as the page's panel shows it; `route` is the page it belongs to (none: every page). */
export interface PageProblem {
  route?: string;
  severity: 'error' | 'warning';
  code: string;
  where: string;
  message: string;
  hint?: string;
}
