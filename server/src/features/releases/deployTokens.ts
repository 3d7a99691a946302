/**
 * Deploy tokens (docs/RELEASES.md "Tokens"). RELEASE_TOKEN, when set, acts on every remote and is
 * the only deploy token that mints and revokes the others; admins of the operator console mint and
 * revoke them too (features/admin/deployTokens.ts). A minted token acts on one remote, so a team
 * ships only its own screens. Minted tokens are stored as their SHA-256 and shown once.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { hashToken, newToken } from '../../security/tokens.js';
import { releaseErrors } from './errors.js';
import type { DeployActor } from './registry.js';

/** The scope of the all-remote token. */
export const ALL_REMOTES = '*';
/** Prefix of minted tokens, so a leaked one is recognisable in logs and secret scanners. */
const TOKEN_PREFIX = 'bprt_';

const digest = (value: string) => createHash('sha256').update(value).digest();

export async function deployActorFor(db: Kysely<DatabaseSchema>, allRemoteToken: string | null, token: string | null): Promise<DeployActor | null> {
  if (!token) return null;
  if (allRemoteToken && timingSafeEqual(digest(token), digest(allRemoteToken))) return { name: 'RELEASE_TOKEN', scope: ALL_REMOTES };
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const row = await db.selectFrom('release_tokens').select(['label', 'remote']).where('token_hash', '=', hashToken(token)).where('revoked_at', 'is', null).executeTakeFirst();
  return row ? { name: `token:${row.label}`, scope: row.remote } : null;
}

/** Throws 403 unless the actor may change `remote`. */
export function assertMayChange(actor: DeployActor, remote: string): void {
  if (actor.scope !== ALL_REMOTES && actor.scope !== remote) throw releaseErrors.tokenScope(remote);
}

export function assertAdmin(actor: DeployActor): void {
  if (actor.scope !== ALL_REMOTES) throw releaseErrors.adminRequired();
}

export interface DeployTokenInfo {
  id: string;
  label: string;
  remote: string;
  createdBy: string;
  createdAt: string;
  revokedAt: string | null;
}

const TOKEN_COLUMNS = ['id', 'label', 'remote', 'created_by', 'created_at', 'revoked_at'] as const;

/** A new token for `remote`; `createdBy` names who minted it (a deploy token or an admin). `db` may be a transaction. */
export async function mintDeployToken(db: Kysely<DatabaseSchema>, createdBy: string, label: string, remote: string, now: Date): Promise<DeployTokenInfo & { token: string }> {
  const token = `${TOKEN_PREFIX}${newToken()}`;
  const row = await db
    .insertInto('release_tokens')
    .values({ label, remote, token_hash: hashToken(token), created_by: createdBy, created_at: now, revoked_at: null })
    .returning(TOKEN_COLUMNS)
    .executeTakeFirstOrThrow();
  return { ...infoOf(row), token };
}

export async function listDeployTokens(db: Kysely<DatabaseSchema>): Promise<DeployTokenInfo[]> {
  const rows = await db.selectFrom('release_tokens').select(TOKEN_COLUMNS).orderBy('created_at', 'desc').orderBy('label').execute();
  return rows.map(infoOf);
}

/**
 * Revokes a token; repeating it is harmless (`revoked` says whether this call revoked it). Null for
 * an unknown id. `db` may be a transaction.
 */
export async function revokeDeployToken(db: Kysely<DatabaseSchema>, id: string, now: Date): Promise<(DeployTokenInfo & { revoked: boolean }) | null> {
  const changed = await db.updateTable('release_tokens').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  const row = await db.selectFrom('release_tokens').select(TOKEN_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? { ...infoOf(row), revoked: Number(changed.numUpdatedRows) > 0 } : null;
}

function infoOf(row: { id: string; label: string; remote: string; created_by: string; created_at: Date; revoked_at: Date | null }): DeployTokenInfo {
  return {
    id: row.id,
    label: row.label,
    remote: row.remote,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
    revokedAt: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
  };
}
