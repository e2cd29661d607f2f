// Contract tests for the Algolia provider: the real `algoliasearch` lite client talks to local
// HTTP servers standing in for Algolia's hosts (custom hosts), so what goes over the wire is
// exactly what the provider asks the client to send.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAlgoliaClient, createAlgoliaProvider, TIMEOUTS } from '../../client/search/providers/algolia.ts';
import { algoliaSearchRequest, contextualFacetFilters, type AlgoliaSettings } from '../../client/search/providers/algolia-request.ts';

interface Seen {
  method: string;
  path: string;
  params: URLSearchParams;
  body: unknown;
}

interface FakeHost {
  server: Server;
  port: number;
  seen: Seen[];
  /** What the host answers: a JSON body, an HTTP error status, or a dropped connection. */
  mode: 'ok' | 'error' | 'drop';
}

const HIT = {
  objectID: 'https://ordo.app/support/user-docs/records/locking#unlock-a-record',
  url: 'https://ordo.app/support/user-docs/records/locking#unlock-a-record',
  type: 'lvl2',
  content: null,
  hierarchy: { lvl0: 'User docs', lvl1: 'Lock a record', lvl2: 'Unlock a record', lvl3: null, lvl4: null, lvl5: null, lvl6: null },
  _highlightResult: { hierarchy: { lvl2: { value: '<mark>Unlock</mark> a record', matchLevel: 'partial', matchedWords: ['unlock'] } } },
};

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
  });
}

async function fakeHost(mode: FakeHost['mode']): Promise<FakeHost> {
  const host = { seen: [] as Seen[], mode } as FakeHost;
  host.server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const text = await read(req);
    host.seen.push({ method: req.method ?? '', path: decodeURIComponent(url.pathname), params: url.searchParams, body: text ? JSON.parse(text) : undefined });
    if (host.mode === 'drop') return req.socket.destroy();
    if (host.mode === 'error') {
      res.writeHead(503, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ message: 'unavailable' }));
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ results: [{ hits: [HIT], nbHits: 1, page: 0, nbPages: 1, hitsPerPage: 20, queryID: 'q-123', processingTimeMS: 1, query: 'unlock', params: '' }] }));
  });
  await new Promise<void>((done) => host.server.listen(0, '127.0.0.1', done));
  host.port = (host.server.address() as AddressInfo).port;
  return host;
}

let hosts: FakeHost[] = [];

function settings(overrides: Partial<AlgoliaSettings> = {}, ports = hosts.map((h) => h.port)): AlgoliaSettings {
  return {
    appId: 'TESTAPP',
    apiKey: 'search-only-key',
    indexName: 'ordo',
    contextualSearch: true,
    searchParameters: {},
    insights: false,
    hosts: ports.map((port) => ({ url: '127.0.0.1', port, protocol: 'http', accept: 'readWrite' as const })),
    ...overrides,
  };
}

/** A fresh in-memory host-state cache per provider, so tests do not share "host down" marks. */
function provider(s: AlgoliaSettings) {
  return createAlgoliaProvider(s, { locale: 'en', version: 'current' });
}

beforeAll(async () => {
  hosts = await Promise.all([fakeHost('ok'), fakeHost('ok')]);
});
afterEach(() => {
  for (const h of hosts) {
    h.seen.length = 0;
    h.mode = 'ok';
  }
  vi.restoreAllMocks();
});
afterAll(async () => {
  await Promise.all(hosts.map((h) => new Promise((done) => h.server.close(done))));
});

describe('the modal request', () => {
  it('is one POST /1/indexes/*/queries with the spec body and the keys in the query string', async () => {
    const answer = await provider(settings()).search({ query: 'unlock a record', hitsPerPage: 20, snippetWords: 10 });
    expect(hosts[0]!.seen).toHaveLength(1);
    const [request] = hosts[0]!.seen;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/1/indexes/*/queries');
    expect(request!.params.get('x-algolia-application-id')).toBe('TESTAPP');
    expect(request!.params.get('x-algolia-api-key')).toBe('search-only-key');
    expect(request!.params.get('x-algolia-agent')).toMatch(/Algolia for JavaScript/);
    expect(request!.body).toEqual({
      requests: [
        {
          query: 'unlock a record',
          indexName: 'ordo',
          attributesToRetrieve: ['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6', 'content', 'type', 'url'],
          attributesToSnippet: ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'hierarchy.lvl3:10', 'hierarchy.lvl4:10', 'hierarchy.lvl5:10', 'hierarchy.lvl6:10', 'content:10'],
          snippetEllipsisText: '…',
          highlightPreTag: '<mark>',
          highlightPostTag: '</mark>',
          hitsPerPage: 20,
          clickAnalytics: false,
          facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
        },
      ],
    });
    // The answer is read from results[0]: hits, nbHits and queryID; URLs become site-relative.
    expect(answer.nbHits).toBe(1);
    expect(answer.queryID).toBe('q-123');
    expect(answer.hits[0]!.url).toBe('/support/user-docs/records/locking#unlock-a-record');
    expect(answer.hits[0]!.hierarchy.lvl2).toBe('Unlock a record');
  });

  it('snippets 5 words on small screens and asks for click analytics when insights is on', async () => {
    await provider(settings({ insights: true })).search({ query: 'lock', hitsPerPage: 20, snippetWords: 5 });
    const body = hosts[0]!.seen[0]!.body as { requests: Record<string, unknown>[] };
    expect(body.requests[0]!.attributesToSnippet).toEqual(['hierarchy.lvl1:5', 'hierarchy.lvl2:5', 'hierarchy.lvl3:5', 'hierarchy.lvl4:5', 'hierarchy.lvl5:5', 'hierarchy.lvl6:5', 'content:5']);
    expect(body.requests[0]!.clickAnalytics).toBe(true);
  });

  it('adds configured searchParameters, appending their facetFilters to the contextual ones', async () => {
    await provider(settings({ searchParameters: { facetFilters: 'type:content', distinct: 1 } })).search({ query: 'lock', hitsPerPage: 20, snippetWords: 10 });
    const request = (hosts[0]!.seen[0]!.body as { requests: Record<string, unknown>[] }).requests[0]!;
    expect(request.distinct).toBe(1);
    expect(request.facetFilters).toEqual(['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'], 'type:content']);
  });

  it('sends no contextual filters when contextualSearch is off', () => {
    const request = algoliaSearchRequest(settings({ contextualSearch: false }), { query: 'x', snippetWords: 10, locale: 'en', version: 'current' });
    expect(request.facetFilters).toBeUndefined();
    expect(contextualFacetFilters('en', 'current')).toEqual(['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']]);
  });

  it('uses the spec timeouts: connect 1 s, read 2 s, write 30 s', () => {
    const client = createAlgoliaClient(settings());
    expect(TIMEOUTS).toEqual({ connect: 1000, read: 2000, write: 30000 });
    expect(client.transporter.timeouts).toEqual({ connect: 1000, read: 2000, write: 30000 });
  });
});

describe('hosts', () => {
  it('retries the same request on the next host when one fails', async () => {
    hosts[0]!.mode = 'error';
    const answer = await provider(settings()).search({ query: 'lock', hitsPerPage: 20, snippetWords: 10 });
    expect(answer.nbHits).toBe(1);
    expect(hosts[0]!.seen).toHaveLength(1);
    expect(hosts[1]!.seen).toHaveLength(1);
    expect(hosts[1]!.seen[0]!.body).toEqual(hosts[0]!.seen[0]!.body);
  });

  it('also fails over when a host drops the connection', async () => {
    hosts[0]!.mode = 'drop';
    const answer = await provider(settings()).search({ query: 'lock', hitsPerPage: 20, snippetWords: 10 });
    expect(answer.nbHits).toBe(1);
    expect(hosts[1]!.seen).toHaveLength(1);
  });

  it('skips a host marked down and tries it again after 120 s', async () => {
    const p = provider(settings());
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    hosts[0]!.mode = 'error';
    await p.search({ query: 'one', hitsPerPage: 20, snippetWords: 10 });
    hosts[0]!.mode = 'ok';
    await p.search({ query: 'two', hitsPerPage: 20, snippetWords: 10 });
    expect(hosts[0]!.seen).toHaveLength(1); // still marked down: not asked
    clock.mockReturnValue(now + 119_000);
    await p.search({ query: 'three', hitsPerPage: 20, snippetWords: 10 });
    expect(hosts[0]!.seen).toHaveLength(1);
    clock.mockReturnValue(now + 121_000);
    await p.search({ query: 'four', hitsPerPage: 20, snippetWords: 10 });
    expect(hosts[0]!.seen).toHaveLength(2); // the mark expired: first host again
    expect((hosts[0]!.seen[1]!.body as { requests: { query: string }[] }).requests[0]!.query).toBe('four');
  });

  it('rejects with RetryError (the error screen) when every host fails', async () => {
    hosts[0]!.mode = 'error';
    hosts[1]!.mode = 'drop';
    const error = await provider(settings()).search({ query: 'lock', hitsPerPage: 20, snippetWords: 10 }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('RetryError');
    expect(hosts[0]!.seen).toHaveLength(1);
    expect(hosts[1]!.seen).toHaveLength(1);
  });
});

describe('the search page request', () => {
  it('asks for a page and the lvl0 facet, and filters by section', async () => {
    hosts[0]!.seen.length = 0;
    await provider(settings()).search({ query: 'lock', hitsPerPage: 20, page: 2, section: 'User docs', snippetWords: 10 });
    const request = (hosts[0]!.seen[0]!.body as { requests: Record<string, unknown>[] }).requests[0]!;
    expect(request.page).toBe(2);
    expect(request.facets).toEqual(['hierarchy.lvl0']);
    expect(request.facetFilters).toEqual(['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'], 'hierarchy.lvl0:User docs']);
  });
});
