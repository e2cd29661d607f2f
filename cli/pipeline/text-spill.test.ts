import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spillOf, TextSpill } from './text-spill.ts';

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
    expect(Object.getOwnPropertyDescriptor(holder, 'source')?.value).toBe('');
  });

  it('leaves no file behind in its folder (POSIX: the file is unlinked once open)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpgen-spill-'));
    const spill = TextSpill.open(dir)!;
    spill.move({ html: 'text' }, 'html');
    if (process.platform !== 'win32') expect(readdirSync(dir)).toEqual([]);
  });
});
