// The scan's cache (./scan-cache.ts): a page is taken from it while its file keeps its stamp and
// that stamp is proof enough, and its text is read from the file only when asked for. That a
// whole warm build reads only the changed pages is test/build/cache-scan.test.ts's.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanContent, type ScanOptions } from './scan.ts';
import { ScanCache, type StoredScan } from './scan-cache.ts';
import { isRacy, statStamp, type FileStamp } from './file-stamp.ts';
import { isHelpgenError } from '../diagnostics/errors.ts';

const siteDir = mkdtempSync(join(tmpdir(), 'helpgen-scan-cache-'));
mkdirSync(join(siteDir, 'content', 'guides'), { recursive: true });
const page = (n: number) => join(siteDir, 'content', 'guides', `page-${n}.md`);
for (let n = 0; n < 5; n++) writeFileSync(page(n), `---\ntitle: Page ${n}\n---\n\nText ${n} for {{product}}.\n`);
afterAll(() => rmSync(siteDir, { recursive: true, force: true }));

const options = (cache: ScanCache): ScanOptions => ({ siteDir, baseUrl: '/support/', exclude: [], placeholders: { product: 'Ordo' }, report: () => undefined, cache });

/**
 * The build cache's scan as if it had been recorded `after` nanoseconds after each page's last
 * change, with each page's stamp as `stampOf` says: what a production build loads.
 */
function recorded(stored: StoredScan, after: bigint, stampOf: (relPath: string, stamp: FileStamp) => FileStamp = (_, stamp) => stamp): StoredScan {
  return {
    ...stored,
    files: stored.files.map(([relPath, file]) => {
      const stamp = stampOf(relPath, file.stamp);
      return [relPath, { ...file, stamp, readAt: stamp.ctimeNs + after }];
    }),
  };
}

/** A new process's cache, loaded from what `cache` would store. */
function loaded(stored: StoredScan): ScanCache {
  const cache = new ScanCache();
  cache.import(stored);
  return cache;
}

describe("the scan's cache", () => {
  it('reads no page whose file kept its stamp, and reads the text of one only when asked, placeholders filled in', async () => {
    const first = new ScanCache();
    await scanContent(options(first));
    expect(first.read).toBe(5);
    const cache = loaded(recorded(first.export(), 10_000_000_000n));
    const source = await scanContent(options(cache));
    expect(cache.read).toBe(0);
    const doc = source.docs.find((d) => d.relPath === 'guides/page-3.md')!;
    expect(doc.title).toBe('Page 3');
    expect(Object.getOwnPropertyDescriptor(doc, 'source')?.get).toBeTypeOf('function');
    expect(doc.source).toBe('---\ntitle: Page 3\n---\n\nText 3 for Ordo.\n');
  });

  // Git's "racy clean" entries: a save within the same tick of the file system's clock as the
  // one before it keeps the stamp (same size, same times). Simulated here by recording the
  // page's stamp after such a save, as the cache would have: its last change 50 ms before
  // the scan that read it.
  it('reads a page again whose stamp is the same but was recorded too soon after the page changed', async () => {
    const first = new ScanCache();
    await scanContent(options(first));
    const stored = first.export();
    writeFileSync(page(1), readFileSync(page(1), 'utf8').replace('Page 1', 'Leaf 1'));
    const sameStamp = (relPath: string, stamp: FileStamp) => (relPath === 'guides/page-1.md' ? statStamp(page(1))! : stamp);

    const racy = loaded(recorded(stored, 50_000_000n, sameStamp));
    const seen = await scanContent(options(racy));
    expect(seen.docs.find((d) => d.relPath === 'guides/page-1.md')!.title).toBe('Leaf 1');
    // Every page was recorded 50 ms after its last change: all of them are read again.
    expect(racy.read).toBe(5);

    // The same stamp recorded long after the change is trusted: what the racy rule prevents.
    const trusted = loaded(recorded(stored, 10_000_000_000n, sameStamp));
    const stale = await scanContent(options(trusted));
    expect(trusted.read).toBe(0);
    expect(stale.docs.find((d) => d.relPath === 'guides/page-1.md')!.title).toBe('Page 1');
  });

  it('fails, naming the file, when a page it did not read changed before a later stage reads its text', async () => {
    const first = new ScanCache();
    await scanContent(options(first));
    const cache = loaded(recorded(first.export(), 10_000_000_000n));
    const source = await scanContent(options(cache));
    writeFileSync(page(4), `---\ntitle: Page 4\n---\n\nSaved again during the build.\n`);
    const doc = source.docs.find((d) => d.relPath === 'guides/page-4.md')!;
    let error: unknown;
    try {
      void doc.source;
    } catch (thrown) {
      error = thrown;
    }
    expect(isHelpgenError(error)).toBe(true);
    expect((error as Error).message).toBe('content/guides/page-4.md changed while the site was being built: its text is no longer what it was when the build started');
  });

  it('takes a stamp as proof only once it is safely older than the scan that read it', () => {
    const second = 1_000_000_000n;
    const at = 1_700_000_000_123_456_789n;
    const fine: FileStamp = { size: 10n, mtimeNs: at, ctimeNs: at, ino: 7n };
    expect(isRacy(fine, at + 50_000_000n)).toBe(true);
    expect(isRacy(fine, at + 200_000_000n)).toBe(false);
    // The change time counts too (utimes puts the modification time back, not the change time).
    expect(isRacy({ ...fine, mtimeNs: at - 60n * second }, at + 50_000_000n)).toBe(true);
    // Times in whole seconds may come from a file system that keeps no finer ones (FAT: two seconds).
    const coarse: FileStamp = { ...fine, mtimeNs: 1_700_000_000n * second, ctimeNs: 1_700_000_000n * second };
    expect(isRacy(coarse, coarse.mtimeNs + second)).toBe(true);
    expect(isRacy(coarse, coarse.mtimeNs + 3n * second)).toBe(false);
  });

  it('keys each page by its inode too: a file replaced by another with the same size and times is read', async () => {
    const first = new ScanCache();
    await scanContent(options(first));
    const path = page(2);
    const before = statSync(path, { bigint: true });
    const replaced = (relPath: string, stamp: FileStamp) => (relPath === 'guides/page-2.md' ? { ...stamp, ino: before.ino + 1n } : stamp);
    const cache = loaded(recorded(first.export(), 10_000_000_000n, replaced));
    await scanContent(options(cache));
    expect(cache.read).toBe(1);
  });
});
