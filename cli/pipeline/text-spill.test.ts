import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { lazyText, readSpilled, spilledAt, spillOf, TextSpill, unmadeText } from './text-spill.ts';

describe('TextSpill', () => {
  it('moves texts out of objects and reads them back, byte for byte', () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpgen-spill-'));
    const spill = TextSpill.open(dir)!;
    const texts = ['<p>Héllo — “wörld” 😀</p>', 'x'.repeat(70_000), '', 'second'];
    const holders = texts.map((html) => ({ html, data: 1 }));
    for (const holder of holders) spill.move(holder, 'html');
    for (const [i, holder] of holders.entries()) expect(holder.html).toBe(texts[i]);
    // Empty texts stay as they are; the others are read from the file.
    expect(Object.getOwnPropertyDescriptor(holders[2]!, 'html')?.value).toBe('');
    expect(Object.getOwnPropertyDescriptor(holders[0]!, 'html')?.get).toBeTypeOf('function');
    expect(spillOf(holders[0]!)).toBe(spill);
    expect(JSON.parse(JSON.stringify(holders[1]))).toEqual({ html: texts[1], data: 1 });
    expect(structuredClone(holders[0])).toEqual({ html: texts[0], data: 1 });
  });

  it('reads the same text twice in a row once, and keeps a text assigned after in memory', () => {
    const spill = TextSpill.open(mkdtempSync(join(tmpdir(), 'helpgen-spill-')))!;
    const holder = { source: 'some markdown' };
    spill.move(holder, 'source');
    const before = spill.reads;
    expect(holder.source + holder.source).toBe('some markdownsome markdown');
    expect(spill.reads - before).toBe(1);
    holder.source = '';
    const afterAssigning = spill.reads;
    expect(holder.source).toBe('');
    expect(spill.reads).toBe(afterAssigning);
  });

  // Issue 38: a getter made per object turned every page's objects into dictionaries (~2.5 KB a
  // page of the main thread's heap with their closures); they now share one accessor and stay
  // fast objects of one hidden class.
  it('keeps the objects it holds texts of fast, sharing one getter and one hidden class', () => {
    setFlagsFromString('--allow-natives-syntax');
    const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
    const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
    const spill = TextSpill.open(mkdtempSync(join(tmpdir(), 'helpgen-spill-')))!;
    const holders = ['<p>one</p>', '<p>two</p>'].map((html, index) => spill.add({ data: { index }, facts: {} }, 'html', html));
    // Moved out of an object that had it, the text is read through the same shared getter.
    const moved = [{ html: '<p>three</p>' }, { html: '<p>four</p>' }];
    for (const holder of moved) spill.move(holder, 'html');
    expect(Object.getOwnPropertyDescriptor(moved[0], 'html')!.get).toBe(Object.getOwnPropertyDescriptor(holders[0], 'html')!.get);
    expect(moved.map((holder) => holder.html)).toEqual(['<p>three</p>', '<p>four</p>']);
    const lazy = [1, 2].map((n) => ({ route: `/page-${n}` }));
    for (const [n, holder] of lazy.entries()) lazyText(holder, 'html', { make: () => `<p>made ${n}</p>`, spill: () => spill });
    for (const group of [holders, lazy]) {
      const [a, b] = group as [object, object];
      expect(Object.getOwnPropertyDescriptor(a, 'html')!.get).toBe(Object.getOwnPropertyDescriptor(b, 'html')!.get);
      expect(hasFastProperties(a) && hasFastProperties(b)).toBe(true);
      expect(haveSameMap(a, b)).toBe(true);
    }
    expect(holders.map((holder) => holder.html)).toEqual(['<p>one</p>', '<p>two</p>']);
    // Made when first read, then read back from the spill.
    expect((lazy[1] as { html?: string }).html).toBe('<p>made 1</p>');
    const reads = spill.reads;
    expect((lazy[1] as { html?: string }).html).toBe('<p>made 1</p>');
    expect(spill.reads).toBe(reads + 1);
    expect(structuredClone(lazy[0])).toEqual({ route: '/page-1', html: '<p>made 0</p>' });
  });

  it('leaves no file behind in its folder (POSIX: the file is unlinked once open)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpgen-spill-'));
    const spill = TextSpill.open(dir)!;
    spill.move({ html: 'text' }, 'html');
    if (process.platform !== 'win32') expect(readdirSync(dir)).toEqual([]);
  });

  it('reads back every text as it was, across batches, longer than a batch, and in any script', () => {
    const spill = TextSpill.open(mkdtempSync(join(tmpdir(), 'helpgen-spill-')))!;
    // ~300 KB each (a batch is 1 MB), one of 2.5 MB, and characters of two, three and four bytes.
    const texts = Array.from({ length: 12 }, (_, i) => `<p>Seite ${i}: Größe, 記録, 🔒</p>`.repeat(i === 7 ? 60_000 : 7_000 + i));
    const holders = texts.map((html) => spill.add({}, 'html', html));
    // Backwards, so that each read seeks, and some texts are still in the batch when read.
    for (let i = texts.length - 1; i >= 0; i--) expect((holders[i] as { html: string }).html).toBe(texts[i]);
    for (const [i, holder] of holders.entries()) expect((holder as { html: string }).html).toBe(texts[i]);
  });
});

describe('texts in a spill, for other threads', () => {
  it('says where a spilled text is, written out, so another thread of the process reads it there', async () => {
    const spill = TextSpill.open(mkdtempSync(join(tmpdir(), 'helpgen-spill-')))!;
    const text = `<p>Ünïcode “body” 😀</p>${'y'.repeat(5000)}`;
    const holder = spill.add({ data: 1 }, 'html', text); // still in the batch, not written yet
    const ref = spilledAt(holder, 'html')!;
    expect(readSpilled(ref)).toBe(text);
    // A worker thread reads it through the same file descriptor.
    const worker = new Worker(
      `const { readSync } = require('node:fs'); const { parentPort, workerData: r } = require('node:worker_threads');
       const bytes = Buffer.alloc(r.length); readSync(r.fd, bytes, 0, r.length, r.offset); parentPort.postMessage(bytes.toString('utf8'));`,
      { eval: true, workerData: ref },
    );
    const fromWorker = await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
    expect(fromWorker).toBe(text);
    // Texts in memory have no place in the spill.
    expect(spilledAt({ html: 'in memory' }, 'html')).toBeUndefined();
  });

  it('gives the maker of a text no one has read yet, and none once it is made', () => {
    const spill = TextSpill.open(mkdtempSync(join(tmpdir(), 'helpgen-spill-')))!;
    const maker = { make: () => 'made', spill: () => spill };
    const holder = {};
    lazyText(holder, 'body', maker);
    expect(unmadeText(holder, 'body')).toBe(maker);
    expect((holder as { body: string }).body).toBe('made');
    expect(unmadeText(holder, 'body')).toBeUndefined();
    expect(spilledAt(holder, 'body')).toBeDefined(); // made, it went to its spill
    expect(unmadeText({ body: 'plain' }, 'body')).toBeUndefined();
  });
});
