/**
 * The remote list the shell loads (`/remotes.json`), for one user on the deployment's channel
 * (docs/RELEASES.md "How the shell finds its remotes"): each remote's live release (its canary for
 * users in it), a release swapped in by a signed preview link, and the configured REMOTE_*_URL for
 * a remote with no release on the channel. A signed-in user also gets, with each release the
 * channel serves them, the assignment their load report must bring back to count as a vote
 * (loadAssignment.ts); a preview's release gets none, so a preview never votes.
 */
import type { Kysely } from 'kysely';
import type { RemoteManifestEntry, RemotesManifest } from '@blockpilot/shared/types';
import type { DatabaseSchema } from '../../db/schema.js';
import type { TokenCipher } from '../../security/tokenCipher.js';
import type { ServerConfig } from '../../config.js';
import { entryPathSql, MANIFEST_FILE } from './build.js';
import { seesCanary, type CanaryAudience } from './canary.js';
import { loadAssignment } from './loadAssignment.js';
import { releaseEntry } from './registry.js';

const PREVIEW_CONTEXT = 'release-preview';

/**
 * What a signed preview link carries: one remote, until when, and either one release or a channel
 * (whatever release of the remote the channel serves when the page loads, so the link follows it).
 */
export type PreviewGrant = { remote: string; expiresAt: string } & ({ releaseId: string; channel?: never } | { channel: string; releaseId?: never });

export function signPreview(cipher: TokenCipher, grant: PreviewGrant): string {
  return cipher.encrypt(JSON.stringify(grant), PREVIEW_CONTEXT);
}

/** The grant of a preview link, or null when it is forged, damaged or expired. */
export function openPreview(cipher: TokenCipher, sealed: string, now: Date): PreviewGrant | null {
  try {
    const grant = JSON.parse(cipher.decrypt(sealed, PREVIEW_CONTEXT)) as PreviewGrant;
    return Date.parse(grant.expiresAt) > now.getTime() ? grant : null;
  } catch {
    return null;
  }
}

/** The release a grant swaps in: its own, or its channel's stable release of the remote now; undefined when there is none. */
function previewedRelease(db: Kysely<DatabaseSchema>, grant: PreviewGrant) {
  const releases = db
    .selectFrom('releases as r')
    .innerJoin('release_files as f', (join) => join.onRef('f.release_id', '=', 'r.id').on('f.path', '=', MANIFEST_FILE))
    .innerJoin('release_files as entry', (join) => join.onRef('entry.release_id', '=', 'r.id').on('entry.path', '=', entryPathSql('r.manifest')))
    .select(['r.id', 'r.remote', 'r.version', 'r.hosted_url', 'f.integrity', 'entry.integrity as entry_integrity'])
    .where('r.remote', '=', grant.remote);
  if (grant.channel === undefined) return releases.where('r.id', '=', grant.releaseId).executeTakeFirst();
  const { channel } = grant;
  return releases
    .innerJoin('release_channel_entries as e', (join) => join.onRef('e.release_id', '=', 'r.id').on('e.remote', '=', grant.remote).on('e.channel', '=', channel))
    .executeTakeFirst();
}

export interface RemoteListRequest {
  user: CanaryAudience | null;
  preview: string | null;
}

export interface RemoteListDependencies {
  db: Kysely<DatabaseSchema>;
  config: ServerConfig;
  tokenCipher: TokenCipher;
  /** Signs load assignments (the server's link-signing key). */
  assignmentKey: Buffer;
  now: Date;
}

export async function resolveRemoteList({ db, config, tokenCipher, assignmentKey, now }: RemoteListDependencies, { user, preview }: RemoteListRequest): Promise<RemotesManifest> {
  const channel = config.releases.channel;
  const grant = preview ? openPreview(tokenCipher, preview, now) : null;
  const rows = await db
    .selectFrom('release_channel_entries as e')
    .innerJoin('releases as r', (join) => join.on((eb) => eb.or([eb('r.id', '=', eb.ref('e.release_id')), eb('r.id', '=', eb.ref('e.canary_release_id'))])))
    .innerJoin('release_files as f', (join) => join.onRef('f.release_id', '=', 'r.id').on('f.path', '=', MANIFEST_FILE))
    // The shell loads a release's manifest and remote entry with their recorded sha384 (docs/RELEASES.md "Integrity in the browser").
    .innerJoin('release_files as entry', (join) => join.onRef('entry.release_id', '=', 'r.id').on('entry.path', '=', entryPathSql('r.manifest')))
    .select([
      'e.remote',
      'e.release_id',
      'e.canary_release_id',
      'e.canary_percent',
      'e.canary_users',
      'r.id',
      'r.version',
      'r.hosted_url',
      'f.integrity',
      'entry.integrity as entry_integrity',
    ])
    .where('e.channel', '=', channel)
    .execute();
  const previewed = grant ? await previewedRelease(db, grant) : undefined;

  const remotes: RemoteManifestEntry[] = config.frontend.remotes.map(({ name, entry }) => {
    if (previewed?.remote === name)
      return {
        name,
        entry: releaseEntry({ ...previewed, remote: name }),
        release: { id: previewed.id, version: previewed.version, integrity: previewed.integrity, entryIntegrity: previewed.entry_integrity, preview: true },
      };
    const mine = rows.filter((row) => row.remote === name);
    const first = mine[0];
    if (!first) return { name, entry };
    const canary = first.canary_release_id !== null && seesCanary({ releaseId: first.canary_release_id, percent: first.canary_percent ?? 0, users: first.canary_users }, user);
    const chosen = mine.find((row) => row.id === (canary ? first.canary_release_id : first.release_id));
    if (!chosen) return { name, entry };
    return {
      name,
      entry: releaseEntry({ ...chosen, remote: name }),
      release: {
        id: chosen.id,
        version: chosen.version,
        integrity: chosen.integrity,
        entryIntegrity: chosen.entry_integrity,
        ...(canary ? { canary: true } : {}),
        ...(user ? { assignment: loadAssignment(assignmentKey, { userId: user.id, releaseId: chosen.id, channel }, now) } : {}),
      },
    };
  });
  return {
    remotes,
    previewOrigins: config.frontend.previewOrigins,
    channel,
    ...(preview
      ? {
          releasePreview:
            previewed && grant
              ? { remote: previewed.remote, version: previewed.version, expiresAt: grant.expiresAt, ...(grant.channel ? { channel: grant.channel } : {}) }
              : { invalid: true as const },
        }
      : {}),
  };
}
