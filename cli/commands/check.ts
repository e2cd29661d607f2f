// helpgen check [SITE_DIR] [--external]: crawls the built site with linkinator over a local
// server, so what is checked is exactly what readers will get.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pc from 'picocolors';
import { LinkChecker } from 'linkinator';
import { loadConfig } from '../config/load.ts';
import { HelpgenError } from '../diagnostics/errors.ts';
import { createStaticServer, listen } from '../serve/server.ts';

export interface CrawlResult {
  checked: number;
  broken: { url: string; status?: number; parent?: string }[];
}

export async function crawlSite(root: string, baseUrl: string, external: boolean): Promise<CrawlResult> {
  const server = createStaticServer({ root, baseUrl });
  const port = await listen(server, 0, '127.0.0.1');
  const origin = `http://127.0.0.1:${port}`;
  try {
    const checker = new LinkChecker();
    const result = await checker.check({
      path: `${origin}${baseUrl}`,
      recurse: true,
      concurrency: 16,
      timeout: 10000,
      linksToSkip: external ? [] : [`^(?!${escapeRegExp(origin)})`],
    });
    // linkinator also crawls the not-found page it got back for a broken URL, and may ask for
    // a page with and without its trailing slash: report each broken target once, and not the
    // links found on not-found pages.
    const strip = (url: string) => url.replace(/\/+$/, '');
    const brokenUrls = new Set(result.links.filter((l) => l.state === 'BROKEN').map((l) => strip(l.url)));
    const seen = new Set<string>();
    const broken: CrawlResult['broken'] = [];
    for (const link of result.links) {
      if (link.state !== 'BROKEN') continue;
      const key = strip(link.url);
      if (seen.has(key) || (link.parent && brokenUrls.has(strip(link.parent)))) continue;
      seen.add(key);
      broken.push({ url: link.url, status: link.status, parent: link.parent });
    }
    return { checked: result.links.length, broken };
  } finally {
    server.close();
  }
}

export async function runCheck(siteDir: string, opts: { external?: boolean; out: string }): Promise<void> {
  const { config } = await loadConfig(resolve(siteDir));
  const root = resolve(siteDir, opts.out);
  if (!existsSync(join(root, config.baseUrl))) {
    throw new HelpgenError(`nothing to check: ${join(opts.out, config.baseUrl)} does not exist`, { hint: 'Run "npx helpgen build" first.' });
  }
  const started = performance.now();
  const result = await crawlSite(root, config.baseUrl, opts.external === true);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  for (const link of result.broken) {
    process.stderr.write(`${pc.red('broken')} ${link.url} (${link.status ?? 'no answer'}) on ${link.parent ?? 'the start page'}\n`);
  }
  if (result.broken.length) {
    throw new HelpgenError(`${result.broken.length} broken link(s) out of ${result.checked} checked`);
  }
  process.stdout.write(`${pc.green('✔')} ${result.checked} links checked in ${seconds} s, none broken${opts.external ? '' : ' (external links skipped; add --external to check them)'}\n`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
