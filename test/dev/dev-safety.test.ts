// `helpgen dev` given hostile or broken input: it never writes or deletes outside its output
// folder, and links that loop in content/ neither crash nor hang it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { startDevServer, type DevServer } from '../../cli/commands/dev.ts';
import { copyFixture } from '../helpers/site.ts';
import { EventStream } from './events.ts';

let dev: DevServer;
let events: EventStream;
let site: { dir: string; cleanup: () => void };
let sentinel: string;
const logs: string[] = [];

beforeAll(async () => {
  site = copyFixture('basic-site');
  // A loop: content/loop/content/loop/… (chokidar followed it until the server crashed).
  symlinkSync('..', join(site.dir, 'content', 'loop'));
  // A file beside the dev server's output folder (in the system's temporary folder), which a
  // page's front matter will try to overwrite.
  sentinel = mkdtempSync(join(tmpdir(), 'helpgen-sentinel-'));
  mkdirSync(join(sentinel, 'pwn'));
  writeFileSync(join(sentinel, 'pwn', 'index.html'), 'precious');
  dev = await startDevServer(site.dir, { port: '0', host: '127.0.0.1', log: (line) => logs.push(line), watchHelpgenSources: false });
  events = await EventStream.open(new URL('/__helpgen/events', dev.url).href);
});
afterAll(async () => {
  events?.close();
  await dev?.close();
  site?.cleanup();
  rmSync(sentinel, { recursive: true, force: true });
});

describe('helpgen dev with hostile input', () => {
  it('starts and serves with a symbolic link that loops in content/, warning about it once', async () => {
    expect((await fetch(new URL('/support/', dev.url))).status).toBe(200);
    expect(logs.filter((l) => l.includes('content/loop: warning: symbolic link content/loop leads to a folder'))).toHaveLength(1);
  });

  it('never writes or deletes a file outside its output folder, whatever a page says its id is', async () => {
    const pagePath = join(site.dir, 'content', 'guides', 'pwn.md');
    // From the dev server's output folder, support/../../<sentinel>/pwn is the sentinel's file.
    let since = events.events.length;
    writeFileSync(pagePath, `---\ntitle: Pwn\nid: ../../../${basename(sentinel)}/pwn\n---\n\nOverwritten.\n`);
    const problem = await events.next((e) => e.event === 'problem', since);
    expect(problem.data).toMatchObject({ file: 'content/guides/pwn.md', line: 3, column: 1 });
    expect(String(problem.data.message)).toContain('climbs above the top of the site');
    expect(readFileSync(join(sentinel, 'pwn', 'index.html'), 'utf8')).toBe('precious');

    since = events.events.length;
    rmSync(pagePath);
    await events.next((e) => e.event === 'clear', since);
    await dev.idle();
    expect(existsSync(join(sentinel, 'pwn', 'index.html'))).toBe(true);
    expect((await fetch(new URL('/support/guides/start', dev.url))).status).toBe(200);
  });
});
