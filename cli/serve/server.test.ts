import { describe, expect, it, beforeAll } from 'vitest';
import { mkdtempSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveRequest } from './server.ts';

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
