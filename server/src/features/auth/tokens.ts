/**
 * Access and reset tokens. The client holds the token; the table holds its SHA-256, what it
 * grants (kind), when it expires and whether it was revoked. Expiry is checked against the
 * app's clock, not the database's, so tests can move time.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema, TokenKind } from '../../db/schema.js';
import { hashToken, newToken } from '../../security/tokens.js';

type Db = Kysely<DatabaseSchema>;

/** Creates a token of `kind` for the user; returns the token itself, shown only this once. */
export async function issueToken(db: Db, userId: string, kind: TokenKind, now: Date, ttlMs: number): Promise<string> {
  const token = newToken();
  await db
    .insertInto('auth_tokens')
    .values({ token_hash: hashToken(token), user_id: userId, kind, created_at: now, expires_at: new Date(now.getTime() + ttlMs) })
    .execute();
  return token;
}

/** The user a live token of `kind` belongs to, or null for an unknown, expired or revoked one. */
export async function resolveToken(db: Db, token: string, kind: TokenKind, now: Date): Promise<string | null> {
  const row = await db
    .selectFrom('auth_tokens')
    .select('user_id')
    .where('token_hash', '=', hashToken(token))
    .where('kind', '=', kind)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * Revokes a live reset token and returns its user, in one statement: of two requests racing
 * with the same link, exactly one gets the user.
 */
export async function consumeResetToken(db: Db, token: string, now: Date): Promise<string | null> {
  const row = await db
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('kind', '=', 'reset')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function revokeToken(db: Db, token: string, now: Date): Promise<void> {
  await db.updateTable('auth_tokens').set({ revoked_at: now }).where('token_hash', '=', hashToken(token)).where('revoked_at', 'is', null).execute();
}

/** Revokes every live token of the user (both kinds), except the one it is called with, if any. */
export async function revokeUserTokens(db: Db, userId: string, now: Date, except?: string): Promise<void> {
  let query = db.updateTable('auth_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (except) query = query.where('token_hash', '<>', hashToken(except));
  await query.execute();
}
