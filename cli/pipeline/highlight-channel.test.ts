// The channel over which an extra render worker has the markdown worker highlight its code
// blocks. Both ends run in this thread here: a MessageChannel delivers between them the same way.
import { afterEach, describe, expect, it } from 'vitest';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { highlightOverPort, serveHighlights } from './highlight-channel.ts';
import type { CodeRequest } from '../markdown/highlight/shiki.ts';

const block = (code: string): CodeRequest => ({ code, lang: 'bash', highlight: [], showLineNumbers: false });

/** A highlighter whose answers are given by hand, in any order. */
function heldHighlighter() {
  const held = new Map<string, (html: string) => void>();
  const asked: string[] = [];
  const highlight = (request: CodeRequest) =>
    new Promise<string>((resolve) => {
      asked.push(request.code);
      held.set(request.code, resolve);
    });
  return { highlight, asked, answer: (code: string) => held.get(code)!(`<pre>${code}</pre>`) };
}

const ports: MessagePort[] = [];
function channel() {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  return { serving: port1, asking: port2 };
}
afterEach(() => {
  for (const port of ports.splice(0)) port.close();
});

describe('highlighting over a channel', () => {
  it('answers each block with its own HTML, whatever order the answers come in', async () => {
    const { serving, asking } = channel();
    const remote = heldHighlighter();
    serveHighlights(serving, remote.highlight);
    const here = highlightOverPort(asking, () => Promise.reject(new Error('the fallback was used')));
    const first = here.highlight(block('echo one'));
    const second = here.highlight(block('echo two'));
    await expect.poll(() => remote.asked).toEqual(['echo one', 'echo two']);
    remote.answer('echo two');
    remote.answer('echo one');
    expect(await Promise.all([first, second])).toEqual(['<pre>echo one</pre>', '<pre>echo two</pre>']);
  });

  it("passes on the serving thread's error for that block alone", async () => {
    const { serving, asking } = channel();
    serveHighlights(serving, async (request) => {
      if (request.code === 'bad') throw new Error('grammar failed on line 1');
      return `<pre>${request.code}</pre>`;
    });
    const here = highlightOverPort(asking, () => Promise.reject(new Error('the fallback was used')));
    await expect(here.highlight(block('bad'))).rejects.toThrow('grammar failed on line 1');
    expect(await here.highlight(block('good'))).toBe('<pre>good</pre>');
  });

  it('highlights in the calling thread the blocks still unanswered, and every later one, once the serving end is gone', async () => {
    const { serving, asking } = channel();
    const remote = heldHighlighter();
    serveHighlights(serving, remote.highlight);
    const inThisThread: string[] = [];
    const here = highlightOverPort(asking, async (request) => {
      inThisThread.push(request.code);
      return `<pre class="here">${request.code}</pre>`;
    });
    const unanswered = here.highlight(block('echo lost'));
    await expect.poll(() => remote.asked).toEqual(['echo lost']);
    serving.close(); // as when the markdown worker dies: its end of the channel closes
    expect(await unanswered).toBe('<pre class="here">echo lost</pre>');
    expect(await here.highlight(block('echo after'))).toBe('<pre class="here">echo after</pre>');
    expect(inThisThread).toEqual(['echo lost', 'echo after']);
    expect(remote.asked).toEqual(['echo lost']);
  });
});
