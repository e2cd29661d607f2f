import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DevOutput } from './dev-output.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function output(): DevOutput {
  const root = mkdtempSync(join(tmpdir(), 'helpgen-dev-output-'));
  roots.push(root);
  return new DevOutput(root);
}

const big = (text: string) => text.repeat(Math.ceil(1_000_001 / text.length));

describe('the dev output folder', () => {
  it('writes changed files, and a large file only when a browser asks for it, with its latest contents', async () => {
    const out = output();
    await out.sync([{ path: 'support/page.html', contents: '<p>one</p>' }, { path: 'support/llms full.txt', contents: big('one ') }]);
    expect(readFileSync(join(out.root, 'support/page.html'), 'utf8')).toBe('<p>one</p>');
    expect(existsSync(join(out.root, 'support/llms full.txt'))).toBe(false);

    await out.sync([{ path: 'support/page.html', contents: '<p>two</p>' }, { path: 'support/llms full.txt', contents: big('two ') }]);
    expect(out.writeRequested('/support/page.html')).toBeUndefined();
    // Two requests at once wait for the same write.
    const first = out.writeRequested('/support/llms%20full.txt');
    expect(first).toBeDefined();
    expect(out.writeRequested('/support/llms%20full.txt')).toBe(first);
    await first;
    expect(readFileSync(join(out.root, 'support/llms full.txt'), 'utf8')).toBe(big('two '));
    expect(out.writeRequested('/support/llms%20full.txt')).toBeUndefined();

    // Gone from the site: removed, and nothing waits to be written.
    await out.sync([{ path: 'support/page.html', contents: '<p>two</p>' }]);
    expect(existsSync(join(out.root, 'support/llms full.txt'))).toBe(false);
    expect(out.writeRequested('/support/llms%20full.txt')).toBeUndefined();
  });
});
