// Turns what the AWS SDK throws into an error a person can act on. Only the error's name, HTTP
// status and message are used: never the request, its headers or the credentials.
import { HelpgenError } from '../diagnostics/errors.ts';

interface SdkError {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
  cause?: unknown;
}

export function describeStorageError(error: unknown, doing: string, where: { endpoint?: string; profile?: string }, after?: string): HelpgenError {
  const e = (error ?? {}) as SdkError;
  const name = e.name ?? '';
  const status = e.$metadata?.httpStatusCode;
  const network = networkCode(error);
  let message: string;
  let hint: string | undefined;
  if (name === 'CredentialsProviderError' || /credential/i.test(name)) {
    message = `no usable AWS credentials while ${doing}`;
    hint = where.profile
      ? `Check the profile "${where.profile}" in ~/.aws/config and ~/.aws/credentials (for SSO, run "aws sso login --profile ${where.profile}").`
      : 'Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE (or --profile) naming a profile in ~/.aws/credentials.';
  } else if (name === 'NoSuchBucket') {
    message = `the bucket does not exist (${doing})`;
    hint = 'Check the bucket name, and --endpoint and --region for a store other than AWS.';
  } else if (name === 'InvalidAccessKeyId' || name === 'SignatureDoesNotMatch') {
    message = `the store rejected the credentials (${name}) while ${doing}`;
    hint = 'Check the access key and secret, and --endpoint and --region for a store other than AWS.';
  } else if (name === 'AccessDenied' || name === 'Forbidden' || status === 403) {
    message = `access denied while ${doing}`;
    hint = 'The credentials need s3:ListBucket on the bucket and s3:PutObject on its objects (s3:DeleteObject too for --delete).';
  } else if (network) {
    message = `cannot reach ${where.endpoint ?? 'S3'} (${network}) while ${doing}`;
    hint = where.endpoint ? 'Check --endpoint and that the store is running.' : 'Check the network connection and --region.';
  } else {
    message = `${doing} failed: ${e.message || name || String(error)}${status ? ` (HTTP ${status})` : ''}`;
  }
  return new HelpgenError(message, { hint: [hint, after].filter(Boolean).join(' ') || undefined, cause: error });
}

function networkCode(error: unknown): string | undefined {
  for (let e = error as SdkError | undefined, depth = 0; e && depth < 4; e = e.cause as SdkError | undefined, depth++) {
    if (e.code && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(e.code)) return e.code;
  }
  return undefined;
}
