import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanContent } from './scan.ts';
import { TextSpill } from '../pipeline/text-spill.ts';

const PAGES = 200;
const siteDir = mkdtempSync(join(tmpdir(), 'helpgen-scan-'));
mkdirSync(join(siteDir, 'content', 'guides'), { recursive: true });
for (let n = 0; n < PAGES; n++) writeFileSync(join(siteDir, 'content', 'guides', `page-${String(n).padStart(3, '0')}.md`), `---\ntitle: Page ${n}\n---\n\nText ${n}.\n`);
afterAll(() => rmSync(siteDir, { recursive: true, force: true }));

describe('the scan', () => {
  it('reads every page, in the listing order', async () => {
    const source = await scanContent({ siteDir, baseUrl: '/support/', exclude: [], report: () => undefined });
    expect(source.docs.map((doc) => doc.title)).toEqual(Array.from({ length: PAGES }, (_, n) => `Page ${n}`));
    expect(source.docs[7]!.source).toBe('---\ntitle: Page 7\n---\n\nText 7.\n');
  });

  // Pages are read synchronously, a slice at a time: `helpgen dev` must still see saves and
  // answer the browser during a long scan, so the event loop turns between slices.
  it('lets the event loop turn while it reads the pages', async () => {
    let pagesWhenListed = -1;
    let turnsWhileReading = 0;
    let reading = false;
    const turn = () => {
      if (!reading) return;
      turnsWhileReading++;
      setImmediate(turn);
    };
    const scanned = scanContent({
      siteDir,
      baseUrl: '/support/',
      exclude: [],
      report: () => undefined,
      onListed: (pages) => {
        pagesWhenListed = pages;
        reading = true;
        setImmediate(turn);
      },
    });
    const source = await scanned;
    reading = false;
    expect(pagesWhenListed).toBe(PAGES);
    expect(source.docs).toHaveLength(PAGES);
    expect(turnsWhileReading).toBeGreaterThan(1);
  });

  // A production build's pages stream through it (issue 38): each page's text leaves the heap
  // as soon as it is read, and reads back the same.
  it('hands each page text to the spill it is given, as soon as it is read', async () => {
    const spill = TextSpill.open(mkdtempSync(join(tmpdir(), 'helpgen-scan-spill-')))!;
    const source = await scanContent({ siteDir, baseUrl: '/support/', exclude: [], report: () => undefined, spill });
    for (const doc of source.docs) expect(Object.getOwnPropertyDescriptor(doc, 'source')?.get, doc.relPath).toBeTypeOf('function');
    expect(source.docs[7]!.source).toBe('---\ntitle: Page 7\n---\n\nText 7.\n');
  });
});
