/**
 * What a remote costs a phone before it shows anything (docs/RELEASES.md "Compatibility gate",
 * first-load budget): its remote entry and the scripts its `./App` expose loads before it runs,
 * each gzipped. Measured once per release when it is published; the gate (gate.ts) compares it with
 * the release it would replace on a channel.
 */
import { gzipSync } from 'node:zlib';
import { REMOTE_APP_EXPOSE } from '@blockpilot/shared/constants';
import type { ChannelEntry } from './channelStatus.js';
import type { FirstLoadBudget } from './gate.js';
import { syncScriptsOf, type ManifestLocations } from './publicPath.js';
import type { Db, ReleaseRow } from './releaseRecords.js';

/** The paths, beside the manifest, of what a browser loads before the remote shows anything. */
export function firstLoadFiles(manifest: ManifestLocations, entryPath: string): string[] {
  return [...new Set([entryPath, ...syncScriptsOf(manifest, REMOTE_APP_EXPOSE)])];
}

/** Their size as a browser downloads them: each gzipped (every server here sends at least that). */
export function firstLoadBytes(files: readonly Buffer[]): number {
  return files.reduce((sum, bytes) => sum + gzipSync(bytes, { level: 9 }).length, 0);
}

/**
 * The budget a promote holds `release` to on a channel: its first load beside that of the stable
 * release it would replace there (`entry`). None for a remote's first release on the channel, nor
 * for the remote's canary becoming stable: it was held to the budget when it became the canary.
 */
export async function firstLoadBudget(executor: Db, release: ReleaseRow, entry: ChannelEntry | null, growthLimitBytes: number): Promise<FirstLoadBudget | null> {
  if (!entry || entry.release.id === release.id || entry.canary?.id === release.id) return null;
  const live = await executor.selectFrom('releases').select(['remote', 'version', 'first_load_bytes']).where('id', '=', entry.release.id).executeTakeFirstOrThrow();
  return {
    candidate: { label: `${release.remote}@${release.version}`, bytes: release.first_load_bytes },
    live: { label: `${live.remote}@${live.version}`, bytes: live.first_load_bytes },
    growthLimitBytes,
  };
}
