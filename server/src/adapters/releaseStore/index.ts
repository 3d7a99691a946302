/** The store of release files a server uses (docs/RELEASES.md "Where files are kept"): a bucket when RELEASES_BUCKET is set, else the disk. */
import { createBucketFileStore } from './bucketStore.js';
import type { BucketConfig } from './config.js';
import { createDiskFileStore } from './diskStore.js';
import type { ReleaseFileStore } from './fileStore.js';

export type { ReleaseFileStore } from './fileStore.js';
export { integrityOf } from './fileStore.js';

export function createReleaseFileStore({ dir, bucket }: { dir: string; bucket: BucketConfig | null }): ReleaseFileStore {
  return bucket ? createBucketFileStore(bucket) : createDiskFileStore(dir);
}
