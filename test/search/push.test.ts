// `helpgen search push` against a local stand-in for Algolia's hosts: the admin key is read
// from ALGOLIA_ADMIN_KEY only, records go to a temporary index with the settings, and one move
// replaces the live index; progress is reported.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../cli/config/load.ts';
import { pushRecords, runSearchPush } from '../../cli/search/push.ts';
import { INDEX_SETTINGS } from '../../cli/search/algolia-index.ts';
import type { SearchRecord } from '../../shared/search/record.ts';
import { searchSite } from './helpers.ts';

interface Seen {
  method: string;
  path: string;
  key: string | undefined;
  body: Record<string, unknown> | undefined;
}

let server: Server;
let port: number;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      seen.push({ method: req.method!, path, key: req.headers['x-algolia-api-key'] as string | undefined, body: data ? JSON.parse(data) : undefined });
      res.setHeader('content-type', 'application/json');
      if (path.endsWith('/task/1') || /\/task\/\d+$/.test(path)) return res.end(JSON.stringify({ status: 'published' }));
      if (path === '/1/indexes/widget/operation') {
        res.statusCode = 404; // first push: no live index to copy synonyms and rules from
        return res.end(JSON.stringify({ message: 'Index does not exist', status: 404 }));
      }
      res.end(JSON.stringify({ taskID: 1, updatedAt: '2026-01-01T00:00:00Z', objectIDs: [] }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((done) => server.close(done)));

const record: SearchRecord = {
  objectID: '/support/guides/locking#unlock-a-record',
  type: 'lvl2',
  url: '/support/guides/locking#unlock-a-record',
  hierarchy: { lvl0: 'Guides', lvl1: 'Lock a record', lvl2: 'Unlock a record', lvl3: null, lvl4: null, lvl5: null, lvl6: null },
  content: null,
};

it('refuses to run without ALGOLIA_ADMIN_KEY', async () => {
  await expect(runSearchPush(searchSite, { env: {}, log: () => {} })).rejects.toThrow('ALGOLIA_ADMIN_KEY is not set');
});

it('uploads to a temporary index with settings, then moves it over the live one, with progress', async () => {
  const { config } = await loadConfig(searchSite);
  config.search.algolia = { appId: 'TESTAPP', apiKey: 'search-key', indexName: 'widget', contextualSearch: true, searchParameters: {}, insights: false, hosts: [{ url: '127.0.0.1', port, protocol: 'http', accept: 'readWrite' }] };
  const lines: string[] = [];
  await pushRecords(config, [record], 'admin-secret', (line) => lines.push(line));
  const writes = seen.filter((s) => s.method !== 'GET');
  expect(writes.map((s) => `${s.method} ${s.path}`)).toEqual([
    'POST /1/indexes/widget/operation',
    'PUT /1/indexes/widget_tmp_helpgen/settings',
    'POST /1/indexes/widget_tmp_helpgen/batch',
    'POST /1/indexes/widget_tmp_helpgen/operation',
  ]);
  expect(writes.every((s) => s.key === 'admin-secret')).toBe(true);
  expect(writes[1]!.body).toEqual(INDEX_SETTINGS);
  const batch = writes[2]!.body as { requests: { action: string; body: Record<string, unknown> }[] };
  expect(batch.requests).toHaveLength(1);
  expect(batch.requests[0]!.action).toBe('addObject');
  expect(batch.requests[0]!.body).toMatchObject({
    objectID: 'https://widget.test/support/guides/locking#unlock-a-record',
    url: 'https://widget.test/support/guides/locking#unlock-a-record',
    url_without_anchor: 'https://widget.test/support/guides/locking',
    anchor: 'unlock-a-record',
    language: 'en',
    docusaurus_tag: 'docs-default-current',
    hierarchy: record.hierarchy,
  });
  expect(writes[3]!.body).toEqual({ operation: 'move', destination: 'widget' });
  expect(lines.join('\n')).toMatch(/Uploading 1 records[\s\S]*settings[\s\S]*records 1\/1[\s\S]*now holds 1 records/);
});
