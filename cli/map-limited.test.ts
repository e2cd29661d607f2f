import { describe, expect, it } from 'vitest';
import { mapLimited } from './map-limited.ts';

describe('mapLimited', () => {
  it('keeps the order of the list and never has more than `limit` calls under way', async () => {
    let running = 0;
    let most = 0;
    const items = Array.from({ length: 50 }, (_, i) => i);
    const result = await mapLimited(items, 4, async (n) => {
      running++;
      most = Math.max(most, running);
      // Later items finish first, so the order of the result is not the order of completion.
      await new Promise((resolve) => setTimeout(resolve, 50 - n));
      running--;
      return n * 2;
    });
    expect(result).toEqual(items.map((n) => n * 2));
    expect(most).toBe(4);
  });

  it('rejects with the first error', async () => {
    await expect(mapLimited([1, 2, 3], 2, async (n) => (n === 2 ? Promise.reject(new Error('two')) : n))).rejects.toThrow('two');
  });
});
