import { afterEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SearchCache } from './stored-search.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const client = { provider: 'local' as const, maxResultsPerGroup: 5, searchPagePath: 'search', indexName: 'ordo-local' };

describe('SearchCache', () => {
  it('stores a search file as it is made, so the result it keeps holds no contents', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpgen-stored-search-'));
    made.push(dir);
    const cache = new SearchCache(dir);
    const contents = new TextEncoder().encode('{"postings":["0:1"]}');
    const kept = cache.keepFile({ path: 'support/assets/search/terms/a.1.json', contents });
    expect(kept.contents).toBeUndefined();
    const entry = { path: 'support/assets/search/index.json', contents: '{"format":8}' };
    const saved = cache.save({ siteKey: 'site', result: { client, files: [kept, entry] } });
    await cache.finish();
    const sha256 = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex');
    expect(saved?.files).toEqual([
      [kept.path, sha256(contents), contents.byteLength],
      [entry.path, sha256(entry.contents), 12],
    ]);
    expect(kept.holds).toEqual({ size: contents.byteLength, sha256: sha256(contents) });
    expect(readFileSync(kept.copyFrom!, 'utf8')).toBe('{"postings":["0:1"]}');
    // The next build's result copies both from the store.
    const next = new SearchCache(dir).load(saved!);
    expect(next.result.files.map((file) => readFileSync(file.copyFrom!, 'utf8'))).toEqual(['{"postings":["0:1"]}', '{"format":8}']);
    // Each with the size and hash an output that holds it already keeps it by, unread.
    expect(next.result.files.map((file) => file.holds)).toEqual([
      { size: contents.byteLength, sha256: sha256(contents) },
      { size: 12, sha256: sha256(entry.contents) },
    ]);
  });
});
