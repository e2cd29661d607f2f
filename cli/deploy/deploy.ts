// `helpgen deploy`: puts a built site into an S3 bucket without ever breaking the live site.
// Only files whose content differs from the bucket's go up; they go in an order where nothing
// live links to an object that is not there yet (files and assets, then new pages, then changed
// pages, then the sitemap and other listings); stale objects are deleted only with --delete,
// only under the prefix, and only after every upload succeeded. Killed half way, the bucket
// holds a mix of old and new pages that all work (old assets are still there), and running
// the same deploy again finishes the job.
import { localObjects, type LocalObject } from './local-files.ts';
import { planDeploy, type DeployPlan } from './plan.ts';
import { openBucket, type Bucket, type BucketOptions } from './bucket.ts';
import { formatTarget, type DeployTarget } from './target.ts';
import { describeStorageError } from './storage-errors.ts';

export interface DeployOptions extends BucketOptions {
  /** The built site (dist/). */
  root: string;
  baseUrl: string;
  target: DeployTarget;
  dryRun?: boolean;
  delete?: boolean;
  /** Upload every file even when the bucket has the same content (to refresh headers). */
  force?: boolean;
  /** Progress and summary lines. */
  log: (line: string) => void;
  /** A line that replaces itself (on a terminal), or undefined for none. */
  progress?: (line: string) => void;
  /** Uploads running at once. */
  concurrency?: number;
}

export interface DeploySummary {
  uploaded: number;
  uploadedBytes: number;
  unchanged: number;
  deleted: number;
  /** Stale objects left in place (no --delete). */
  kept: number;
  requests: number;
  seconds: number;
}

export async function deploy(options: DeployOptions): Promise<DeploySummary> {
  const started = performance.now();
  let requests = 0;
  const local = await localObjects(options.root, options.baseUrl);
  const bucket = openBucket(options.target, { ...options, onRequest: () => void requests++ });
  const where = formatTarget(options.target);
  try {
    const remote = await storage(() => bucket.list(), `listing ${where}`, options);
    const plan = planDeploy(local, remote, { force: options.force });
    const bytes = plan.uploads.reduce((sum, object) => sum + object.size, 0);
    if (options.dryRun) {
      for (const object of plan.uploads) options.log(`upload ${object.key} (${object.contentType}; ${object.cacheControl}${object.redirect ? `; redirect to ${object.redirect}` : ''})`);
      for (const key of plan.stale) options.log(`${options.delete ? 'delete' : 'keep (stale)'} ${key}`);
    } else {
      await uploadAll(bucket, plan, options);
      if (options.delete && plan.stale.length) {
        options.progress?.(`Deleting ${plan.stale.length} stale object(s)…`);
        await storage(() => bucket.delete(plan.stale), `deleting stale objects under ${where}`, options);
      }
    }
    const summary: DeploySummary = {
      uploaded: plan.uploads.length,
      uploadedBytes: bytes,
      unchanged: plan.unchanged.length,
      deleted: options.delete ? plan.stale.length : 0,
      kept: options.delete ? 0 : plan.stale.length,
      requests,
      seconds: (performance.now() - started) / 1000,
    };
    options.log(summaryLine(summary, where, options));
    return summary;
  } finally {
    bucket.close();
  }
}

/** Uploads step by step (see planDeploy); within a step, `concurrency` files at a time. */
async function uploadAll(bucket: Bucket, plan: DeployPlan, options: DeployOptions): Promise<void> {
  const total = plan.uploads.length;
  let done = 0;
  for (const group of plan.steps) {
    const queue = [...group];
    let failure: { object: LocalObject; error: unknown } | undefined;
    const worker = async () => {
      for (let object = queue.shift(); object && !failure; object = queue.shift()) {
        try {
          await bucket.upload(object);
        } catch (error) {
          failure ??= { object, error };
          return;
        }
        done++;
        options.progress?.(`Uploading ${done}/${total}: ${object.key}`);
      }
    };
    await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 8, group.length) }, worker));
    if (failure) {
      const { object, error } = failure;
      throw describeStorageError(error, `uploading ${object.key} to ${formatTarget(options.target)}`, options, `${done} of ${total} file(s) were uploaded and nothing was deleted; the live site still works. Run the same deploy again to finish.`);
    }
  }
}

async function storage<T>(action: () => Promise<T>, doing: string, options: DeployOptions): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw describeStorageError(error, doing, options);
  }
}

function summaryLine(summary: DeploySummary, where: string, options: DeployOptions): string {
  const parts = [
    `${options.dryRun ? 'would upload' : 'uploaded'} ${summary.uploaded} file(s) (${formatBytes(summary.uploadedBytes)})`,
    `${summary.unchanged} unchanged`,
    options.delete ? `${options.dryRun ? 'would delete' : 'deleted'} ${summary.deleted}` : `${summary.kept} stale kept (--delete removes them)`,
  ];
  const head = options.dryRun ? `Dry run for ${where} (nothing changed)` : `Deployed to ${where}`;
  return `${head}: ${parts.join(', ')}; ${summary.requests} request(s) in ${summary.seconds.toFixed(1)} s`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
