/**
 * Access and reset tokens. The client holds the token; the table holds its SHA-256, what it
 * grants (kind), when it expires and whether it was revoked. Expiry is checked against the
 * app's clock, not the database's, so tests can move time.
 */
import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, TokenKind, UserTable } from '../../db/schema.js';
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

/** A user row as the rest of a request sees it: everything but the password hash (and who decided the role, adminEmails.ts's own). */
export type UserRow = Omit<Selectable<UserTable>, 'password_hash' | 'role_granted_by'>;

/** The columns of a {@link UserRow}. */
export const USER_COLUMNS = [
  'users.id',
  'users.email',
  'users.phone_number',
  'users.country_code',
  'users.display_name',
  'users.credit_cents',
  'users.shareable_code',
  'users.invited_by',
  'users.trial_ends_at',
  'users.membership_ends_at',
  'users.notify_email',
  'users.notify_whatsapp',
  'users.telegram_auth_code',
  'users.telegram_chat_id',
  'users.promotions_opted_out_at',
  'users.flex_connected',
  'users.puzzle_required',
  'users.searching',
  'users.timezone_offset',
  'users.time_zone',
  'users.language',
  'users.email_verified_at',
  'users.role',
  'users.suspended_at',
  'users.search_paused_for',
  'users.missed_offers',
  'users.missed_value_cents',
  'users.low_credit_notified_at',
  'users.created_at',
] as const satisfies ReadonlyArray<`users.${keyof UserRow}`>;

/** A live token's user and the token's expiry. */
export interface TokenOwner {
  row: UserRow;
  expiresAt: Date;
}

/** The user a live token of `kind` belongs to, or null for an unknown, expired or revoked one. */
export async function resolveToken(db: Db, token: string, kind: TokenKind, now: Date): Promise<UserRow | null> {
  return (await tokenOwner(db, hashToken(token), kind, now))?.row ?? null;
}

/**
 * {@link resolveToken} by the token's hash, with the token's expiry (for the session cache). The
 * user's row comes in the same query, so a request needs no second one to know who is calling.
 */
export async function tokenOwner(db: Db, tokenHash: string, kind: TokenKind, now: Date): Promise<TokenOwner | null> {
  const found = await db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select([...USER_COLUMNS, 'auth_tokens.expires_at as token_expires_at'])
    .where('auth_tokens.token_hash', '=', tokenHash)
    .where('auth_tokens.kind', '=', kind)
    .where('auth_tokens.revoked_at', 'is', null)
    .where('auth_tokens.expires_at', '>', now)
    // A suspended account has no session (docs/OPERATIONS.md "Stop, suspend, restore"), whatever token it kept.
    .where('users.suspended_at', 'is', null)
    .executeTakeFirst();
  if (!found) return null;
  const { token_expires_at: expiresAt, ...row } = found;
  return { row, expiresAt };
}

/** The row of a signed-in user whose session the cache vouched for; null once suspended. */
export async function signedInUserRow(db: Db, userId: string): Promise<UserRow | null> {
  const row = await db.selectFrom('users').select(USER_COLUMNS).where('users.id', '=', userId).where('users.suspended_at', 'is', null).executeTakeFirst();
  return row ?? null;
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

/** Revokes one token; the caller then tells the session cache (`ctx.sessions.revokedToken`). */
export async function revokeToken(db: Db, token: string, now: Date): Promise<void> {
  await db.updateTable('auth_tokens').set({ revoked_at: now }).where('token_hash', '=', hashToken(token)).where('revoked_at', 'is', null).execute();
}

/**
 * Revokes every live token of the user (both kinds). The caller tells the session cache
 * (`ctx.sessions.revokedUser`) once its transaction has committed, before it answers.
 */
export async function revokeUserTokens(db: Db, userId: string, now: Date): Promise<void> {
  await db.updateTable('auth_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
