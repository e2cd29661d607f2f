// Record extraction: the DocSearch records a built page gives, and the files a build writes.
import { describe, expect, it } from 'vitest';
import { extractRecords } from '../../cli/search/records.ts';
import type { EntryFile } from '../../shared/search/index-format.ts';
import { IndexStore } from '../../client/search/engine/index-store.ts';
import { buildOnce, repoRoot } from '../helpers/site.ts';
import { join } from 'node:path';
import { readFileSync, readdirSync } from 'node:fs';
import { fileText } from './helpers.ts';

const page = {
  href: '/support/user-docs/records/locking',
  title: 'Lock a record',
  section: 'User docs',
  html: [
    '<p>Lock a record to <strong>freeze</strong> it.</p>',
    '<h2 id="unlock-a-record">Unlock a record<a class="hash-link" href="#unlock-a-record" aria-label="Direct link">#</a></h2>',
    '<ol><li><p>Open the record.</p></li><li>Select <strong>Unlock</strong>.<ul><li>Nested step</li></ul></li></ol>',
    '<div class="code-block language-bash"><pre><code>ordo unlock</code></pre><button class="copy-button">Copy</button></div>',
    '<h3 id="troubleshooting">Troubleshooting</h3>',
    '<div class="table-wrapper"><table><thead><tr><th>Action</th><th>Result</th></tr></thead><tbody><tr><td>Edit cells</td><td>Blocked</td></tr></tbody></table></div>',
    '<h2 id="limits">Limits</h2>',
    '<p>Text with &lt;b&gt;markup&lt;/b&gt; shown as text.</p>',
  ].join('\n'),
};

describe('extractRecords', () => {
  const records = extractRecords(page);

  it('gives a lvl1 record, one record per heading and content records under their heading', () => {
    expect(records.map((r) => [r.type, r.url, r.content])).toEqual([
      ['lvl1', '/support/user-docs/records/locking', null],
      ['content', '/support/user-docs/records/locking', 'Lock a record to freeze it.'],
      ['lvl2', '/support/user-docs/records/locking#unlock-a-record', null],
      ['content', '/support/user-docs/records/locking#unlock-a-record', 'Open the record.'],
      ['content', '/support/user-docs/records/locking#unlock-a-record', 'Select Unlock.'],
      ['content', '/support/user-docs/records/locking#unlock-a-record', 'Nested step'],
      ['lvl3', '/support/user-docs/records/locking#troubleshooting', null],
      ['content', '/support/user-docs/records/locking#troubleshooting', 'Edit cells: Blocked'],
      ['lvl2', '/support/user-docs/records/locking#limits', null],
      ['content', '/support/user-docs/records/locking#limits', 'Text with <b>markup</b> shown as text.'],
    ]);
  });

  it('fills the hierarchy: lvl0 the top section, lvl1 the title, lvl2+ the headings (without the # link)', () => {
    const trouble = records.find((r) => r.url.endsWith('#troubleshooting') && r.type === 'content')!;
    expect(trouble.hierarchy).toEqual({ lvl0: 'User docs', lvl1: 'Lock a record', lvl2: 'Unlock a record', lvl3: 'Troubleshooting', lvl4: null, lvl5: null, lvl6: null });
    // A new lvl2 clears the deeper levels.
    const limits = records.find((r) => r.url.endsWith('#limits'))!;
    expect(limits.hierarchy.lvl3).toBeNull();
    expect(limits.hierarchy.lvl2).toBe('Limits');
  });

  it('gives stable, unique objectIDs', () => {
    const ids = records.map((r) => r.objectID);
    expect(new Set(ids).size).toBe(ids.length);
    expect(extractRecords(page).map((r) => r.objectID)).toEqual(ids);
    expect(ids).toContain('/support/user-docs/records/locking#unlock-a-record~2');
  });

  it("keeps a link's text, never its address, and spaces an address that is the text from the words around it", () => {
    const html = '<p>Sign in to the portal<a href="https://portal.example.com">https://portal.example.com</a>every day, or ask <a href="https://help.example.com/x">the help desk</a>.</p><p>See <code>www.example.com</code>.</p>';
    const contents = extractRecords({ ...page, html }).map((r) => r.content);
    expect(contents).toContain('Sign in to the portal https://portal.example.com every day, or ask the help desk.');
    expect(contents).toContain('See www.example.com.');
  });

  it('leaves code blocks and copy buttons out', () => {
    expect(records.some((r) => /ordo unlock|Copy/.test(r.content ?? ''))).toBe(false);
  });
});

describe('a build', () => {
  it('keeps the records for search push (when asked) without writing them, writes an entry file of fixed name, and points the client at it', async () => {
    const result = await buildOnce(join(repoRoot, 'test/search/fixtures/search-site'), { searchRecords: true });
    const paths = result.files.map((f) => f.path);
    // No page fetches the records: they stay in memory, where `helpgen search push` takes them.
    expect(result.searchRecords?.length).toBeGreaterThan(0);
    expect(paths.filter((p) => p.startsWith('support/assets/search/records'))).toEqual([]);
    expect(readdirSync(join(result.outDir, 'support/assets/search')).filter((name) => name.startsWith('records'))).toEqual([]);
    // Every page names the entry file: a fixed name keeps an edit to one page from changing all of them.
    const index = paths.find((p) => p === 'support/assets/search/index.json')!;
    expect(index).toBeDefined();
    const html = readFileSync(join(result.outDir, 'support/index.html'), 'utf8'); // pages go to disk as they render
    expect(html).toContain(`"indexUrl":"/support/${index.slice('support/'.length)}"`);
    expect(html).toContain('"indexName":"widget-local"');
    // The files the entry names: its term shards under terms/, one file per page under pages/, their word dictionary under words/.
    const entry = JSON.parse(fileText(result, index)) as EntryFile;
    const named = new IndexStore(entry).paths();
    expect(paths.filter((p) => /^support\/assets\/search\/(terms|pages|words)\//.test(p)).sort()).toEqual(named.map((p) => `support/assets/search/${p}`).sort());
    expect(named.filter((p) => p.startsWith('terms/')).length).toBe(entry.shardSizes.length);
    expect(named.filter((p) => p.startsWith('pages/')).length).toBe(result.pages.filter((p) => p.kind === 'doc').length);
    expect(entry.documentCount).toBeGreaterThan(result.pages.filter((p) => p.kind === 'doc').length);
  });
});
