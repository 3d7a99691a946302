/**
 * Before a release goes live (docs/RELEASES.md "Moves: promote, rollback, compare-and-swap"):
 * every file of an uploaded release is read again from the store it is kept in, past any copy in
 * memory, and hashed. A file changed, damaged or lost there since publish would be answered 503
 * to every browser given the release, so such a release does not go live at all.
 */
import type { ReleaseFileStore } from '../../adapters/releaseStore/fileStore.js';
import type { Db } from './releaseRecords.js';

/** Files read at once: a build has tens of files, a bucket should not get thousands of requests at a time. */
const READ_AT_ONCE = 8;

/**
 * The paths of `releaseId`'s stored files that are missing, no longer hash to their recorded
 * integrity, or cannot be read now (fail closed); empty when every file is whole. A hosted
 * release keeps no files here: its host is read instead (registry.ts).
 */
export async function changedStoredFiles(db: Db, files: ReleaseFileStore, releaseId: string): Promise<string[]> {
  const recorded = await db.selectFrom('release_files').select(['path', 'integrity']).where('release_id', '=', releaseId).orderBy('path').execute();
  const changed: string[] = [];
  for (let start = 0; start < recorded.length; start += READ_AT_ONCE) {
    const batch = recorded.slice(start, start + READ_AT_ONCE);
    const whole = await Promise.all(batch.map((file) => files.recheck(file.integrity).catch(() => false)));
    changed.push(...batch.filter((_, i) => !whole[i]).map((file) => file.path));
  }
  return changed;
}
