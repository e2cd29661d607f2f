// Uploads search records to an Algolia index, atomically: records go to a temporary index
// (with the settings, and the live index's synonyms and rules copied over), which then
// replaces the live index in one move, so readers never search a half-filled index. The
// Algolia engine's publish step (./algolia-engine.ts); `helpgen search push` (./push.ts) calls
// it through the engine.
import pc from 'picocolors';
import { algoliasearch } from 'algoliasearch';
import { HelpgenError } from '../diagnostics/errors.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import type { SearchRecord } from '../../shared/search/record.ts';
import { INDEX_SETTINGS, toAlgoliaRecords } from './algolia-index.ts';

export const BATCH_SIZE = 1000;

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
