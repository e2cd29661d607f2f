import { describe, expect, it } from 'vitest';
import { packNumber } from '../../shared/search/index-format.ts';
import { PackedWriter } from './packed-writer.ts';

describe('the packed writer', () => {
  it('writes each number as packNumber does, one after the other, across buffer growth', () => {
    const values = [0, 1, 31, 32, 33, 1023, 1024, 1025, 32767, 32768, 2 ** 20, 2 ** 25 + 17, 2 ** 31 + 5, 2 ** 40 + 3];
    for (let n = 0; n < 70_000; n += 7) values.push(n);
    const writer = new PackedWriter();
    writer.text('3:');
    for (const value of values) writer.number(value);
    writer.text(';5:');
    expect(writer.take()).toBe(`3:${values.map(packNumber).join('')};5:`);
    // Taking empties it.
    writer.number(40);
    expect(writer.take()).toBe(packNumber(40));
  });
});
