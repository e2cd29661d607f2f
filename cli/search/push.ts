// helpgen search push [SITE_DIR]: builds the site in memory and hands its search records to the
// configured engine's publish step: for Algolia, an atomic upload to the configured index
// (./algolia-upload.ts). The admin key comes only from the ALGOLIA_ADMIN_KEY environment
// variable; it is never written to disk, to dist/ or to the output.
import pc from 'picocolors';
import { build } from '../pipeline/build.ts';
import { Reporter } from '../diagnostics/reporter.ts';
import { HelpgenError } from '../diagnostics/errors.ts';
import { engineBuildFor } from './engines.ts';

export { BATCH_SIZE, pushRecords } from './algolia-upload.ts';

export interface PushOptions {
  /** Where progress lines go (stdout by default). */
  log?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
}

export async function runSearchPush(siteDir: string, options: PushOptions = {}): Promise<void> {
  const log = options.log ?? ((line: string) => process.stdout.write(line + '\n'));
  const env = options.env ?? process.env;
  const adminKey = env.ALGOLIA_ADMIN_KEY;
  if (!adminKey) throw new HelpgenError('ALGOLIA_ADMIN_KEY is not set', { hint: 'Export the admin API key of your Algolia application as ALGOLIA_ADMIN_KEY (it is read from the environment only, never from the config).' });

  log(pc.dim('Building the site to collect search records…'));
  const result = await build({ siteDir, write: false, searchRecords: true, reporter: new Reporter(() => {}) });
  const algolia = result.config.search.algolia;
  if (!algolia) throw new HelpgenError('search.algolia is not configured', { hint: 'Set search.algolia.appId and search.algolia.indexName in help.config.ts.' });
  if (!result.config.url) throw new HelpgenError('url is not set in help.config.ts', { hint: 'Search records carry full URLs, as crawled ones do: set url to the production origin, e.g. url: "https://help.example.com".' });
  if (!result.searchRecords) throw new HelpgenError('the build produced no search records');
  // Algolia's engine publishes: the push uploads to Algolia whatever search.provider says.
  await engineBuildFor('algolia', 'production').publish!(result.config, result.searchRecords, adminKey, log);
}
