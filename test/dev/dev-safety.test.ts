// `helpgen dev` given hostile or broken input: it never writes or deletes outside its output
// folder, and links that loop in content/ neither crash nor hang it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { request } from 'node:http';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from '../helpers/browser.ts';
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
  writeFileSync(join(sentinel, 'pwn.html'), 'precious');
  dev = await startDevServer(site.dir, { port: '0', host: '127.0.0.1', log: (line) => logs.push(line), watchHelpgenSources: false });
  events = await EventStream.open(new URL('/__helpgen/events', dev.url).href);
});
afterAll(async () => {
  events?.close();
  await dev?.close();
  site?.cleanup();
  rmSync(sentinel, { recursive: true, force: true });
});

describe('helpgen dev with a broken config', () => {
  it('keeps the overlay until the config is fixed, through later rebuilds', async () => {
    const configPath = join(site.dir, 'help.config.ts');
    const config = readFileSync(configPath, 'utf8');
    let since = events.events.length;
    writeFileSync(configPath, config.replace("title: 'Acme Help',", "title: 'Acme Help',,"));
    const problem = await events.next((e) => e.event === 'problem', since);
    expect(String(problem.data.file)).toContain('help.config.ts');
    await dev.idle(); // the quiet re-check after a rebuild cleared the overlay ~90 ms later
    const page = join(site.dir, 'content', 'guides', 'start.md');
    writeFileSync(page, readFileSync(page, 'utf8') + '\nOne more line.\n');
    await events.next((e) => e.event === 'reload', since);
    await dev.idle();
    expect(events.events.slice(since).filter((e) => e.event === 'clear')).toEqual([]);
    // A browser opened now sees the problem at once.
    const late = await EventStream.open(new URL('/__helpgen/events', dev.url).href);
    try {
      expect((await late.next(() => true)).event).toBe('problem');
    } finally {
      late.close();
    }
    since = events.events.length;
    writeFileSync(configPath, config);
    await events.next((e) => e.event === 'clear', since);
    await dev.idle();
  });
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
    expect(readFileSync(join(sentinel, 'pwn.html'), 'utf8')).toBe('precious');

    since = events.events.length;
    rmSync(pagePath);
    await events.next((e) => e.event === 'clear', since);
    await dev.idle();
    expect(existsSync(join(sentinel, 'pwn.html'))).toBe(true);
    expect((await fetch(new URL('/support/guides/start', dev.url))).status).toBe(200);
  });
});

/** A raw request with the Host header a browser on another site would send. */
function ask(path: string, host: string, method = 'GET'): Promise<number> {
  const url = new URL(path, dev.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname: url.hostname, port: url.port, path: url.pathname, method, headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('helpgen dev as a server', () => {
  it('answers only requests addressed to localhost or an IP address (no DNS rebinding)', async () => {
    const port = new URL(dev.url).port;
    expect(await ask('/support/', `localhost:${port}`)).toBe(200);
    expect(await ask('/support/', `127.0.0.1:${port}`)).toBe(200);
    expect(await ask('/support/', `evil.example:${port}`)).toBe(403);
    expect(await ask('/__helpgen/events', `evil.example:${port}`)).toBe(403);
  });

  it('takes only GET on its event stream', async () => {
    expect(await ask('/__helpgen/events', `localhost:${new URL(dev.url).port}`, 'POST')).toBe(405);
  });

  it('does not follow symbolic links out of the folder it serves', async () => {
    const served = join(tmpdir(), `helpgen-dev-${createHash('sha1').update(resolve(site.dir)).digest('hex').slice(0, 10)}`);
    writeFileSync(join(sentinel, 'secret.txt'), 'TOP SECRET');
    symlinkSync(join(sentinel, 'secret.txt'), join(served, 'support', 'leak.txt'));
    const res = await fetch(new URL('/support/leak.txt', dev.url));
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('TOP SECRET');
  });

  it('reloads pages in a browser that blocks sessionStorage, without a script error', async () => {
    let browser: Browser | undefined;
    try {
      browser = await launchBrowser();
      const { context, page, problems } = await openPage(browser);
      await context.addInitScript(() => {
        Object.defineProperty(window, 'sessionStorage', {
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      });
      await page.goto(new URL('guides/advanced', dev.url).href, { waitUntil: 'networkidle' });
      const file = join(site.dir, 'content', 'guides', 'advanced.md');
      const reloaded = page.waitForEvent('load');
      writeFileSync(file, readFileSync(file, 'utf8') + '\nA sentence added while storage is blocked.\n');
      await reloaded;
      await page.waitForFunction(() => document.body.textContent?.includes('added while storage is blocked'));
      expect(problems.filter((p) => p.includes('live-reload') || p.startsWith('pageerror'))).toEqual([]);
      await context.close();
    } finally {
      await browser?.close();
    }
  });
});
