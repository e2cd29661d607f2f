// The worker pool through real worker threads: a small worker entry that uses serveTasks is
// bundled with esbuild, as the launcher bundles the real ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { bundleForNode } from '../../cli/node-bundle.ts';
import { WorkerPool } from '../../cli/pipeline/worker-pool.ts';
import { MarkdownWorker } from '../../cli/pipeline/render-pool.ts';
import type { WorkerTask } from '../../cli/pipeline/page-transfer.ts';
import { RenderOnWorkers } from '../../cli/pipeline/runtime/markdown-share.ts';
import type { SourceDoc } from '../../cli/source/scan.ts';
import { HANG_MS } from '../helpers/patience.ts';

const dir = mkdtempSync(join(tmpdir(), 'helpgen-pool-'));
const pool = join(import.meta.dirname, '..', '..', 'cli', 'pipeline', 'worker-pool.ts');
let script = '';

/** Bundles `source` (which may import the pool as "POOL") into dir/name.mjs. */
async function bundle(name: string, source: string): Promise<string> {
  const entry = join(dir, `${name}.ts`);
  writeFileSync(entry, source.replaceAll('POOL', JSON.stringify(pool)));
  const out = join(dir, `${name}.mjs`);
  writeFileSync(out, (await bundleForNode(entry)).code);
  return out;
}

beforeAll(async () => {
  // Doubles a number; "throw" fails the task, "exit" ends the worker, "hold" is never answered
  // (the worker keeps it until the pool gives up on it), "slow" answers after 300 ms.
  script = await bundle(
    'doubler',
    `import { serveTasks } from POOL;
     serveTasks(async (task: number | string) => {
       if (task === 'throw') throw new Error('cannot double that');
       if (task === 'exit') process.exit(3);
       if (task === 'hold') return new Promise(() => {});
       if (task === 'slow') return new Promise((resolve) => setTimeout(() => resolve('slow done'), 300));
       return (task as number) * 2;
     });`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('WorkerPool', () => {
  it('answers every task on the workers, with more tasks than workers', async () => {
    const workers = new WorkerPool<number, number>(script, { size: 2, perWorker: 1 });
    const inThread: number[] = [];
    const tasks = Array.from({ length: 20 }, (_, i) => i);
    const fallback = (m: number) => {
      inThread.push(m);
      return -1;
    };
    const results = await Promise.all(tasks.map((n) => workers.run(n, fallback)));
    await workers.close();
    expect(results).toEqual(tasks.map((n) => n * 2));
    expect(inThread).toEqual([]);
  });

  it("passes on a task's error, and goes on", async () => {
    const workers = new WorkerPool<number | string, number>(script);
    await expect(workers.run('throw', () => -1)).rejects.toThrow('cannot double that');
    expect(await workers.run(4, () => -1)).toBe(8);
    expect(workers.alive).toBe(true);
    await workers.close();
  });

  it('hands the tasks of a worker that died, and every later one, to the fallback', async () => {
    const workers = new WorkerPool<number | string, number | string>(script, { size: 2, perWorker: 1 });
    const fallback = (task: number | string) => `in thread: ${task}`;
    // One worker dies, the other holds its task until the pool gives up on it, and 5 waits for a
    // free worker meanwhile: only the death can end this, however slow the machine is.
    const results = await Promise.all([workers.run('exit', fallback), workers.run('hold', fallback), workers.run(5, fallback)]);
    expect(results).toEqual(['in thread: exit', 'in thread: hold', 'in thread: 5']);
    expect(workers.alive).toBe(false);
    expect(await workers.run(6, fallback)).toBe('in thread: 6');
    await workers.close();
  });

  it('moves the buffers of a Transferring answer instead of copying them', async () => {
    // The worker answers with the bytes of a text, and then says whether its own view of them
    // is empty: a buffer moved to another thread is detached in the one that sent it.
    const mover = await bundle(
      'mover',
      `import { serveTasks, Transferring } from POOL;
       let sent: Uint8Array | undefined;
       serveTasks((task: string) => {
         if (task === 'was it moved?') return sent!.byteLength === 0;
         sent = new TextEncoder().encode(task);
         return new Transferring({ bytes: sent }, [sent.buffer]);
       });`,
    );
    const workers = new WorkerPool<string, { bytes: Uint8Array } | boolean>(mover);
    const answer = (await workers.run('héllo wörld', () => false)) as { bytes: Uint8Array };
    expect(new TextDecoder().decode(answer.bytes)).toBe('héllo wörld');
    expect(await workers.run('was it moved?', () => false)).toBe(true);
    await workers.close();
  });

  it('keeps the process alive while a worker has work, and lets it exit once the workers are idle', async () => {
    // Never closes its pool: the process must still end by itself, after printing the answer.
    // The 300 ms are not raced against anything: they only make the worker's work outlast the
    // main thread's, so an unreferenced worker would let the process exit without the answer.
    const main = await bundle(
      'main',
      `import { WorkerPool } from POOL;
       const workers = new WorkerPool(${JSON.stringify(script)});
       workers.run('slow', () => 'fallback').then((answer) => console.log(answer));`,
    );
    const run = spawnSync(process.execPath, [main], { encoding: 'utf8', timeout: HANG_MS });
    expect(run.signal, 'the idle worker kept the process alive').toBeNull();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('slow done');
  });
});

describe('WorkerPool of the build: markdown and render workers', () => {
  it('leaves the pages and code blocks of a markdown worker that died to the main thread', async () => {
    const crashing = join(dir, 'crashing.mjs');
    writeFileSync(crashing, 'process.exit(1);\n');
    const page = (n: number): WorkerTask => ({ relPath: `p${n}.md`, displayPath: `p${n}.md`, route: `/p${n}`, source: '# Page', search: { href: `/p${n}`, title: 'Page', section: '', hasExplicitTitle: false } });
    const worker = new MarkdownWorker(crashing);
    worker.setup({ settings: { baseUrl: '/', contentDir: dir, tocMinLevel: 2, tocMaxLevel: 3, onBrokenMarkdownLinks: 'warn', scriptAttachments: [] }, routes: [] });
    const results = await worker.render(Array.from({ length: 40 }, (_, n) => page(n)));
    expect(results).toEqual([]); // none rendered there: the markdown stage renders them itself
    const block = await worker.highlight({ code: 'x', lang: 'text', highlight: [], showLineNumbers: false }, async (request) => `in thread: ${request.code}`);
    expect(block).toBe('in thread: x');
    expect(worker.alive).toBe(false);
    await worker.close();
  });

  it('hands every page to the render workers in batches, and each page back to the caller', async () => {
    // A stand-in markdown worker whose "HTML" is the page's source and its worker's name.
    const echo = await bundle(
      'echo',
      `import { serveTasks } from POOL;
       import { threadId } from 'node:worker_threads';
       serveTasks((task: any) => task.kind === 'render' ? task.pages.map((p: any) => ({ relPath: p.relPath, html: p.source + '@' + threadId, diagnostics: [], assets: [], missing: [], routes: [] })) : undefined);`,
    );
    const workers = [new MarkdownWorker(echo), new MarkdownWorker(echo)];
    const docs = Array.from({ length: 100 }, (_, n) => ({ relPath: `p${n}.md`, source: `page ${n}` }) as SourceDoc);
    const pages = new RenderOnWorkers(docs, workers, (doc) => ({ relPath: doc.relPath, displayPath: doc.relPath, route: '/', source: doc.source, search: { href: '/', title: '', section: '', hasExplicitTitle: false } }));
    const html = await Promise.all(docs.map(async (doc) => (await pages.take(doc))?.html));
    expect(html.map((h) => h?.split('@')[0])).toEqual(docs.map((doc) => doc.source));
    expect(new Set(html.map((h) => h?.split('@')[1])).size).toBe(2); // both workers rendered some
    await Promise.all(workers.map((worker) => worker.close()));
  });

  it('leaves every page to the main thread when the render workers died', async () => {
    const crashing = join(dir, 'crashing.mjs');
    writeFileSync(crashing, 'process.exit(1);\n');
    const workers = [new MarkdownWorker(crashing), new MarkdownWorker(crashing)];
    const docs = Array.from({ length: 60 }, (_, n) => ({ relPath: `p${n}.md`, source: `page ${n}` }) as SourceDoc);
    const pages = new RenderOnWorkers(docs, workers, (doc) => ({ relPath: doc.relPath, displayPath: doc.relPath, route: '/', source: doc.source, search: { href: '/', title: '', section: '', hasExplicitTitle: false } }));
    expect(await Promise.all(docs.map((doc) => pages.take(doc)))).toEqual(docs.map(() => undefined));
  });
});
