// Copies of a fixture site, each in a temporary folder of its own, for tests that edit a site
// between builds; the folders go when the test file's tests are done.
import { afterAll } from 'vitest';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture } from './site.ts';

/** A function that makes a fresh copy of the fixture `name` and returns its folder. Call it at a test file's top level. */
export function fixtureCopier(name: string, prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const outer = mkdtempSync(join(tmpdir(), prefix));
    made.push(outer);
    const dir = join(outer, 'site');
    cpSync(fixture(name), dir, { recursive: true });
    return dir;
  };
}
