// helpgen dev: builds the site, serves it like `helpgen serve`, watches content/, templates/,
// client/, shared/ and help.config.ts, rebuilds only what changed and reloads open browsers
// (../dev/dev-server.ts).
import { resolve, join } from 'node:path';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { DevServer, type DevOptions } from '../dev/dev-server.ts';
import { parsePort } from './serve.ts';

export type { DevServer } from '../dev/dev-server.ts';

export interface DevCommandOptions extends Omit<DevOptions, 'port'> {
  port: string;
  open?: boolean;
}

export async function runDev(siteDir: string, opts: DevCommandOptions): Promise<DevServer> {
  const server = await startDevServer(siteDir, opts);
  if (opts.open) openBrowser(server.url);
  return server;
}

/** Starts serving once the first build is done; Ctrl+C (or close()) stops it and removes its folder. */
export async function startDevServer(siteDirArg: string, opts: DevCommandOptions): Promise<DevServer> {
  const siteDir = resolve(siteDirArg);
  const outRoot = join(tmpdir(), `helpgen-dev-${createHash('sha1').update(siteDir).digest('hex').slice(0, 10)}`);
  const server = new DevServer(siteDir, outRoot, { ...opts, port: parsePort(opts.port) });
  await server.start();
  if (!opts.log) {
    const onSignal = () => void server.close().then(() => process.exit(0));
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }
  return server;
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
