import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { createStaticServer, listen, resolveRequest } from './server.ts';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'helpgen-serve-'));
  for (const dir of ['support', 'support/guides', 'support/cell types', 'support/formulas', 'support/assets', 'support/records/locking']) mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, 'support/records/locking/index.html'), 'locking');
  writeFileSync(join(root, 'support/index.html'), 'home');
  writeFileSync(join(root, 'support/guides/start.html'), 'start');
  writeFileSync(join(root, 'support/cell types/date-cell.html'), 'date');
  writeFileSync(join(root, 'support/formulas/index.html'), 'formulas');
  writeFileSync(join(root, 'support/404.html'), 'not found');
  writeFileSync(join(root, 'support/assets/app.js'), 'js');
  writeFileSync(join(root, 'secret.txt'), 'secret');
});

describe('serve routing', () => {
  it('serves the home page of a site whose baseUrl is "/" instead of redirecting "/" to itself', () => {
    writeFileSync(join(root, 'index.html'), 'home at the top');
    expect(resolveRequest(root, '/', '/')).toEqual({ kind: 'file', path: join(root, 'index.html'), status: 200 });
    expect(resolveRequest(root, '/', '/support/guides/start')).toEqual({ kind: 'file', path: join(root, 'support/guides/start.html'), status: 200 });
  });

  it('serves each page from the file named after its address, and sends its other shape there', () => {
    expect(resolveRequest(root, '/support/', '/support/guides/start')).toEqual({ kind: 'file', path: join(root, 'support/guides/start.html'), status: 200 });
    expect(resolveRequest(root, '/support/', '/support/formulas/')).toEqual({ kind: 'file', path: join(root, 'support/formulas/index.html'), status: 200 });
    expect(resolveRequest(root, '/support/', '/support/guides/start/')).toEqual({ kind: 'redirect', location: '/support/guides/start' });
    expect(resolveRequest(root, '/support/', '/support/formulas')).toEqual({ kind: 'file', path: join(root, 'support/formulas/index.html'), status: 200 });
    expect(resolveRequest(root, '/support/', '/support/')).toMatchObject({ kind: 'file', status: 200 });
    expect(resolveRequest(root, '/support/', '/support/cell%20types/date-cell')).toMatchObject({ kind: 'file', status: 200 });
    expect(resolveRequest(root, '/support/', '/support/assets/app.js')).toMatchObject({ kind: 'file', status: 200 });
  });

  it('serves a page in a folder of its own (the default layout) at both its shapes', () => {
    const page = { kind: 'file', path: join(root, 'support/records/locking/index.html'), status: 200 };
    expect(resolveRequest(root, '/support/', '/support/records/locking')).toEqual(page);
    expect(resolveRequest(root, '/support/', '/support/records/locking/')).toEqual(page);
    expect(resolveRequest(root, '/support/', '/support/records/locking/index.html')).toEqual({ kind: 'redirect', location: '/support/records/locking/' });
    expect(resolveRequest(root, '/support/', '/support/records/locking.html')).toEqual({ kind: 'redirect', location: '/support/records/locking' });
    expect(resolveRequest(root, '/support/', '/support/records')).toMatchObject({ status: 404 }); // a folder with no page of its own
  });

  it('redirects .html and /index.html to the clean path', () => {
    expect(resolveRequest(root, '/support/', '/support/guides/start.html')).toEqual({ kind: 'redirect', location: '/support/guides/start' });
    expect(resolveRequest(root, '/support/', '/support/guides/start/index.html')).toEqual({ kind: 'redirect', location: '/support/guides/start' });
    expect(resolveRequest(root, '/support/', '/support/formulas/index.html')).toEqual({ kind: 'redirect', location: '/support/formulas/' });
    expect(resolveRequest(root, '/support/', '/support/formulas.html')).toEqual({ kind: 'redirect', location: '/support/formulas' });
    expect(resolveRequest(root, '/support/', '/support/cell%20types/date-cell.html')).toEqual({ kind: 'redirect', location: '/support/cell%20types/date-cell' });
    expect(resolveRequest(root, '/support/', '/support/nope.html')).toMatchObject({ status: 404 });
    expect(resolveRequest(root, '/support/', '/support/index.html')).toEqual({ kind: 'redirect', location: '/support/' });
    expect(resolveRequest(root, '/support/', '/')).toEqual({ kind: 'redirect', location: '/support/' });
  });

  it('answers unknown paths with the not-found page and 404', () => {
    expect(resolveRequest(root, '/support/', '/support/nope')).toEqual({ kind: 'file', path: join(root, 'support/404.html'), status: 404 });
    expect(resolveRequest(root, '/support/', '/support/guides')).toMatchObject({ status: 404 }); // no directory listing
    expect(resolveRequest(root, '/support/', '/secret.txt')).toMatchObject({ status: 404 });
  });

  it('rejects path traversal', () => {
    expect(resolveRequest(root, '/support/', '/support/../secret.txt')).toEqual({ kind: 'forbidden' });
    expect(resolveRequest(root, '/support/', '/support/%2e%2e/secret.txt')).toEqual({ kind: 'forbidden' });
    expect(resolveRequest(root, '/support/', '/support/..%5csecret.txt')).toEqual({ kind: 'forbidden' });
  });

  it('does not follow symbolic links out of the folder it serves', () => {
    const outside = mkdtempSync(join(tmpdir(), 'helpgen-outside-'));
    writeFileSync(join(outside, 'passwd'), 'secret');
    mkdirSync(join(outside, 'page'));
    writeFileSync(join(outside, 'page', 'index.html'), 'secret page');
    symlinkSync(join(outside, 'passwd'), join(root, 'support/assets/linked.txt'));
    symlinkSync(join(outside, 'page'), join(root, 'support/linked-page'));
    symlinkSync(join(root, 'support/assets/app.js'), join(root, 'support/assets/inside.js'));
    expect(resolveRequest(root, '/support/', '/support/assets/linked.txt')).toEqual({ kind: 'forbidden' });
    expect(resolveRequest(root, '/support/', '/support/linked-page')).toEqual({ kind: 'forbidden' });
    expect(resolveRequest(root, '/support/', '/support/assets/inside.js')).toMatchObject({ kind: 'file', status: 200 });
  });
});

// Safari probes a <video> with `Range: bytes=0-1` and plays nothing from a server that answers
// with 200 and the whole file.
describe('serve answers Range requests', () => {
  const video = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    writeFileSync(join(root, 'support/assets/clip.mp4'), video);
    writeFileSync(join(root, 'support/assets/empty.txt'), '');
    server = createStaticServer({ root, baseUrl: '/support/' });
    origin = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));
  const get = (path: string, headers: Record<string, string>, method = 'GET') => fetch(origin + path, { headers, method });

  it('sends 206 with the bytes asked for and their Content-Range', async () => {
    for (const [range, start, end] of [
      ['bytes=0-1', 0, 1],
      ['bytes=500-', 500, 999],
      ['bytes=-10', 990, 999],
      ['bytes=990-5000', 990, 999],
      ['BYTES=3-3', 3, 3],
    ] as const) {
      const res = await get('/support/assets/clip.mp4', { Range: range });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/1000`);
      expect(res.headers.get('content-length'), range).toBe(String(end - start + 1));
      expect(res.headers.get('content-type')).toBe('video/mp4');
      expect(Buffer.from(await res.arrayBuffer()).equals(video.subarray(start, end + 1)), range).toBe(true);
    }
    const page = await get('/support/guides/start', { Range: 'bytes=1-3' });
    expect([page.status, await page.text()]).toEqual([206, 'tar']);
  });

  it('sends 416 with the size for a range past the end', async () => {
    for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0']) {
      const res = await get('/support/assets/clip.mp4', { Range: range });
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range'), range).toBe('bytes */1000');
      expect(await res.text()).toBe('');
    }
    expect((await get('/support/assets/empty.txt', { Range: 'bytes=0-' })).headers.get('content-range')).toBe('bytes */0');
  });

  it('sends the whole file for a malformed, foreign-unit or multi-range header, and says it takes ranges', async () => {
    for (const range of ['bytes=abc', 'bytes 0-1', 'bytes=5-2', 'items=0-1', 'bytes=0-1,5-6', 'bytes=0-1, 2000-']) {
      const res = await get('/support/assets/clip.mp4', { Range: range });
      expect(res.status, range).toBe(200);
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.headers.get('content-length')).toBe('1000');
      expect(Buffer.from(await res.arrayBuffer()).equals(video), range).toBe(true);
    }
  });

  it('keeps HEAD, If-Range and the not-found page whole', async () => {
    const head = await get('/support/assets/clip.mp4', { Range: 'bytes=0-1' }, 'HEAD');
    expect([head.status, head.headers.get('content-length'), head.headers.get('accept-ranges'), head.headers.get('content-range')]).toEqual([200, '1000', 'bytes', null]);
    // No validator is sent, so none the client holds can match: the whole, current file.
    const ifRange = await get('/support/assets/clip.mp4', { Range: 'bytes=0-1', 'If-Range': '"old"' });
    expect([ifRange.status, (await ifRange.arrayBuffer()).byteLength]).toEqual([200, 1000]);
    const missing = await get('/support/nope', { Range: 'bytes=0-1' });
    expect([missing.status, await missing.text(), missing.headers.get('content-range')]).toEqual([404, 'not found', null]);
  });
});
