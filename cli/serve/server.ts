// Serves a built site the way the spec routes it: everything under the base path, exact-match
// routes (a folder with index.html), ".html" and "/index.html" redirected to the clean path,
// unknown paths answered with the not-found page and status 404, and no way out of the folder.
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import { createReadStream, statSync, existsSync, readFileSync, realpathSync, type Stats } from 'node:fs';
import { join, normalize, sep, extname } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.csv': 'text/csv; charset=utf-8',
  '.gz': 'application/gzip',
};

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
  if (path === '/' || path === '') return { kind: 'redirect', location: baseUrl };
  if (path === '/robots.txt' && existsSync(join(root, 'robots.txt'))) return isReallyInside(join(root, 'robots.txt'), root) ? { kind: 'file', path: join(root, 'robots.txt'), status: 200 } : { kind: 'forbidden' };
  if (!(path + '/').startsWith(baseUrl)) return notFound();
  if (path + '/' === baseUrl) return { kind: 'redirect', location: baseUrl };

  // "/a/index.html" → "/a/", "/a.html" → "/a" (the spec's rewrite); 404.html stays a file.
  if (path.endsWith('/index.html')) return { kind: 'redirect', location: encodePath(path.slice(0, -'index.html'.length)) };
  if (path.endsWith('.html') && !path.endsWith('/404.html')) {
    const clean = path.slice(0, -'.html'.length);
    if (isPage(root, clean)) return { kind: 'redirect', location: encodePath(clean) };
    return notFound();
  }

  const target = normalize(join(root, path));
  if (!target.startsWith(normalize(root) + sep) && target !== normalize(root)) return { kind: 'forbidden' };
  let stat: Stats;
  try {
    stat = statSync(target);
  } catch {
    return notFound();
  }
  const file = stat.isFile() ? target : stat.isDirectory() && existsSync(join(target, 'index.html')) ? join(target, 'index.html') : undefined;
  if (!file) return notFound(); // never list a directory
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

function isPage(root: string, path: string): boolean {
  return existsSync(join(root, path, 'index.html'));
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
    const type = TYPES[extname(resolution.path)] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'Content-Type': type,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': options.cacheAssets !== false && resolution.path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (type.startsWith('text/html') && options.transformHtml) {
      const html = options.transformHtml(readFileSync(resolution.path, 'utf8'));
      res.writeHead(resolution.status, headers).end(req.method === 'HEAD' ? undefined : html);
      return;
    }
    res.writeHead(resolution.status, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(resolution.path).on('error', () => res.destroy()).pipe(res);
  }
}

/** Starts listening; resolves with the actual port (0 picks a free one). */
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
