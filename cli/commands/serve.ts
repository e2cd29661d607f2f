// helpgen serve [SITE_DIR] [--port N] [--host H]
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pc from 'picocolors';
import { loadConfig } from '../config/load.ts';
import { HelpgenError } from '../diagnostics/errors.ts';
import { createStaticServer, listenOrExplain } from '../serve/server.ts';

export async function runServe(siteDir: string, opts: { port: string; host: string; out: string }): Promise<void> {
  const { config } = await loadConfig(resolve(siteDir));
  const root = resolve(siteDir, opts.out);
  if (!existsSync(join(root, config.baseUrl))) {
    throw new HelpgenError(`nothing to serve: ${join(opts.out, config.baseUrl)} does not exist`, {
      hint: 'Run "npx helpgen build" first.',
    });
  }
  const port = parsePort(opts.port);
  const server = createStaticServer({ root, baseUrl: config.baseUrl });
  const actual = await listenOrExplain(server, port, opts.host);
  const shown = opts.host === '0.0.0.0' || opts.host === '::' ? 'localhost' : opts.host;
  process.stdout.write(`${pc.green('✔')} Serving ${root} at ${pc.bold(`http://${shown}:${actual}${config.baseUrl}`)} (Ctrl+C to stop)\n`);
}

export function parsePort(text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new HelpgenError(`--port must be a whole number from 0 to 65535, got "${text}"`);
  }
  return port;
}
