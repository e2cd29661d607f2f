// helpgen deploy s3://BUCKET/PREFIX [SITE_DIR] [--out DIR] [--endpoint URL] [--region R]
//   [--profile P] [--dry-run] [--delete] [--force]
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import pc from 'picocolors';
import { loadConfig } from '../config/load.ts';
import { HelpgenError } from '../diagnostics/errors.ts';
import { deploy, type DeploySummary } from '../deploy/deploy.ts';
import { parseTarget } from '../deploy/target.ts';

export interface DeployCommandOptions {
  out: string;
  endpoint?: string;
  region?: string;
  profile?: string;
  dryRun?: boolean;
  delete?: boolean;
  force?: boolean;
}

export async function runDeploy(targetText: string, siteDir: string, opts: DeployCommandOptions): Promise<DeploySummary> {
  const target = parseTarget(targetText);
  const endpoint = opts.endpoint === undefined ? undefined : checkEndpoint(opts.endpoint);
  const { config } = await loadConfig(resolve(siteDir));
  const root = resolve(siteDir, opts.out);
  if (!existsSync(join(root, config.baseUrl))) {
    throw new HelpgenError(`nothing to deploy: ${relative(process.cwd(), join(root, config.baseUrl)) || '.'} does not exist`, {
      hint: 'Run "npx helpgen build" first.',
    });
  }
  const tty = process.stderr.isTTY === true;
  let shown = false;
  return deploy({
    root,
    baseUrl: config.baseUrl,
    target,
    endpoint,
    region: opts.region,
    profile: opts.profile,
    dryRun: opts.dryRun,
    delete: opts.delete,
    force: opts.force,
    log: (line) => {
      if (shown) process.stderr.write('\r\x1b[2K');
      shown = false;
      process.stdout.write((line.startsWith('Deployed') ? `${pc.green('✔')} ` : '') + line + '\n');
    },
    progress: tty
      ? (line) => {
          const width = process.stderr.columns || 80;
          process.stderr.write('\r\x1b[2K' + (line.length >= width ? line.slice(0, width - 2) + '…' : line));
          shown = true;
        }
      : undefined,
  });
}

/** An endpoint is an http(s) origin; one with a user name or password in it is refused (it would be printed). */
function checkEndpoint(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new HelpgenError(`--endpoint "${text}" is not a URL`, { hint: 'Give the store\'s address, such as http://127.0.0.1:9000 or https://s3.example.com.' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new HelpgenError(`--endpoint must be an http:// or https:// address, got "${url.protocol}"`);
  if (url.username || url.password) {
    throw new HelpgenError('--endpoint must not contain a user name or password', {
      hint: 'Pass credentials through AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY or a profile, never in the address.',
    });
  }
  return url.href.replace(/\/$/, '');
}
