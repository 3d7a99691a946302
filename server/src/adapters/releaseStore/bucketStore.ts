/**
 * Release files in an S3-compatible bucket (RELEASES_BUCKET; docs/RELEASES.md "Where files are
 * kept"): one object per content, named `<prefix><sha384 in hex>`. The server still serves every
 * file itself: it reads the whole object, checks its sha384 and only then sends it, so an object
 * changed or damaged in the bucket is never served (and nothing is redirected to the bucket). The
 * S3 client is loaded with the first call, so a server on disk never loads it.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import type { BucketConfig } from './config.js';
import { contentName, integrityOf, type ReleaseFileStore } from './fileStore.js';

/** Verified files kept in memory, most recently used first out last: a page load asks for the same chunks again and again. */
export const BUCKET_CACHE_BYTES = 64 * 1024 * 1024;

type S3Module = typeof import('@aws-sdk/client-s3');

/** A bounded cache of verified bytes by integrity, least recently used dropped first. */
function verifiedCache(maxBytes: number) {
  const entries = new Map<string, Buffer>();
  let bytes = 0;
  return {
    get(integrity: string): Buffer | null {
      const hit = entries.get(integrity);
      if (!hit) return null;
      entries.delete(integrity);
      entries.set(integrity, hit);
      return hit;
    },
    set(integrity: string, value: Buffer): void {
      // One file may take a quarter at most, so a big one cannot push every other out.
      if (value.length > maxBytes / 4 || entries.has(integrity)) return;
      entries.set(integrity, value);
      bytes += value.length;
      for (const [key, old] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(key);
        bytes -= old.length;
      }
    },
  };
}

const isNotFound = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

export function createBucketFileStore(config: BucketConfig, { cacheBytes = BUCKET_CACHE_BYTES }: { cacheBytes?: number } = {}): ReleaseFileStore {
  let connection: Promise<{ s3: S3Module; client: S3Client }> | null = null;
  const connect = () =>
    (connection ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: config.region,
        forcePathStyle: config.pathStyle,
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        ...(config.credentials ? { credentials: config.credentials } : {}),
        // The store checks every file's sha384 itself; S3-compatible services differ in the
        // checksums they take, so the client adds none that a request does not require.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const keyOf = (integrity: string) => {
    const name = contentName(integrity);
    return name ? `${config.prefix}${name}` : null;
  };
  const cache = verifiedCache(cacheBytes);
  /** The object's bytes from the bucket, kept in the cache when they match `integrity`; null when missing or changed. */
  async function fetchVerified(integrity: string): Promise<Buffer | null> {
    const key = keyOf(integrity);
    if (!key) return null;
    const { s3, client } = await connect();
    let body: Uint8Array;
    try {
      const object = await client.send(new s3.GetObjectCommand({ Bucket: config.bucket, Key: key }));
      body = await object.Body!.transformToByteArray();
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    if (integrityOf(bytes) !== integrity) return null;
    cache.set(integrity, bytes);
    return bytes;
  }

  return {
    async put(bytes) {
      const integrity = integrityOf(bytes);
      const { s3, client } = await connect();
      // Always written, never skipped when present: publishing a file again repairs an object
      // that was changed in the bucket.
      await client.send(new s3.PutObjectCommand({ Bucket: config.bucket, Key: keyOf(integrity)!, Body: bytes, ContentLength: bytes.length }));
      return integrity;
    },
    async get(integrity) {
      return cache.get(integrity) ?? fetchVerified(integrity);
    },
    async recheck(integrity) {
      return (await fetchVerified(integrity)) !== null;
    },
    async close() {
      if (connection) (await connection).client.destroy();
    },
  };
}
