import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoTexts } from './memo-texts.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The bytes of every file in the folder (a texts file being written included). */
const bytesIn = (dir: string) => readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);

describe('MemoTexts', () => {
  it('reads each new text only when it writes it, so a memo never holds them all', () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpgen-memo-texts-'));
    made.push(dir);
    const seen: number[] = [];
    const add = ['one', 'deux', 'drei ☕'].map((text) => () => {
      seen.push(bytesIn(dir));
      return text;
    });
    const { names, added } = MemoTexts.empty(dir).rewrite([], add);
    // Each text was asked for once the ones before it were on disk.
    expect(seen).toEqual([0, 3, 7]);
    const texts = MemoTexts.open(dir, names)!;
    expect(added.map((ref) => texts.read(ref))).toEqual(['one', 'deux', 'drei ☕']);
    texts.close();
  });
});
