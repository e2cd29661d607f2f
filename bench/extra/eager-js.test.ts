// The scripts-before-interaction measure in Debian's headless Chromium, on a page made for it: a
// module it loads at once, one it imports from an idle callback (as helpgen's client loaded React
// when issue 37 was filed) and one it imports only on a click. The first two count; the third
// must not, since nobody clicks.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, scriptsBeforeInteraction } from './eager-js.ts';

const FILES: Record<string, string> = {
  '/page.html': `<!doctype html><html><head><script type="module" src="/eager.js"></script></head><body><button id="b">Search</button></body></html>`,
  '/eager.js': `requestIdleCallback(() => import('/on-idle.js'));
document.getElementById('b').addEventListener('click', () => import('/on-click.js'));`,
  '/on-idle.js': `import('/after-idle.js');`,
  '/after-idle.js': `export const later = ${JSON.stringify('x'.repeat(2000))};`,
  '/on-click.js': `export const clicked = true;`,
};

let server: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  server = createServer((req, res) => {
    const body = FILES[req.url ?? ''];
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': req.url!.endsWith('.html') ? 'text/html' : 'text/javascript' }).end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done));
});

describe('scriptsBeforeInteraction', () => {
  it('counts what loads at once and once the browser is idle, not what waits for a click', async () => {
    const scripts = await scriptsBeforeInteraction(browser, `${origin}/page.html`);
    expect(scripts.files).toEqual(['/eager.js', '/on-idle.js', '/after-idle.js']);
    expect(scripts.count).toBe(3);
    expect(scripts.raw).toBe(FILES['/eager.js']!.length + FILES['/on-idle.js']!.length + FILES['/after-idle.js']!.length);
    // Not compressed by this server: the wire carries the raw bytes and the headers.
    expect(scripts.transfer).toBeGreaterThan(scripts.raw);
    expect(scripts.gzip).toBeLessThan(scripts.raw);
  });
});
