// helpgen search push [SITE_DIR]: builds the site in memory and uploads its search records to
// the configured Algolia index. The admin key comes only from the ALGOLIA_ADMIN_KEY environment
// variable; it is never written to disk, to dist/ or to the output. The upload is atomic:
// records go to a temporary index (with the settings, and the live index's synonyms and rules
// copied over), which then replaces the live index in one move, so readers never search a
// half-filled index.
import pc from 'picocolors';
import { algoliasearch } from 'algoliasearch';
import { build } from '../pipeline/build.ts';
import { Reporter } from '../diagnostics/reporter.ts';
import { HelpgenError } from '../diagnostics/errors.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import type { SearchRecord } from '../../shared/search/record.ts';
import { INDEX_SETTINGS, toAlgoliaRecords } from './algolia-index.ts';

export const BATCH_SIZE = 1000;

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
  await pushRecords(result.config, result.searchRecords, adminKey, log);
}

export async function pushRecords(config: ResolvedConfig, records: SearchRecord[], adminKey: string, log: (line: string) => void): Promise<void> {
  try {
    await upload(config, records, adminKey, log);
  } catch (error) {
    throw algoliaFailure(error, config.search.algolia!.appId);
  }
}

/** Algolia's errors, said for the person running the push: which is at fault, and what to check. */
function algoliaFailure(error: unknown, appId: string): unknown {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof Error && error.name === 'RetryError') {
    return new HelpgenError(`cannot reach Algolia for app ${appId}: no host answered`, {
      hint: 'Check the network connection (and any proxy), search.algolia.appId in help.config.ts, and search.algolia.hosts if it is set. Nothing was changed in the index.',
      cause: error,
    });
  }
  const status = (error as { status?: number }).status;
  if (status === 401 || status === 403) {
    return new HelpgenError(`Algolia refused the key for app ${appId} (HTTP ${status}): ${message}`, {
      hint: 'ALGOLIA_ADMIN_KEY must be the admin API key of this application (or a key allowed to add records and settings).',
      cause: error,
    });
  }
  if (typeof status === 'number') return new HelpgenError(`Algolia answered HTTP ${status}: ${message}`, { hint: 'The live index is unchanged unless the last step had begun; run the push again.', cause: error });
  return error;
}

async function upload(config: ResolvedConfig, records: SearchRecord[], adminKey: string, log: (line: string) => void): Promise<void> {
  const algolia = config.search.algolia!;
  const client = algoliasearch(algolia.appId, adminKey, algolia.hosts ? { hosts: algolia.hosts } : undefined);
  const target = algolia.indexName;
  const temporary = `${target}_tmp_helpgen`;
  const objects = toAlgoliaRecords(config, records);
  log(`Uploading ${objects.length} records to ${pc.bold(target)} (app ${algolia.appId})`);

  // Keep the live index's synonyms and rules (a first push has none to keep).
  try {
    const copy = await client.operationIndex({ indexName: target, operationIndexParams: { operation: 'copy', destination: temporary, scope: ['synonyms', 'rules'] } });
    await client.waitForTask({ indexName: temporary, taskID: copy.taskID });
  } catch (error) {
    if ((error as { status?: number }).status !== 404) throw error;
  }
  const settings = await client.setSettings({ indexName: temporary, indexSettings: INDEX_SETTINGS });
  await client.waitForTask({ indexName: temporary, taskID: settings.taskID });
  log(`${pc.green('✔')} settings`);

  for (let start = 0; start < objects.length; start += BATCH_SIZE) {
    const chunk = objects.slice(start, start + BATCH_SIZE);
    const batch = await client.batch({ indexName: temporary, batchWriteParams: { requests: chunk.map((body) => ({ action: 'addObject' as const, body: { ...body } })) } });
    await client.waitForTask({ indexName: temporary, taskID: batch.taskID });
    log(`${pc.green('✔')} records ${start + chunk.length}/${objects.length}`);
  }

  const move = await client.operationIndex({ indexName: temporary, operationIndexParams: { operation: 'move', destination: target } });
  await client.waitForTask({ indexName: target, taskID: move.taskID });
  log(`${pc.green('✔')} ${pc.bold(target)} now holds ${objects.length} records`);
}
