import { describe, expect, it } from 'vitest';
import { IndexFeed, type FeedPage, type IndexFeedMessage, type IndexWorker } from './index-feed.ts';
import { packIndexFiles, type PackedIndexFiles, type WorkerIndexFiles } from './packed-files.ts';

/** Stands for the index worker: notes each message, and answers only when told (as a busy main thread would take the answers late). */
class HeldWorker implements IndexWorker {
  readonly messages: IndexFeedMessage[] = [];
  private readonly answers: ((result: PackedIndexFiles | undefined) => void)[] = [];
  private readonly failures: ((error: Error) => void)[] = [];
  private readonly answered = new Set<number>();

  run(task: IndexFeedMessage): Promise<PackedIndexFiles | undefined> {
    this.messages.push(task);
    return new Promise((resolve, reject) => {
      this.answers.push(resolve);
      this.failures.push(reject);
    });
  }

  closed = false;

  async close(): Promise<void> {
    this.closed = true;
  }

  /** The parts "finish" and each "more" answer, in turn (the last with the entry). */
  parts: PackedIndexFiles[] = [packIndexFiles([{ path: 'terms/a.1.json', json: '[]' }], '{}')];

  /** Answers the messages sent so far (the first `count`): the pages with nothing, "finish" and "more" with the next part; `failing`: that message fails instead. */
  answerAll(failing?: number, count = this.messages.length): void {
    this.messages.slice(0, count).forEach((message, i) => {
      if (this.answered.has(i)) return;
      this.answered.add(i);
      if (i === failing) this.failures[i]!(new Error('the worker could not index a page'));
      else this.answers[i]!(message.type === 'finish' || message.type === 'more' ? this.parts.shift() : undefined);
    });
  }

  get pagesSent(): number {
    return this.messages.reduce((sum, message) => sum + (message.type === 'pages' ? message.pages.length : 0), 0);
  }
}

function page(i: number, records: FeedPage['records']): FeedPage {
  return { href: `/support/p${i}`, title: `Page ${i}`, section: 'Guides', description: '', keywords: [], records };
}

const inFile = (i: number) => page(i, { path: `/cache/records/${i}.json`, hash: `${i}` });
const inline = (i: number) => page(i, [{ objectID: `/support/p${i}`, url: `/support/p${i}`, type: 'lvl1', hierarchy: { lvl0: 'Guides', lvl1: `Page ${i}` }, content: null }] as FeedPage['records']);

/** A feed given `pages`, then asked for the files, with the worker that stands behind it. */
function feeding(pages: FeedPage[], take: (files: WorkerIndexFiles['files']) => Promise<void> | void = () => undefined): { worker: HeldWorker; files: ReturnType<IndexFeed['filesFor']> } {
  const worker = new HeldWorker();
  const feed = new IndexFeed(worker);
  for (const p of pages) feed.add(p);
  return { worker, files: feed.filesFor(pages.map(({ records: _, ...fields }) => fields), take) };
}

describe('index feed', () => {
  it('sends pages whose records are in files in large messages, whatever the worker holds', () => {
    const worker = new HeldWorker();
    const feed = new IndexFeed(worker);
    const pages = Array.from({ length: 3000 }, (_, i) => inFile(i));
    for (const p of pages) feed.add(p);
    // Two full messages went without a single answer; the rest waits to fill one, or for the end.
    expect(worker.messages.map((message) => message.type === 'pages' && message.pages.length)).toEqual([1024, 1024]);
    feed.close();
    // Pages with their records inline still go eight to a message, two messages in flight.
    const held = new HeldWorker();
    const inlineFeed = new IndexFeed(held);
    for (let i = 0; i < 100; i++) inlineFeed.add(inline(i));
    expect(held.messages.map((message) => message.type === 'pages' && message.pages.length)).toEqual([8, 8]);
    inlineFeed.close();
  });

  it('asks for the files right behind the last page, before the pages are answered', async () => {
    const pages = [...Array.from({ length: 1500 }, (_, i) => inFile(i)), inline(1500), ...Array.from({ length: 10 }, (_, i) => inFile(1501 + i))];
    const taken: string[] = [];
    const { worker, files } = feeding(pages, (part) => void taken.push(...part.map((file) => file.path)));
    expect(worker.pagesSent).toBe(pages.length);
    expect(worker.messages.slice(-2)).toEqual([{ type: 'finish' }, { type: 'save' }]);
    worker.answerAll();
    expect(await files).toEqual({ indexJson: '{}', analysedPages: undefined });
    expect(taken).toEqual(['terms/a.1.json']);
  });

  it('stops the worker only once it answered "save", the memo saved after the files', async () => {
    const { worker, files } = feeding(Array.from({ length: 20 }, (_, i) => inFile(i)));
    const count = worker.messages.length;
    worker.answerAll(undefined, count - 1);
    await files;
    await new Promise((resolve) => setImmediate(resolve));
    expect(worker.closed).toBe(false);
    worker.answerAll();
    await new Promise((resolve) => setImmediate(resolve));
    expect(worker.closed).toBe(true);
  });

  it('takes the files part by part, asking for the next while one is written, and answers the entry of the last', async () => {
    const written: string[][] = [];
    let writing: (() => void) | undefined;
    const { worker, files } = feeding([inline(0)], (part) => {
      written.push(part.map((file) => new TextDecoder().decode(file.json)));
      return new Promise<void>((resolve) => (writing = resolve));
    });
    worker.parts = [packIndexFiles([{ path: 'terms/a.1.json', json: '"a"' }]), packIndexFiles([{ path: 'pages/b.0.json', json: '"b"' }]), packIndexFiles([{ path: 'words/c.json', json: '"c"' }], '{"entry":1}')];
    const next = () => new Promise((resolve) => setImmediate(resolve));
    worker.answerAll();
    await next();
    // The first part is being written, and the second asked for meanwhile, not the third.
    expect(written).toEqual([['"a"']]);
    expect(worker.messages.filter((message) => message.type === 'more')).toHaveLength(1);
    worker.answerAll();
    await next();
    expect(written).toEqual([['"a"']]);
    writing!();
    await next();
    expect(written).toEqual([['"a"'], ['"b"']]);
    expect(worker.messages.filter((message) => message.type === 'more')).toHaveLength(2);
    writing!();
    worker.answerAll();
    await next();
    writing!();
    expect(await files).toEqual({ indexJson: '{"entry":1}', analysedPages: undefined });
    expect(written).toEqual([['"a"'], ['"b"'], ['"c"']]);
  });

  it('gives no index when the worker fails half-way through the parts', async () => {
    const { worker, files } = feeding([inline(0)]);
    worker.parts = [packIndexFiles([{ path: 'terms/a.1.json', json: '"a"' }])];
    worker.answerAll();
    await new Promise((resolve) => setImmediate(resolve));
    worker.answerAll(worker.messages.length - 1);
    expect(await files).toBeUndefined();
  });

  it('gives no files when a page failed, though the worker finished', async () => {
    const { worker, files } = feeding(Array.from({ length: 20 }, (_, i) => inFile(i)));
    expect(worker.messages.map((message) => message.type)).toEqual(['pages', 'finish', 'save']);
    worker.answerAll(0);
    expect(await files).toBeUndefined();
  });
});
