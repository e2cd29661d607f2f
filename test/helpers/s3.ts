// A real S3-compatible server for tests (s3rver, from npm), on 127.0.0.1 and a free port. It
// speaks the S3 REST protocol the AWS SDK uses, and answers website-style reads of its bucket
// "docs.localhost" key for key, as a CDN in front of a bucket does: GET /support/x returns the
// object "support/x", a missing key returns the error document support/404.html with status
// 404, and no index documents are looked for (the suffix names no object). Chromium resolves
// *.localhost to this machine, so a browser can open http://docs.localhost:PORT/support/.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import type { EventEmitter } from 'node:events';
import S3rver from 's3rver';

export const BUCKET = 'docs.localhost';
/** s3rver's built-in account. */
export const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' };

const WEBSITE = `<WebsiteConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
  <IndexDocument><Suffix>no-index-documents</Suffix></IndexDocument>
  <ErrorDocument><Key>support/404.html</Key></ErrorDocument>
</WebsiteConfiguration>`;

export interface StoredEvent {
  type: 'Put' | 'Post' | 'Copy' | 'Delete';
  key: string;
}

export interface Response {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface S3TestServer {
  endpoint: string;
  port: number;
  /** What a browser opens: http://docs.localhost:PORT */
  origin: string;
  /** Object writes and deletes, in the order the server finished them. */
  events: StoredEvent[];
  onEvent(listener: (event: StoredEvent) => void): () => void;
  /** A website-style GET of a path (percent-encoded, as in a link), redirects not followed. */
  get(path: string): Promise<Response>;
  close(): Promise<void>;
}

export async function startS3(): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'helpgen-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    vhostBuckets: true,
    configureBuckets: [{ name: BUCKET, configs: [WEBSITE] }],
  });
  const { port } = (await server.run()) as { port: number };
  const events: StoredEvent[] = [];
  const listeners = new Set<(event: StoredEvent) => void>();
  // S3rver is a Koa application, so an EventEmitter; its types leave that out.
  (server as unknown as EventEmitter).on('event', (event: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => {
    for (const record of event.Records) {
      const stored: StoredEvent = { type: record.eventName.split(':')[1] as StoredEvent['type'], key: record.s3.object.key };
      events.push(stored);
      for (const listener of listeners) listener(stored);
    }
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    origin: `http://${BUCKET}:${port}`,
    events,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: (path) =>
      new Promise((resolve, reject) => {
        request({ host: '127.0.0.1', port, path, headers: { host: `${BUCKET}:${port}` } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        })
          .on('error', reject)
          .end();
      }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
