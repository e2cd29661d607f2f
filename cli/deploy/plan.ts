// What a deploy changes, decided against what the bucket holds (its listing's ETags), not
// against a record of the last deploy: a file changed or removed by hand is put back too.
import type { LocalObject, Phase } from './local-files.ts';
import type { RemoteObject } from './bucket.ts';

export interface DeployPlan {
  /** In upload order: assets, other files, pages (new ones before changed ones), listings. */
  uploads: LocalObject[];
  /** The same uploads in steps: each step starts once the one before it is complete. */
  steps: LocalObject[][];
  unchanged: LocalObject[];
  /** Keys under the prefix that the built site no longer has. */
  stale: string[];
}

const PHASES: Phase[] = ['assets', 'files', 'pages', 'listings'];

export function planDeploy(local: LocalObject[], remote: RemoteObject[], options: { force?: boolean } = {}): DeployPlan {
  const remoteEtags = new Map(remote.map((object) => [object.key, object.etag]));
  const uploads: LocalObject[] = [];
  const unchanged: LocalObject[] = [];
  for (const object of local) {
    const etag = remoteEtags.get(object.key);
    if (!options.force && etag !== undefined && object.etags.includes(etag)) unchanged.push(object);
    else uploads.push(object);
  }
  // A changed page may link to a page that is new in this deploy: the new one goes up first.
  const rank = (object: LocalObject) => PHASES.indexOf(object.phase) * 2 + (object.phase === 'pages' && remoteEtags.has(object.key) ? 1 : 0);
  uploads.sort((a, b) => rank(a) - rank(b) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const steps: LocalObject[][] = [];
  uploads.forEach((object, i) => {
    if (i === 0 || rank(object) !== rank(uploads[i - 1]!)) steps.push([]);
    steps.at(-1)!.push(object);
  });
  const localKeys = new Set(local.map((object) => object.key));
  const stale = remote.map((object) => object.key).filter((key) => !localKeys.has(key)).sort();
  return { uploads, steps, unchanged, stale };
}
