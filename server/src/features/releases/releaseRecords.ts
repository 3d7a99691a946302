/**
 * The release registry's rows as its code reads them, who acts on it, and the writer of its
 * append-only audit log (docs/RELEASES.md "Model"): what publishing and channel moves share.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseSchema, ReleaseSharedModule } from '../../db/schema.js';
import { releaseErrors } from './errors.js';

export type Db = Kysely<DatabaseSchema>;
export type Trx = Transaction<DatabaseSchema>;

/** Who is acting: a deploy token's name and the remote it may change (`*`: every remote). */
export interface DeployActor {
  name: string;
  scope: string;
}

export const RELEASE_COLUMNS = [
  'releases.id',
  'releases.remote',
  'releases.version',
  'releases.build_digest',
  'releases.git_commit',
  'releases.published_by',
  'releases.published_at',
  'releases.shared',
  'releases.exposes',
  'releases.hosted_url',
  'releases.first_load_bytes',
] as const;

export type ReleaseRow = {
  id: string;
  remote: string;
  version: string;
  build_digest: string;
  git_commit: string | null;
  published_by: string;
  published_at: Date;
  shared: ReleaseSharedModule[];
  exposes: string[];
  hosted_url: string | null;
  /** Gzipped bytes a browser loads before the remote shows anything (budget.ts); null before they were measured. */
  first_load_bytes: number | null;
};

/** The release `version` of `remote`; BP_ERR_RELEASE_UNKNOWN when there is none. */
export async function findRelease(executor: Db, remote: string, version: string): Promise<ReleaseRow> {
  const row = await executor.selectFrom('releases').select(RELEASE_COLUMNS).where('remote', '=', remote).where('version', '=', version).executeTakeFirst();
  if (!row) throw releaseErrors.unknownRelease(remote, version);
  return row;
}

/** One entry of the registry's append-only audit log (docs/RELEASES.md "Model"). */
export interface ReleaseAuditRecord {
  actor: string;
  action: string;
  channel?: string;
  remote?: string;
  fromReleaseId?: string | null;
  toReleaseId?: string | null;
  revision?: number;
  reason?: string | null;
  forced?: boolean;
  detail?: Record<string, unknown>;
}

/** Writes one entry of the audit log; `executor` may be the transaction of the change it records. */
export async function recordReleaseAudit(executor: Kysely<DatabaseSchema>, at: Date, record: ReleaseAuditRecord): Promise<void> {
  await executor
    .insertInto('release_audit')
    .values({
      actor: record.actor,
      action: record.action,
      channel: record.channel ?? null,
      remote: record.remote ?? null,
      from_release_id: record.fromReleaseId ?? null,
      to_release_id: record.toReleaseId ?? null,
      revision: record.revision ?? null,
      reason: record.reason ?? null,
      forced: record.forced ?? false,
      at,
      detail: JSON.stringify(record.detail ?? {}),
    })
    .execute();
}
