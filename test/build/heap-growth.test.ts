// The build of a large site keeps its heaps within half again of what is live (cli/heap-growth.ts).
// A child process keeps a growing set of texts live while objects it made a little earlier die
// in the old generation, as a build's main thread does with the workers' results; its highest
// heap is compared as a small site's build and a large one's. Memory is compared, never time.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { bundleForNode } from '../../cli/node-bundle.ts';
import { HANG_MS } from '../helpers/patience.ts';
import { LARGE_SITE_PAGES } from '../../cli/heap-growth.ts';

const dir = mkdtempSync(join(tmpdir(), 'helpgen-heap-growth-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CHURN = `
import { keepHeapsNearLive } from ${JSON.stringify(join(import.meta.dirname, '..', '..', 'cli', 'heap-growth.ts'))};
process.stderr.write(String(keepHeapsNearLive(Number(process.argv[2]))));
const live: string[] = [];
const recent: object[] = new Array(50_000);
let highest = 0;
// ~220 MB live at the end: past the heap V8 starts with, where its growth factor decides.
for (let i = 0; i < 2_000_000; i++) {
  if (i % 3 === 0) live.push('x'.repeat(300) + i);
  recent[i % recent.length] = { text: 'y'.repeat(400) + i, at: [i] };
  if (i % 2000 === 0) highest = Math.max(highest, process.memoryUsage().heapUsed);
}
process.stdout.write(JSON.stringify({ highest, kept: live.length }));
`;

/** The child's highest heap as the build of a site with `pages` pages, and whether it set the limit. */
function highestHeap(script: string, pages: number): { highest: number; limited: string } {
  const run = spawnSync(process.execPath, [script, String(pages)], { encoding: 'utf8', timeout: HANG_MS });
  expect(run.status, run.stderr).toBe(0);
  return { highest: (JSON.parse(run.stdout) as { highest: number }).highest, limited: run.stderr };
}

describe('keepHeapsNearLive', () => {
  it("keeps a large site's heap well below what V8 lets it grow to, and leaves a smaller site's alone", async () => {
    const entry = join(dir, 'churn.ts');
    writeFileSync(entry, CHURN);
    const script = join(dir, 'churn.mjs');
    writeFileSync(script, (await bundleForNode(entry)).code);
    const small = highestHeap(script, LARGE_SITE_PAGES - 1);
    const large = highestHeap(script, LARGE_SITE_PAGES);
    console.log(`highest heap: ${(small.highest / 1e6).toFixed(0)} MB by default, ${(large.highest / 1e6).toFixed(0)} MB near live`);
    expect([small.limited, large.limited]).toEqual(['false', 'true']);
    expect(large.highest).toBeLessThan(small.highest * 0.85);
  });
});
