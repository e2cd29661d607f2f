import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Staging, type OutputFile } from './output.ts';
import { OUTPUT_MARKER, formatManifest, parseManifest, sha256Of, type ManifestEntry } from './build-manifest.ts';
import type { PreviousOutput } from './output-record.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function outDir(): string {
  const root = mkdtempSync(join(tmpdir(), 'helpgen-staging-'));
  made.push(root);
  const out = join(root, 'dist');
  mkdirSync(out);
  writeFileSync(join(out, 'old.html'), 'previous build');
  return out;
}

describe('Staging', () => {
  it('writes queued files and the rest, then swaps the folder in', async () => {
    const out = outDir();
    const staging = new Staging(out);
    staging.prepare(['support/a/index.html', 'support/b/index.html']);
    const pages = Array.from({ length: 40 }, (_, i) => staging.enqueue({ path: `support/p${i}/index.html`, contents: `page ${i}` }, 'page'));
    void staging.enqueue({ path: 'support/assets/x.json', contents: '{}' });
    await Promise.all(pages);
    await staging.finish([
      { path: 'support/assets/x.json', contents: 'not written twice' },
      { path: 'robots.txt', contents: 'User-agent: *' },
    ]);
    expect(readFileSync(join(out, 'support/p39/index.html'), 'utf8')).toBe('page 39');
    expect(readFileSync(join(out, 'support/assets/x.json'), 'utf8')).toBe('{}');
    expect(readFileSync(join(out, 'robots.txt'), 'utf8')).toBe('User-agent: *');
    expect(existsSync(join(out, 'old.html'))).toBe(false);
    expect(readdirSync(join(out, '..'))).toEqual(['dist']); // no staging folder left
  });

  it('writes waiting pages before other files', async () => {
    const staging = new Staging(outDir());
    // The order writes start in, not the order they finish: the disk may finish them in any order.
    const started: string[] = [];
    const writer = Staging.prototype as unknown as { write(file: OutputFile): Promise<void> };
    const original = writer.write;
    const write = vi.spyOn(writer, 'write').mockImplementation(function (this: unknown, file: OutputFile) {
      started.push(file.path);
      return original.call(this, file);
    });
    try {
      // More files than are written at once, so some wait; the page queued last still goes first.
      const others = Array.from({ length: 40 }, (_, i) => staging.enqueue({ path: `o${i}.json`, contents: '' }));
      const page = staging.enqueue({ path: 'p/index.html', contents: '' }, 'page');
      await Promise.all([...others, page]);
    } finally {
      write.mockRestore();
    }
    // The first writes took every slot; the page takes the first slot that frees up.
    expect(started.slice(0, 17)).toEqual([...Array.from({ length: 16 }, (_, i) => `o${i}.json`), 'p/index.html']);
    expect(started).toHaveLength(41);
    await staging.discard();
  });

  it('reports the first failed write from flush, and a discard leaves the old output alone', async () => {
    const out = outDir();
    const staging = new Staging(out);
    await staging.enqueue({ path: 'a/index.html', contents: 'fine' }, 'page');
    // A file where a folder must go: the second write cannot make its folder.
    await staging.enqueue({ path: 'blocker', contents: 'file' });
    const failed = staging.enqueue({ path: 'blocker/index.html', contents: 'x' }, 'page');
    await expect(failed).resolves.toBeUndefined();
    expect(staging.failed).toBe(true);
    await expect(staging.flush()).rejects.toThrow(/ENOTDIR|EEXIST/);
    await staging.discard();
    expect(readdirSync(join(out, '..'))).toEqual(['dist']);
    expect(readFileSync(join(out, 'old.html'), 'utf8')).toBe('previous build');
  });

  it('updates an output in place only while it is the one it was checked against', async () => {
    const out = outDir();
    const manifestText = formatManifest([{ path: 'old.html', size: 14, sha256: await sha256Of(Buffer.from('previous build')) }]);
    writeFileSync(join(out, OUTPUT_MARKER), manifestText);
    const previous: PreviousOutput = { manifestText, manifest: parseManifest(manifestText) as Map<string, ManifestEntry>, stamps: new Map([['old.html', 'x']]), pageKeys: new Map() };
    const record = join(out, '..', 'record.json');
    const update = () => new Staging(out, { file: record, previous: Promise.resolve(previous) });

    // Another build replaced the output meanwhile: nothing is changed, and the error says why.
    const late = update();
    await late.enqueue({ path: 'old.html', contents: 'previous build' });
    writeFileSync(join(out, OUTPUT_MARKER), formatManifest([]));
    await expect(late.finish([{ path: 'new.html', contents: 'new' }])).rejects.toThrow('was changed by another build while this one ran');
    expect(readdirSync(out).sort()).toEqual([OUTPUT_MARKER, 'old.html']);
    expect(readdirSync(join(out, '..')).sort()).toEqual(['dist']);

    // Unchanged since: the new file is added, the unchanged one left alone.
    writeFileSync(join(out, OUTPUT_MARKER), manifestText);
    const inTime = update();
    await inTime.enqueue({ path: 'old.html', contents: 'previous build' });
    await inTime.finish([{ path: 'new.html', contents: 'new' }]);
    expect(readdirSync(out).sort()).toEqual([OUTPUT_MARKER, 'new.html', 'old.html']);
    expect(inTime.summary).toBe('updated in place: 1 file(s) written, 0 removed');
  });
});

describe('Staging, a file whose maker says what it holds', () => {
  it('keeps a copied file the output holds already without reading its source, when the source says what it holds', async () => {
    const out = outDir();
    const root = join(out, '..');
    const entry = async (path: string, text: string) => ({ path, size: Buffer.byteLength(text), sha256: await sha256Of(Buffer.from(text)) });
    const [same, changed] = await Promise.all([entry('support/search/a.json', '{"a":1}'), entry('support/search/b.json', '{"b":1}')]);
    mkdirSync(join(out, 'support/search'), { recursive: true });
    writeFileSync(join(out, same.path), '{"a":1}');
    writeFileSync(join(out, changed.path), '{"b":1}');
    const manifestText = formatManifest([same, changed]);
    writeFileSync(join(out, OUTPUT_MARKER), manifestText);
    const previous: PreviousOutput = { manifestText, manifest: parseManifest(manifestText) as Map<string, ManifestEntry>, stamps: new Map([[same.path, 'x'], [changed.path, 'y']]), pageKeys: new Map() };
    // The store's file for a.json is gone: were it read, the build would fail.
    const gone = join(root, 'store', 'gone.data');
    mkdirSync(join(root, 'store'));
    const newB = join(root, 'store', 'b.data');
    writeFileSync(newB, '{"b":2}');
    const update = new Staging(out, { file: join(root, 'record.json'), previous: Promise.resolve(previous) });
    await update.finish([
      { path: same.path, copyFrom: gone, holds: { size: same.size, sha256: same.sha256 } },
      { path: changed.path, copyFrom: newB, holds: await entry(changed.path, '{"b":2}') },
    ]);
    expect(update.summary).toBe('updated in place: 1 file(s) written, 0 removed');
    expect(readFileSync(join(out, same.path), 'utf8')).toBe('{"a":1}');
    expect(readFileSync(join(out, changed.path), 'utf8')).toBe('{"b":2}');
    const manifest = parseManifest(readFileSync(join(out, OUTPUT_MARKER), 'utf8')) as Map<string, ManifestEntry>;
    expect(manifest.get(changed.path)).toEqual(await entry(changed.path, '{"b":2}'));
  });

  it('makes a file it is handed a maker for once, when it writes it', async () => {
    const out = outDir();
    const staging = new Staging(out);
    const make = vi.fn(() => Buffer.from('# Lock a record\n'));
    const written = staging.enqueue({ path: 'support/lock.md', make });
    expect(make).not.toHaveBeenCalled();
    await written;
    await staging.finish([]);
    expect(make).toHaveBeenCalledTimes(1);
    expect(readFileSync(join(out, 'support/lock.md'), 'utf8')).toBe('# Lock a record\n');
    const manifest = parseManifest(readFileSync(join(out, OUTPUT_MARKER), 'utf8')) as Map<string, ManifestEntry>;
    expect(manifest.get('support/lock.md')).toEqual({ path: 'support/lock.md', size: 16, sha256: await sha256Of(Buffer.from('# Lock a record\n')) });
  });

  it('calls a maker even when the file cannot be written, and reports the write', async () => {
    const staging = new Staging(outDir());
    // Another write may wait for the maker to be called (../pipeline/made-once.ts).
    const make = vi.fn(() => 'x');
    await staging.enqueue({ path: '../outside.md', make });
    expect(make).toHaveBeenCalledTimes(1);
    await expect(staging.flush()).rejects.toThrow(/refusing to write "..\/outside.md"/);
    await staging.discard();
  });

  it('writes a file made chunk by chunk whole, small chunks joined, and lists what it holds', async () => {
    const out = outDir();
    const staging = new Staging(out);
    // As llms-full.txt comes: many small chunks (a twin, a separator), and one past the size joined at once.
    const pieces = [...Array.from({ length: 3000 }, (_, i) => Buffer.from(`twin ${i}\n\n---\n\n`)), Buffer.alloc(1_500_000, 'x'), Buffer.from('last')];
    async function* chunks(): AsyncGenerator<Uint8Array> {
      yield* pieces;
    }
    void staging.enqueue({ path: 'support/llms-full.txt', chunks });
    await staging.finish([]);
    const whole = Buffer.concat(pieces);
    expect(readFileSync(join(out, 'support/llms-full.txt')).equals(whole)).toBe(true);
    const manifest = parseManifest(readFileSync(join(out, OUTPUT_MARKER), 'utf8')) as Map<string, ManifestEntry>;
    expect(manifest.get('support/llms-full.txt')).toEqual({ path: 'support/llms-full.txt', size: whole.byteLength, sha256: await sha256Of(whole) });
  });
});
