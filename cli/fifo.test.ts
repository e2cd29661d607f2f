import { describe, expect, it } from 'vitest';
import { Fifo } from './fifo.ts';

describe('Fifo', () => {
  it('gives items back in the order they came, across its compactions', () => {
    const queue = new Fifo<number>();
    const taken: number[] = [];
    let next = 0;
    // Pushes run ahead of shifts, so the queue grows past the size it compacts from, then drains.
    for (let round = 0; round < 5_000; round++) {
      queue.push(next++);
      queue.push(next++);
      taken.push(queue.shift()!);
    }
    expect(queue.length).toBe(5_000);
    while (queue.length > 0) taken.push(queue.shift()!);
    expect(taken).toEqual(Array.from({ length: 10_000 }, (_, i) => i));
    expect(queue.shift()).toBeUndefined();
  });

  it('drains what is left, oldest first, and starts empty again', () => {
    const queue = new Fifo<string>();
    for (const item of ['a', 'b', 'c']) queue.push(item);
    expect(queue.shift()).toBe('a');
    expect(queue.drain()).toEqual(['b', 'c']);
    expect(queue.length).toBe(0);
    queue.push('d');
    expect(queue.shift()).toBe('d');
  });

  it('keeps no item it gave back', () => {
    const queue = new Fifo<object>();
    for (let i = 0; i < 3_000; i++) queue.push({ i });
    for (let i = 0; i < 1_000; i++) queue.shift();
    // The taken slots are empty (or gone): only the 2,000 waiting items are held.
    const held = (queue as unknown as { items: unknown[] }).items.filter((item) => item !== undefined);
    expect(held).toHaveLength(2_000);
  });
});
