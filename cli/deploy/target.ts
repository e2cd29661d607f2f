// Where `helpgen deploy` puts the site: "s3://BUCKET/PREFIX", read strictly, because every key
// it writes, and every key `--delete` may remove, is PREFIX followed by a path in dist/.
import { HelpgenError } from '../diagnostics/errors.ts';
import { hasControlCharacter } from '../control-characters.ts';

export interface DeployTarget {
  bucket: string;
  /** "" (the whole bucket) or a folder ending in "/": "sites/help/". */
  prefix: string;
}

// S3's rules for bucket names (3–63 characters; lower case, digits, dots and hyphens).
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export function parseTarget(text: string): DeployTarget {
  const hint = 'Give the bucket and an optional folder in it: s3://my-bucket or s3://my-bucket/help/.';
  const match = /^s3:\/\/([^/]*)(?:\/(.*))?$/.exec(text);
  if (!match) throw new HelpgenError(`"${text}" is not an s3:// address`, { hint });
  const bucket = match[1]!;
  if (!BUCKET.test(bucket) || bucket.includes('..')) {
    throw new HelpgenError(`"${bucket}" is not a valid bucket name`, {
      hint: 'Bucket names have 3 to 63 characters: lower-case letters, digits, dots and hyphens. ' + hint,
    });
  }
  const segments = (match[2] ?? '').split('/').filter((segment) => segment !== '');
  const bad = segments.find((segment) => segment === '.' || segment === '..' || segment.includes('\\') || hasControlCharacter(segment));
  if (bad !== undefined) {
    throw new HelpgenError(`the folder in "${text}" has a "${bad}" segment, which object storage does not resolve`, { hint });
  }
  return { bucket, prefix: segments.length ? segments.join('/') + '/' : '' };
}

/** How the target is shown to people: "s3://bucket/prefix/". */
export function formatTarget(target: DeployTarget): string {
  return `s3://${target.bucket}/${target.prefix}`;
}
