// A CI build after a one-page edit (./checkout-builds.ts): each run builds from a fresh checkout
// (every file a new inode, the same bytes) with the page edited, into a folder that does not
// exist yet, and leaves the site folder byte for byte as it was.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { checkoutEditText, measureCheckoutBuilds } from './checkout-builds.ts';
import { copyOutput } from './output-copy.ts';
import { folderDigest } from './edited-builds.ts';

const root = mkdtempSync(join(tmpdir(), 'helpgen-bench-checkout-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('builds each run from a fresh checkout, with the page edited, into a new folder, and puts the site back', async () => {
  const siteDir = join(root, 'site');
  mkdirSync(join(siteDir, 'content'), { recursive: true });
  for (const page of ['a.md', 'b.md', 'c.md']) writeFileSync(join(siteDir, 'content', page), `# ${page}\n\nText.\n`);
  writeFileSync(join(siteDir, 'help.config.ts'), 'export default {};\n');
  const before = folderDigest(siteDir);
  const inodes: bigint[] = [];
  const seen: { edited: string; outThere: boolean }[] = [];
  const ci = await measureCheckoutBuilds({
    siteDir,
    probeRoute: '/support/a',
    coldMs: 1000,
    deadline: Date.now() + 3_600_000,
    runs: 2,
    build: async (outDir) => {
      inodes.push(statSync(join(siteDir, 'help.config.ts'), { bigint: true }).ino);
      seen.push({ edited: readFileSync(join(siteDir, 'content', 'c.md'), 'utf8'), outThere: existsSync(outDir) });
      mkdirSync(join(outDir, 'support', 'a'), { recursive: true });
      writeFileSync(join(outDir, 'support', 'a', 'index.html'), '<p>A</p>');
      return { ok: true, wallMs: 500, timedOut: false, exitCode: 0, warnings: 0, pages: 3, copiedPages: 2 };
    },
  });
  expect(ci).toMatchObject({ page: join('content', 'c.md'), wallMs: { n: 2, median: 500 }, copyMs: { n: 2 } });
  expect(seen).toEqual([1, 2].map((run) => ({ edited: `# c.md\n\nText.\n${checkoutEditText(run)}`, outThere: false })));
  // A checkout of its own each time: the files are new ones.
  expect(new Set(inodes).size).toBe(2);
  expect(folderDigest(siteDir)).toBe(before);
  expect(existsSync(`${siteDir}.fresh`) || existsSync(`${siteDir}.checked-out`)).toBe(false);
});

it("copies an output whole into an empty folder: every file, its bytes and its place", async () => {
  const from = join(root, 'output');
  mkdirSync(join(from, 'support', 'a b', 'c'), { recursive: true });
  writeFileSync(join(from, 'support', 'index.html'), '<p>Home</p>');
  writeFileSync(join(from, 'support', 'a b', 'c', 'index.html'), '<p>C</p>');
  writeFileSync(join(from, 'support', 'empty.txt'), '');
  const ms = await copyOutput(from, join(root, 'copy', 'dist'));
  expect(ms).toBeGreaterThan(0);
  expect(folderDigest(join(root, 'copy', 'dist'))).toBe(folderDigest(from));
});
