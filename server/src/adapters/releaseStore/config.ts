/**
 * Where release files are kept, from the environment (docs/RELEASES.md "Where files are kept"):
 * the server's disk unless RELEASES_BUCKET names an S3-compatible bucket. The endpoint, region and
 * credentials are read from the variables S3 clients take (AWS_ENDPOINT_URL_S3 or
 * AWS_ENDPOINT_URL, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN).
 */

export interface BucketConfig {
  /** RELEASES_BUCKET. */
  bucket: string;
  /** RELEASES_BUCKET_PREFIX: put before every object's name (default `releases/`). */
  prefix: string;
  /** AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL: an S3-compatible service; null: AWS S3 itself. */
  endpoint: string | null;
  /** AWS_REGION (or AWS_DEFAULT_REGION); `us-east-1` when unset. */
  region: string;
  /** RELEASES_BUCKET_PATH_STYLE: `host/bucket/key` URLs instead of `bucket.host/key` (on by default with an endpoint). */
  pathStyle: boolean;
  /** AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN); null: the SDK's own chain (an instance role, shared config files). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | null;
}

/** S3's rule for bucket names: 3 to 63 lower-case letters, digits, dots and dashes, starting and ending with a letter or digit. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

const trimmed = (value: string | undefined) => value?.trim() ?? '';

/** The bucket settings, or null to keep files on disk; throws for a setting the bucket would refuse later. */
export function bucketConfig(env: NodeJS.ProcessEnv): BucketConfig | null {
  const bucket = trimmed(env.RELEASES_BUCKET);
  if (!bucket) return null;
  if (!BUCKET_NAME.test(bucket)) throw new Error(`RELEASES_BUCKET must be an S3 bucket name (3 to 63 of a-z 0-9 . -), got "${bucket}"`);
  const endpoint = trimmed(env.AWS_ENDPOINT_URL_S3) || trimmed(env.AWS_ENDPOINT_URL) || null;
  if (endpoint !== null && !/^https?:\/\/[^\s/]+(\/\S*)?$/i.test(endpoint)) throw new Error(`AWS_ENDPOINT_URL_S3 (or AWS_ENDPOINT_URL) must be an http(s) URL, got "${endpoint}"`);
  const pathStyle = trimmed(env.RELEASES_BUCKET_PATH_STYLE).toLowerCase();
  if (pathStyle && !['on', 'off'].includes(pathStyle)) throw new Error(`RELEASES_BUCKET_PATH_STYLE must be on or off, got "${pathStyle}"`);
  const accessKeyId = trimmed(env.AWS_ACCESS_KEY_ID);
  const secretAccessKey = trimmed(env.AWS_SECRET_ACCESS_KEY);
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new Error('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together: set both or neither');
  const sessionToken = trimmed(env.AWS_SESSION_TOKEN);
  return {
    bucket,
    prefix: env.RELEASES_BUCKET_PREFIX ?? 'releases/',
    endpoint,
    region: trimmed(env.AWS_REGION) || trimmed(env.AWS_DEFAULT_REGION) || 'us-east-1',
    pathStyle: pathStyle ? pathStyle === 'on' : endpoint !== null,
    credentials: accessKeyId ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } : null,
  };
}
