// Algolia DocSearch's build side (`search.provider: 'algolia'`): the build writes no search
// files (the index lives at Algolia, filled by `helpgen search push` through `publish`, or by
// Algolia's crawler); the pages get the settings of the browser's Algolia provider
// (client/search/providers/algolia.ts).
import type { ResolvedConfig } from '../config/schema.ts';
import type { SearchRecord } from '../../shared/search/record.ts';
import { clientSearchConfig } from './artifacts.ts';
import type { EngineBuildOutput, SearchEngineBuild } from './engine.ts';

export class AlgoliaEngineBuild implements SearchEngineBuild {
  client(config: ResolvedConfig) {
    return clientSearchConfig(config);
  }

  startFeed(): boolean {
    return false;
  }

  feedPage(): void {}

  stopFeed(): void {}

  async build(): Promise<EngineBuildOutput> {
    return { files: [], indexedWhileRendering: false };
  }

  /** Uploads the records (with the crawler's attributes and DocSearch's settings) to the configured index. */
  async publish(config: ResolvedConfig, records: SearchRecord[], adminKey: string, log: (line: string) => void): Promise<void> {
    // Loaded only by a push: a build never needs Algolia's client.
    const { pushRecords } = await import('./algolia-upload.ts');
    await pushRecords(config, records, adminKey, log);
  }
}
