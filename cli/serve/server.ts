// Serves a built site the way the spec routes it: everything under the base path, exact-match
// routes (a folder with index.html), ".html" and "/index.html" redirected to the clean path,
// unknown paths answered with the not-found page and status 404, and no way out of the folder.
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import { createReadStream, statSync, existsSync, readFileSync, realpathSync } from 'node:fs';
import { join, normalize, relative, sep } from 'node:path';
import { cacheControlOf, contentTypeOf, IMMUTABLE } from './headers.ts';
import { byteRangeOf, rangeHeaders } from './byte-range.ts';
import { HelpgenError } from '../diagnostics/errors.ts';

export interface StaticServerOptions {
  root: string;
  baseUrl: string;
  /** Lets the dev server answer some requests itself (live-reload events). Return true if handled. */
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Lets the dev server add its script to HTML pages. */
  transformHtml?: (html: string) => string;
  /** Lets the dev server bring a file up to date before it is served (the search index). */
  prepare?: (pathname: string) => Promise<void> | undefined;
  /** Long-lived caching of assets/ (default true); off in dev, where asset names stay fixed. */
  cacheAssets?: boolean;
}

export type Resolution =
  | { kind: 'file'; path: string; status: 200 | 404 }
  | { kind: 'redirect'; location: string }
  | { kind: 'forbidden' };

/** Decides what a request path maps to, without touching the response (easy to test). */
export function resolveRequest(root: string, baseUrl: string, rawPath: string): Resolution {
  const notFound = (): Resolution => {
    const page = join(root, baseUrl, '404.html');
    return { kind: 'file', path: existsSync(page) ? page : join(root, '404.html'), status: 404 };
  };
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return notFound();
  }
  if (path.includes('\0') || path.split('/').includes('..') || path.includes('\\')) return { kind: 'forbidden' };
  // Above the base path, "/" leads to it; a site served at "/" (baseUrl "/") is already there.
  if ((path === '/' || path === '') && baseUrl !== '/') return { kind: 'redirect', location: baseUrl };
  if (path === '') path = '/';
  // The files a build puts at the top of the site, above the base path: robots.txt and .well-known/ (RFC 8615).
  if ((path === '/robots.txt' || path.startsWith('/.well-known/')) && isFile(join(root, path))) {
    return isReallyInside(join(root, path), root) ? { kind: 'file', path: join(root, path), status: 200 } : { kind: 'forbidden' };
  }
  if (!(path + '/').startsWith(baseUrl)) return notFound();
  if (path + '/' === baseUrl && baseUrl !== '/') return { kind: 'redirect', location: baseUrl };

  // The spec's rewrite: "/a.html" and "/a/index.html" lead to the page's address ("/a" or
  // "/a/", whichever it has); 404.html stays a file.
  if (path.endsWith('.html') && !path.endsWith('/404.html')) {
    const page = pageAddress(root, path.endsWith('/index.html') ? path.slice(0, -'index.html'.length) : path.slice(0, -'.html'.length));
    return page === undefined ? notFound() : page === OUTSIDE ? { kind: 'forbidden' } : { kind: 'redirect', location: encodePath(page) };
  }

  const target = normalize(join(root, path));
  if (!target.startsWith(normalize(root) + sep) && target !== normalize(root)) return { kind: 'forbidden' };
  // A page's file is named after its address (cli/source/routes.ts): "/a/b" is a/b/index.html
  // (or a/b.html with pageFiles "html"), "/a/" is a/index.html. Both shapes of a page in a folder
  // of its own are answered with it, as a host that redirects "/a/b" to "/a/b/" ends up doing.
  const file = isFile(target) ? target : pageFiles(target, path.endsWith('/')).find(isFile);
  if (!file) {
    // The same page at its other shape ("/a/" for "/a", or the reverse) is sent to its address.
    const page = pageAddress(root, path);
    return page === undefined ? notFound() : page === OUTSIDE ? { kind: 'forbidden' } : { kind: 'redirect', location: encodePath(page) }; // never list a directory
  }
  // A symbolic link in the folder may lead anywhere: only files really inside it are served.
  return isReallyInside(file, root) ? { kind: 'file', path: file, status: 200 } : { kind: 'forbidden' };
}

function isReallyInside(file: string, root: string): boolean {
  try {
    const real = realpathSync(file);
    const top = realpathSync(root);
    return real.startsWith(top + sep);
  } catch {
    return false;
  }
}

const OUTSIDE = Symbol('a file reached through a link out of the folder');

/** The address of the page at `path` with or without its trailing slash, if there is one. */
function pageAddress(root: string, path: string): string | typeof OUTSIDE | undefined {
  const bare = path.replace(/\/+$/, '');
  const shapes = path.endsWith('/') ? [`${bare}/`, bare] : [bare, `${bare}/`];
  for (const shape of shapes) {
    const file = pageFiles(join(root, shape), shape.endsWith('/')).find(isFile);
    if (file) return isReallyInside(file, root) ? shape : OUTSIDE;
  }
  return undefined;
}

function sizeOf(path: string): number | undefined {
  try {
    return statSync(path).size;
  } catch {
    return undefined;
  }
}

/** The files that may hold the page at `target`: "a/index.html" for "/a/", "a/b.html" or "a/b/index.html" for "/a/b". */
function pageFiles(target: string, slash: boolean): string[] {
  return slash ? [join(target, 'index.html')] : [`${target}.html`, join(target, 'index.html')];
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

export function createStaticServer(options: StaticServerOptions): Server {
  return createServer((req, res) => {
    if (options.intercept?.(req, res)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const preparing = options.prepare?.(url.pathname);
    if (preparing) void preparing.catch(() => undefined).then(() => respond(req, res, url));
    else respond(req, res, url);
  });

  function respond(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const resolution = resolveRequest(options.root, options.baseUrl, url.pathname);
    if (resolution.kind === 'forbidden') {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Forbidden\n');
      return;
    }
    if (resolution.kind === 'redirect') {
      res.writeHead(301, { Location: resolution.location + url.search + (url.hash || '') }).end();
      return;
    }
    const type = contentTypeOf(resolution.path);
    const headers: Record<string, string> = {
      'Content-Type': type,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': options.cacheAssets !== false && cacheControlOf(relative(options.root, resolution.path).split(sep).join('/'), options.baseUrl) === IMMUTABLE ? IMMUTABLE : 'no-cache',
    };
    const html = type.startsWith('text/html') && options.transformHtml ? Buffer.from(options.transformHtml(readFileSync(resolution.path, 'utf8'))) : undefined;
    const size = html ? html.length : sizeOf(resolution.path);
    if (size === undefined) {
      res.destroy(); // gone since it was resolved (a dev rebuild replacing it), as a failed read was before
      return;
    }
    // Only a file found is served in parts; the not-found page is always whole.
    const range = resolution.status === 200 ? byteRangeOf(req.headers.range, size, req.method, req.headers['if-range']) : { kind: 'whole' as const };
    if (resolution.status === 200) headers['Accept-Ranges'] = 'bytes';
    Object.assign(headers, rangeHeaders(range, size));
    if (range.kind === 'unsatisfiable') {
      delete headers['Content-Type'];
      res.writeHead(416, headers).end();
      return;
    }
    res.writeHead(range.kind === 'part' ? 206 : resolution.status, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const part = range.kind === 'part' ? { start: range.start, end: range.end } : undefined;
    if (html) res.end(part ? html.subarray(part.start, part.end + 1) : html);
    else createReadStream(resolution.path, part).on('error', () => res.destroy()).pipe(res);
  }
}

/** Starts listening; resolves with the actual port (0 picks a free one). */
/**
 * `listen`, for a command: a port in use or an address that cannot be bound is an error that
 * says so and how to fix it (helpgen serve and helpgen dev).
 */
export function listenOrExplain(server: Server, port: number, host: string, command = 'helpgen serve'): Promise<number> {
  return listen(server, port, host).catch((error: NodeJS.ErrnoException) => {
    const inUse = error.code === 'EADDRINUSE';
    throw new HelpgenError(inUse ? `port ${port} on ${host} is already in use (another helpgen dev or serve, or another server, is listening on it)` : `cannot listen on ${host}:${port}: ${error.message}`, {
      hint: `${inUse ? 'Stop the other server, or choose' : 'Choose'} another port: ${command} --port ${port === 0 || port >= 65535 ? 3001 : port + 1} (through npm: npm run ${command.split(' ')[1]} -- --port ${port === 0 || port >= 65535 ? 3001 : port + 1}); --port 0 takes any free port.`,
    });
  });
}

export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolvePort, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolvePort(typeof address === 'object' && address ? address.port : port);
    });
  });
}
