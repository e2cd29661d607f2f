// What the dev server watches: the site folder itself (not paths that may not exist yet:
// chokidar misses events when asked to watch missing files), keeping only content/, static/
// and the config, plus helpgen's own sources when asked.
import { sep } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';

const SITE_PARTS = /^(content|static)([\\/]|$)|^help\.config\.[cm]?[jt]s$/;

export interface WatchHandlers {
  /** A path changed; `what` is "changed", "added" or "deleted". */
  change(path: string, what: string): void;
  error(error: unknown): void;
}

/** Resolves once the watcher has listed what it watches. */
export async function watchSite(siteDir: string, ownSources: string[], handlers: WatchHandlers): Promise<FSWatcher> {
  const ignored = (p: string) => {
    // Editors' swap and temp files (.x.swp, x~, .x.tmp) are not content.
    if (/(^|[\\/])(node_modules|\.git)([\\/]|$)/.test(p) || /(^|[\\/])\.[^\\/]+$|~$|\.(tmp|swp|swx)$/.test(p)) return true;
    if (p === siteDir || !p.startsWith(siteDir + sep)) return false;
    return !SITE_PARTS.test(p.slice(siteDir.length + 1));
  };
  // Links are not followed: one back to a parent folder made chokidar walk in circles until it
  // crashed the server (ELOOP); the build skips them with a warning anyway.
  const watcher = watch([siteDir, ...ownSources], { ignoreInitial: true, ignored, followSymlinks: false });
  watcher.on('error', (error) => handlers.error(error));
  watcher.on('all', (event, path) => {
    if (event === 'addDir') return;
    handlers.change(path, event === 'unlink' || event === 'unlinkDir' ? 'deleted' : event === 'add' ? 'added' : 'changed');
  });
  await new Promise<void>((ready) => watcher.once('ready', () => ready()));
  return watcher;
}
