import { describe, expect, it } from 'vitest';
import { MadeOnce } from './made-once.ts';

function counting(sizes: Record<string, number> = {}) {
  const made: string[] = [];
  const once = new MadeOnce((key) => {
    made.push(key);
    return Buffer.alloc(sizes[key] ?? 4, key);
  }, 8);
  return { once, made };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('MadeOnce', () => {
  it('makes a value once for its two callers; the one that does not lead keeps no more than it may', async () => {
    const { once, made } = counting({ big: 10 });
    const first = once.take('a');
    expect(await once.lead('a')).toBe(first); // the one kept
    once.take('big'); // too big to keep: the leader makes it again
    await once.lead('big');
    once.take('b');
    once.take('c'); // 'b' and 'c' fill what may be kept
    once.take('d'); // over it: not kept
    for (const key of ['b', 'c', 'd']) await once.lead(key);
    once.take('a'); // a third time: made again, and not kept
    expect(made).toEqual(['a', 'big', 'big', 'b', 'c', 'd', 'd', 'a']);
  });

  it('holds the leader back until the other caller has taken half of what it kept', async () => {
    const { once, made } = counting();
    const keys = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6'];
    const led: string[] = [];
    const leading = (async () => {
      for (const key of keys) {
        led.push(key);
        await once.lead(key);
      }
    })();
    await turn();
    // k1 and k2 fill the 8 bytes; with k3 kept it is over them, and waits.
    expect(led).toEqual(['k1', 'k2', 'k3']);
    once.take('k1');
    await turn();
    expect(led).toEqual(['k1', 'k2', 'k3']); // 8 bytes kept: over half the limit still
    once.take('k2');
    await turn();
    expect(led).toEqual(['k1', 'k2', 'k3', 'k4', 'k5']); // 4 bytes: on to k5, over the limit again
    for (const key of keys.slice(2)) once.take(key);
    await leading;
    expect(led).toEqual(keys);
    expect(made).toEqual(keys); // each made once
  });

  it('never waits for values the other caller kept', async () => {
    const { once } = counting();
    once.take('x');
    once.take('y'); // the other caller is ahead: 8 bytes kept by it
    // The leader makes 'z' beside them; what it kept itself (4 bytes) leaves it room.
    await once.lead('z');
    expect(await once.lead('x')).toEqual(Buffer.alloc(4, 'x'));
  });
});
