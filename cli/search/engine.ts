// The build side of a search engine, behind one interface: what the build hands an engine and
// what it gets back. The browser side is behind `SearchProvider` (client/search/types.ts). A
// maintainer who swaps the engine writes one of each and adds it to ./engines.ts (see
// README.md, "How to swap the engine").
//
// The build hands an engine every searchable doc page (its fields, and its DocSearch records,
// asked for page by page so that a large site need not hold them all), and may hand it each
// page as soon as it is rendered. It gets back the files to write under assets/search/ and, at
// any time (before the index exists, so pages can be rendered meanwhile), the settings every
// page gives the browser's provider.
import type { ResolvedConfig } from '../config/schema.ts';
import type { ClientSearchConfig } from '../../shared/types.ts';
import type { SearchRecord } from '../../shared/search/record.ts';
import type { IndexedPage } from './local-index.ts';
import type { IndexFeed } from './index-feed.ts';
import type { KeptRecordsFile } from './fed-page.ts';

/** A searchable doc page as an engine gets it, without its records. */
export type EnginePage = Omit<IndexedPage, 'records'>;

/** A page handed over as it is rendered: its records as objects, as their JSON text, or as the build cache's file of them. */
export type RenderedPage = EnginePage & { records: SearchRecord[] | string | KeptRecordsFile };

export interface EngineBuildInput {
  /** Every searchable page, in page order. */
  pages: EnginePage[];
  /** The records of pages[i] (made when asked). */
  recordsOf(i: number): SearchRecord[];
}

/** A file to write, its path relative to the site's assets/search/ folder. */
export interface EngineFile {
  path: string;
  contents: string | Uint8Array;
}

export interface EngineBuildOutput {
  /** The files, each with its contents unless it went to `build`'s `write` already. */
  files: (EngineFile | { path: string; contents?: undefined })[];
  /** True when the index was made from the pages handed over while they rendered (on a worker). */
  indexedWhileRendering: boolean;
}

/** Starts the index worker a build's runtime offers, or gives none (a build without threads). */
export type StartIndexFeed = () => IndexFeed | undefined;

/** One build's use of a search engine (a dev server keeps one for its life). */
export interface SearchEngineBuild {
  /** The settings every page gives the browser; known before the index is built. */
  client(config: ResolvedConfig): ClientSearchConfig;
  /**
   * Asked once a build knows whether it renders pages: true when it wants each as it is
   * rendered. `startIndexFeed` is the build runtime's index worker (none without threads).
   */
  startFeed(config: ResolvedConfig, renderingPages: boolean, startIndexFeed: StartIndexFeed): boolean;
  /** A page just rendered, in page order (only after startFeed answered true). */
  feedPage(page: RenderedPage): void;
  /**
   * The files for these pages (after every page was fed, if any was). `write`, when given, takes
   * files as soon as they are made (settling once each is written), so that a large index need
   * not be held whole; an engine may also leave them all in its answer.
   */
  build(config: ResolvedConfig, input: EngineBuildInput, write?: (file: EngineFile) => Promise<void>): Promise<EngineBuildOutput>;
  /** Lets a feed go (the build failed or is done). */
  stopFeed(): void;
  /**
   * Sends the records somewhere other than the build's output (`helpgen search push`); an engine
   * that only writes files has no such step.
   */
  publish?(config: ResolvedConfig, records: SearchRecord[], secret: string, log: (line: string) => void): Promise<void>;
}

export type SearchEngineMode = 'production' | 'development';
