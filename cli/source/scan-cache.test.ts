// The scan's cache (./scan-cache.ts): a page is taken from it while its file keeps its stamp and
// that stamp is proof enough, and its text is read from the file only when asked for. That a
// whole warm build reads only the changed pages is test/build/cache-scan.test.ts's.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanContent, type ScanOptions } from './scan.ts';
import { ScanCache } from './scan-cache.ts';
import { clockNs, isRacy, stampKey, statStamp, type FileStamp } from './file-stamp.ts';
import { isHelpgenError } from '../diagnostics/errors.ts';

const siteDir = mkdtempSync(join(tmpdir(), 'helpgen-scan-cache-'));
mkdirSync(join(siteDir, 'content', 'guides'), { recursive: true });
const page = (n: number) => join(siteDir, 'content', 'guides', `page-${n}.md`);
for (let n = 0; n < 5; n++) writeFileSync(page(n), `---\ntitle: Page ${n}\n---\n\nText ${n} for {{product}}.\n`);
afterAll(() => rmSync(siteDir, { recursive: true, force: true }));

const options = (cache: ScanCache): ScanOptions => ({ siteDir, baseUrl: '/support/', exclude: [], placeholders: { product: 'Ordo' }, report: () => undefined, cache });

/** A clock 10 s ahead: every page was saved long before the scan (its stamp is proof enough). */
const later = () => clockNs() + 10_000_000_000n;

/** A new process's cache, loaded from what `cache` stored, each page's stamp as `stampOf` says. */
function loaded(cache: ScanCache, stampOf: (relPath: string, stamp: string) => string = (_, stamp) => stamp): ScanCache {
  const { settings, pages } = cache.export();
  const stamped = (JSON.parse(Buffer.from(pages).toString()) as [string, string, ...unknown[]][]).map(([relPath, stamp, ...rest]) => [relPath, stampOf(relPath, stamp), ...rest]);
  const next = new ScanCache(later);
  next.import({ settings, pages: Buffer.from(JSON.stringify(stamped)) });
  return next;
}

/** The relPaths of the pages a cache would store. */
const stored = (cache: ScanCache) => (JSON.parse(Buffer.from(cache.export().pages).toString()) as [string][]).map(([relPath]) => relPath);

describe("the scan's cache", () => {
  it('reads no page whose file kept its stamp, and reads the text of one only when asked, placeholders filled in', async () => {
    const first = new ScanCache(later);
    await scanContent(options(first));
    expect(first.read).toBe(5);
    const cache = loaded(first);
    const source = await scanContent(options(cache));
    expect(cache.read).toBe(0);
    const doc = source.docs.find((d) => d.relPath === 'guides/page-3.md')!;
    expect(doc.title).toBe('Page 3');
    expect(Object.getOwnPropertyDescriptor(doc, 'source')?.get).toBeTypeOf('function');
    expect(doc.source).toBe('---\ntitle: Page 3\n---\n\nText 3 for Ordo.\n');
  });

  // Git's "racy clean" entries: a save within the same tick of the file system's clock as the
  // one before it keeps the stamp (same size, same times) although the text changed.
  it('does not keep a page saved too shortly before the scan that read it, whose stamp may hide a later save', async () => {
    writeFileSync(page(1), readFileSync(page(1), 'utf8').replace('Text', 'Body'));
    // The scan started 50 ms after that save.
    const soon = new ScanCache(() => statStamp(page(1))!.ctimeNs + 50_000_000n);
    await scanContent(options(soon));
    expect(stored(soon)).not.toContain('guides/page-1.md');

    // Kept when the scan started long after the save, its stamp is trusted: a second save in
    // the same tick (simulated: the stamp after it, recorded for the text before it) would go unseen.
    const long = new ScanCache(later);
    await scanContent(options(long));
    expect(stored(long)).toContain('guides/page-1.md');
    writeFileSync(page(1), readFileSync(page(1), 'utf8').replace('Page 1', 'Leaf 1'));
    const sameTick = loaded(long, (relPath, stamp) => (relPath === 'guides/page-1.md' ? stampKey(statStamp(page(1))!) : stamp));
    const stale = await scanContent(options(sameTick));
    expect(sameTick.read).toBe(0);
    expect(stale.docs.find((d) => d.relPath === 'guides/page-1.md')!.title).toBe('Page 1');
    // Which is why a page saved that close to the scan is read again by the next one.
    const next = new ScanCache(later);
    next.import(soon.export());
    expect((await scanContent(options(next))).docs.find((d) => d.relPath === 'guides/page-1.md')!.title).toBe('Leaf 1');
  });

  it('fails, naming the file, when a page it did not read changed before a later stage reads its text', async () => {
    const first = new ScanCache(later);
    await scanContent(options(first));
    const cache = loaded(first);
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

  it('keys each page by its inode too: a file replaced by another with the same size and times is looked at again', async () => {
    const first = new ScanCache(later);
    await scanContent(options(first));
    const ino = statSync(page(2), { bigint: true }).ino;
    const cache = loaded(first, (relPath, stamp) => (relPath === 'guides/page-2.md' ? stamp.replace(new RegExp(`:${ino}$`), `:${ino + 1n}`) : stamp));
    await scanContent(options(cache));
    // Its text is the same, so it is hashed, not read.
    expect([cache.read, cache.rehashed]).toEqual([0, 1]);
  });

  it('keeps no page whose front matter JSON would change (YAML .inf), and reads it every time', async () => {
    writeFileSync(page(0), '---\ntitle: Page 0\nweight: .inf\n---\n\nText 0.\n');
    const first = new ScanCache(later);
    await scanContent(options(first));
    expect(stored(first)).not.toContain('guides/page-0.md');
    expect(stored(first)).toHaveLength(4);
  });
});

// A fresh checkout (CI), a restored cache or `touch` gives every file a new stamp and the same text.
describe("the scan's cache, when stamps changed", () => {
  it('takes a page whose stamp changed but whose text did not, after hashing it, and keeps its new stamp', async () => {
    const first = new ScanCache(later);
    await scanContent(options(first));
    const cache = loaded(first, () => '1:2:3:4');
    const source = await scanContent(options(cache));
    // page-0 is read every time (its front matter does not survive JSON, above); the others are hashed.
    expect([cache.read, cache.rehashed]).toEqual([1, 4]);
    const doc = source.docs.find((d) => d.relPath === 'guides/page-3.md')!;
    expect(doc.title).toBe('Page 3');
    expect(doc.source).toBe('---\ntitle: Page 3\n---\n\nText 3 for Ordo.\n');
    // The next scan takes every page by its stamp again.
    const next = loaded(cache);
    await scanContent(options(next));
    expect([next.read, next.rehashed]).toEqual([1, 0]);
  });

  it('reads a page whose stamp and text changed, even when its size did not', async () => {
    const first = new ScanCache(later);
    await scanContent(options(first));
    writeFileSync(page(3), readFileSync(page(3), 'utf8').replace('Page 3', 'Leaf 3'));
    const cache = loaded(first);
    const source = await scanContent(options(cache));
    expect([cache.read, cache.rehashed]).toEqual([2, 0]);
    expect(source.docs.find((d) => d.relPath === 'guides/page-3.md')!.title).toBe('Leaf 3');
  });
});
