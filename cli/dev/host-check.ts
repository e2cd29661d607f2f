// DNS rebinding: a web page on evil.example can point its own name at 127.0.0.1 and then read
// the dev server's pages and event stream as if they were its own. Such requests carry the
// attacker's name in their Host header, so the dev server answers only requests addressed to
// an IP address, to localhost, or to the name it was told to listen on (as Vite does).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';

/** Whether a request's Host header is one the dev server listening on `listenHost` answers. */
export function isAllowedHost(hostHeader: string | undefined, listenHost: string): boolean {
  if (hostHeader === undefined) return true; // HTTP/1.0 clients; a browser always sends one
  const name = hostName(hostHeader).toLowerCase();
  if (name === '') return false;
  return isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost') || name === listenHost.toLowerCase();
}

/** Answers 403 to a request for another host name; returns true when it did. */
export function rejectForeignHost(req: IncomingMessage, res: ServerResponse, listenHost: string): boolean {
  if (isAllowedHost(req.headers.host, listenHost)) return false;
  res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`Blocked: this dev server answers requests for localhost or ${listenHost}, not for "${req.headers.host}".\n`);
  return true;
}

function hostName(host: string): string {
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']') === -1 ? undefined : host.indexOf(']'));
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}
