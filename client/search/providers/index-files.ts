// Fetching the local index's files, and its entry file once per page. The entry gates every
// first search (the shards a query needs are named in it), so it is asked for on the first sign
// of search intent (client/search/index.ts), at the same time as the modal's and the provider's
// code rather than after them: by the time the engine's code has arrived, the entry has too.
// This module is small on purpose: it ships with the first view.
import type { ClientSearchConfig } from '../../../shared/types.ts';
import { SearchUnavailableError } from '../types.ts';

/** An index file as JSON; a failure is a SearchUnavailableError (the modal offers to retry). */
export async function fetchJson<T>(url: URL): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch (cause) {
    throw new SearchUnavailableError(`The search index could not be loaded from ${url.pathname}.`, { cause });
  }
  if (!response.ok) throw new SearchUnavailableError(`The search index could not be loaded from ${url.pathname} (HTTP ${response.status}).`);
  return (await response.json()) as T;
}

const entries = new Map<string, Promise<unknown>>();

/** The entry file at `url`, fetched once; a failed fetch is forgotten, so a later search asks again. */
export function fetchEntry(url: URL): Promise<unknown> {
  let entry = entries.get(url.href);
  if (!entry) {
    entry = fetchJson(url);
    entry.catch(() => entries.delete(url.href));
    entries.set(url.href, entry);
  }
  return entry;
}

/** Starts fetching the entry of a site on the local index (nothing for Algolia). */
export function prefetchEntry(config: ClientSearchConfig): void {
  if (usesLocalIndex(config)) fetchEntry(new URL(config.indexUrl!, location.href)).catch(() => {});
}

/** True when the site searches through Algolia (the provider needs its settings too). */
export function usesAlgolia(config: ClientSearchConfig): config is ClientSearchConfig & { algolia: NonNullable<ClientSearchConfig['algolia']> } {
  return config.provider === 'algolia' && config.algolia !== undefined;
}

/** True when the site searches its own index. */
export function usesLocalIndex(config: ClientSearchConfig): boolean {
  return !usesAlgolia(config) && config.indexUrl !== undefined;
}
