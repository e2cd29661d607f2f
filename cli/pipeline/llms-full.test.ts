// llms-full.txt assembled from the twins made in this build and ranges of the last one: the bytes
// must be exactly those of the twins joined in order, whatever moved, changed, came or went.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { llmsFullChunks, offsetsIn, type LlmsPart } from './llms-full.ts';
import { LLMS_FULL_SEPARATOR } from './markdown-twins.ts';

const dir = mkdtempSync(join(tmpdir(), 'helpgen-llms-full-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The last llms-full.txt of these twins (by key), and where each is in it. */
function lastFile(twins: [string, string][]): { file: string; at: ReturnType<typeof offsetsIn> } {
  const file = join(dir, `${twins.map(([key]) => key).join('')}.txt`);
  writeFileSync(file, twins.map(([, text]) => text).join(LLMS_FULL_SEPARATOR));
  return { file, at: offsetsIn(twins.map(([key, text]) => [key, Buffer.byteLength(text)])) };
}

async function assembled(parts: LlmsPart[], file: string | undefined): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of llmsFullChunks(parts, file)) chunks.push(chunk);
  return Buffer.concat(chunks).toString();
}

const made = (key: string, text: string): LlmsPart => ({ key, size: Buffer.byteLength(text), bytes: Buffer.from(text) });

describe('llms-full.txt from the last one', () => {
  const twins: [string, string][] = [
    ['a', '# A\n\nFirst page, ünïcode.\n'],
    ['b', '# B\n\nSecond.\n'],
    ['c', '# C\n\nThird.\n'],
    ['d', '# D\n\nFourth.\n'],
  ];
  const { file, at } = lastFile(twins);
  const copied = (key: string): LlmsPart => ({ key, ...at.get(key)! });

  it('copies unchanged twins and puts the changed ones between them', async () => {
    const parts = [copied('a'), made('b2', '# B\n\nSecond, edited.\n'), copied('c'), copied('d')];
    expect(await assembled(parts, file)).toBe([twins[0]![1], '# B\n\nSecond, edited.\n', twins[2]![1], twins[3]![1]].join(LLMS_FULL_SEPARATOR));
  });

  it('follows twins that moved, came or went, first and last included', async () => {
    const parts = [copied('d'), copied('b'), made('e', '# E\n'), copied('a')];
    expect(await assembled(parts, file)).toBe([twins[3]![1], twins[1]![1], '# E\n', twins[0]![1]].join(LLMS_FULL_SEPARATOR));
    expect(await assembled([copied('c')], file)).toBe(twins[2]![1]);
    expect(await assembled([], undefined)).toBe('');
    expect(await assembled([made('x', 'X\n'), made('y', 'Y\n')], undefined)).toBe(`X\n${LLMS_FULL_SEPARATOR}Y\n`);
  });

  it('says so, naming the file, when the last one is shorter than recorded', async () => {
    const short = lastFile([['a', 'A']]).file;
    await expect(assembled([{ key: 'a', offset: 0, size: 100 }], short)).rejects.toThrow(`${short} changed while the build ran`);
  });
});
