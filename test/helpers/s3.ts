// A real S3-compatible server for tests (s3rver, from npm), on 127.0.0.1 and a free port. It
// speaks the S3 REST protocol the AWS SDK uses, and answers website-style reads of its bucket
// "docs.localhost" key for key, as a CDN in front of a bucket does: GET /support/x returns the
// object "support/x", a missing key returns the error document support/404.html with status
// 404, and no index documents are looked for (the suffix names no object). Chromium resolves
// *.localhost to this machine, so a browser can open http://docs.localhost:PORT/support/.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import fg from 'fast-glob';
import { lookup } from 'mime-types';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import type { EventEmitter } from 'node:events';
import S3rver from 's3rver';

export const BUCKET = 'docs.localhost';
/** s3rver's built-in account. */
export const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' };

/** The bucket's website configuration; `index.html` makes it an S3 website endpoint as ops set one up. */
const website = (indexSuffix: string) => `<WebsiteConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
  <IndexDocument><Suffix>${indexSuffix}</Suffix></IndexDocument>
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

/**
 * Starts the server. `indexDocument: 'index.html'` reads the bucket as an S3 website endpoint
 * does: "/a/b/" is the object "a/b/index.html", and "/a/b" is redirected there when it exists.
 */
export async function startS3(options: { indexDocument?: string } = {}): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'helpgen-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    vhostBuckets: true,
    configureBuckets: [{ name: BUCKET, configs: [website(options.indexDocument ?? 'no-index-documents')] }],
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

/**
 * What `aws s3 sync dist/ s3://BUCKET/` does: every file under the key of its path, with the
 * Content-Type its extension gives, and nothing else (no page keys, no redirect headers).
 */
export async function syncPlain(root: string, endpoint: string): Promise<number> {
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: CREDENTIALS.AWS_SECRET_ACCESS_KEY } });
  try {
    const paths = await fg('**/*', { cwd: root, onlyFiles: true });
    for (const path of paths.sort()) {
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: path, Body: readFileSync(join(root, path)), ContentType: lookup(path) || 'application/octet-stream' }));
    }
    return paths.length;
  } finally {
    client.destroy();
  }
}
