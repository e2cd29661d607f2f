// `helpgen deploy`: puts a built site into an S3 bucket without ever breaking the live site.
// Only files whose content differs from the bucket's go up; they go in an order where nothing
// live links to an object that is not there yet (files and assets, then new pages, then changed
// pages, then the sitemap and other listings); stale objects are deleted only with --delete,
// only under the prefix, and only after every upload succeeded. Killed half way, the bucket
// holds a mix of old and new pages that all work (old assets are still there), and running
// the same deploy again finishes the job. Before any of it, the folder must be exactly what its
// build wrote (./build-check.ts), and a --delete that would remove more than a fifth of the live
// pages and other fixed-name files needs --force.
import { HelpgenError } from '../diagnostics/errors.ts';
import { assertMatchesManifest, readBuildManifest } from './build-check.ts';
import { localObjects, SKIPPED, type LocalObject } from './local-files.ts';
import { planDeploy, type DeployPlan } from './plan.ts';
import { openBucket, type Bucket, type BucketOptions, type RemoteObject } from './bucket.ts';
import { isContentHashed } from '../serve/headers.ts';
import { formatTarget, type DeployTarget } from './target.ts';
import { describeStorageError } from './storage-errors.ts';
import { Fifo } from '../fifo.ts';

export interface DeployOptions extends BucketOptions {
  /** The built site (dist/). */
  root: string;
  baseUrl: string;
  target: DeployTarget;
  dryRun?: boolean;
  delete?: boolean;
  /**
   * Upload every file even when the bucket has the same content (to refresh headers), and let
   * --delete remove more than a fifth of the live pages and other fixed-name files.
   */
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
  /** Files of the built site not uploaded, each with why (the build's manifest). */
  skipped: string[];
  requests: number;
  seconds: number;
}

export async function deploy(options: DeployOptions): Promise<DeploySummary> {
  const started = performance.now();
  let requests = 0;
  const manifest = readBuildManifest(options.root);
  const local = await localObjects(options.root, options.baseUrl);
  assertMatchesManifest(options.root, manifest, local);
  const skipped = [...SKIPPED].map(([path, why]) => `${path} (${why})`);
  const bucket = openBucket(options.target, { ...options, onRequest: () => void requests++ });
  const where = formatTarget(options.target);
  try {
    const remote = await storage(() => bucket.list(), `listing ${where}`, options);
    const plan = planDeploy(local, remote, { force: options.force });
    const massDeletion = options.delete === true ? largeDeletion(plan.stale, remote, options.baseUrl) : undefined;
    const bytes = plan.uploads.reduce((sum, object) => sum + object.size, 0);
    if (options.dryRun) {
      for (const object of plan.uploads) options.log(`upload ${object.key} (${object.contentType}; ${object.cacheControl}${object.redirect ? `; redirect to ${object.redirect}` : ''})`);
      for (const key of plan.stale) options.log(`${options.delete ? 'delete' : 'keep (stale)'} ${key}`);
      for (const line of skipped) options.log(`skip ${line}`);
    }
    // Refused before anything is uploaded: a deletion this large most often means the wrong
    // dist/ or the wrong prefix, where the uploads would be wrong too, and a refusal after the
    // uploads would leave the bucket half changed while the operator finds out.
    if (massDeletion && !options.force) throw massDeletionError(massDeletion, where, options.dryRun === true);
    if (!options.dryRun) {
      await uploadAll(bucket, plan, options);
      if (options.delete && plan.stale.length) {
        if (massDeletion) options.log(`Deleting ${describeDeletion(massDeletion, where)} (--force)`);
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
      skipped,
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
    const queue = new Fifo<LocalObject>();
    for (const object of group) queue.push(object);
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

interface LargeDeletion {
  /** Stale pages and other files with fixed names, and how many such objects are live. */
  fixed: string[];
  live: number;
  /** Stale content-hashed assets, superseded by their new versions. */
  assets: number;
}

/**
 * The deletion when it takes more than a fifth of the live site, else undefined. Counted over
 * pages and other files with fixed names: an edit gives the assets it changes new names, so old
 * assets pile up in the bucket, and removing them is routine (on the test site, three deploys of
 * small edits left 34 of 90 objects stale, nearly all old search index files). Missing pages and files are what leave
 * readers with 404s.
 */
function largeDeletion(stale: string[], remote: RemoteObject[], baseUrl: string): LargeDeletion | undefined {
  const hasFixedName = (key: string) => !isContentHashed(key, baseUrl);
  const fixed = stale.filter(hasFixedName);
  const live = remote.filter((object) => hasFixedName(object.key)).length;
  return fixed.length > live / 5 ? { fixed, live, assets: stale.length - fixed.length } : undefined;
}

function describeDeletion({ fixed, live, assets }: LargeDeletion, where: string): string {
  return `${fixed.length} of the ${live} live pages and other files with fixed names under ${where}${assets ? ` (and ${assets} superseded asset(s))` : ''}`;
}

function massDeletionError(deletion: LargeDeletion, where: string, dryRun: boolean): HelpgenError {
  const { fixed } = deletion;
  const sample = fixed.slice(0, 5).join(', ') + (fixed.length > 5 ? ` and ${fixed.length - 5} more` : '');
  return new HelpgenError(`--delete would delete ${describeDeletion(deletion, where)}, more than a fifth of the site, so ${dryRun ? 'a real run would be refused' : 'nothing was uploaded or deleted'}`, {
    hint: `The built site in this folder does not have ${sample}. Check that you deploy the right site to the right prefix; if the site really lost them, run again with --force.`,
  });
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
  if (summary.skipped.length) parts.push(`skipped ${summary.skipped.join(', ')}`);
  const head = options.dryRun ? `Dry run for ${where} (nothing changed)` : `Deployed to ${where}`;
  return `${head}: ${parts.join(', ')}; ${summary.requests} request(s) in ${summary.seconds.toFixed(1)} s`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
