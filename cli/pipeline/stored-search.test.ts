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
    const sha1 = (text: string | Uint8Array) => createHash('sha1').update(text).digest('hex');
    expect(saved?.files).toEqual([
      [kept.path, sha1(contents)],
      [entry.path, sha1(entry.contents)],
    ]);
    expect(readFileSync(kept.copyFrom!, 'utf8')).toBe('{"postings":["0:1"]}');
    // The next build's result copies both from the store.
    const next = new SearchCache(dir).load(saved!);
    expect(next.result.files.map((file) => readFileSync(file.copyFrom!, 'utf8'))).toEqual(['{"postings":["0:1"]}', '{"format":8}']);
  });
});
