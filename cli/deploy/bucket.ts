// The object storage side of `helpgen deploy`, on the official AWS SDK: it signs requests,
// retries throttled and failed ones, splits large files into parts, and finds credentials the
// standard way (environment, AWS_PROFILE or --profile, SSO, container and instance roles).
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { S3Client, ListObjectsV2Command, DeleteObjectsCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { DeployTarget } from './target.ts';
import { PART_SIZE, type LocalObject } from './local-files.ts';

export interface BucketOptions {
  /** Any S3-compatible endpoint: "https://s3.eu-central-1.wasabisys.com", "http://127.0.0.1:9000". */
  endpoint?: string;
  region?: string;
  profile?: string;
  /** Counts every request sent (for the summary and the benchmark). */
  onRequest?: () => void;
}

export interface RemoteObject {
  key: string;
  etag: string;
}

export interface Bucket {
  /** Every object under the prefix, keys without the prefix. */
  list(): Promise<RemoteObject[]>;
  upload(object: LocalObject): Promise<void>;
  /** Deletes keys (without the prefix); never anything outside the prefix. */
  delete(keys: string[]): Promise<void>;
  close(): void;
}

/** S3 deletes at most this many keys per request. */
const DELETE_BATCH = 1000;

export function openBucket(target: DeployTarget, options: BucketOptions): Bucket {
  // The SDK warns on Node 20 that its releases after January 2027 will need Node 22. helpgen
  // pins its SDK version in package-lock.json, so the notice asks nothing of the person deploying.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    region: options.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? (options.endpoint ? 'us-east-1' : undefined),
    endpoint: options.endpoint,
    // Other S3-compatible stores mostly answer path-style requests only.
    forcePathStyle: options.endpoint !== undefined,
    profile: options.profile,
    maxAttempts: 5,
  });
  if (options.onRequest) {
    const count = options.onRequest;
    client.middlewareStack.add(
      (next) => (args) => {
        count();
        return next(args);
      },
      { step: 'finalizeRequest', name: 'helpgenCountRequests' },
    );
  }
  const { bucket, prefix } = target;
  return {
    async list() {
      const found: RemoteObject[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          if (object.Key?.startsWith(prefix) && object.Key.length > prefix.length) found.push({ key: object.Key.slice(prefix.length), etag: object.ETag ?? '' });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found;
    },
    async upload(object) {
      // Small files go up as one buffer (the SDK adds a checksum the store verifies); larger
      // ones stream in parts of the same size `aws s3 sync` uses.
      const body = object.size <= PART_SIZE ? await readFile(object.file) : createReadStream(object.file);
      await new Upload({
        client,
        partSize: PART_SIZE,
        queueSize: 2,
        leavePartsOnError: false,
        params: {
          Bucket: bucket,
          Key: prefix + object.key,
          Body: body,
          ContentType: object.contentType,
          CacheControl: object.cacheControl,
          WebsiteRedirectLocation: object.redirect,
        },
      }).done();
    },
    async delete(keys) {
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH).map((key) => prefix + key);
        if (batch.some((key) => !key.startsWith(prefix) || key === prefix)) throw new Error('refusing to delete a key outside the deploy prefix');
        const result = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
        const failed = result.Errors ?? [];
        if (failed.length) throw new Error(`could not delete ${failed.length} object(s), first ${failed[0]!.Key}: ${failed[0]!.Code} ${failed[0]!.Message ?? ''}`.trim());
      }
    },
    close() {
      client.destroy();
    },
  };
}
