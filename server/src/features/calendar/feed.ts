/**
 * The driver's private calendar feed link (docs/LIVE.md "The driver's app"; docs/SECURITY.md).
 * Calendar apps fetch a URL and send no Authorization header, so the link is the secret: a random
 * token of 256 bits in its path, kept only as its SHA-256 like access tokens (security/tokens.ts).
 * One link per driver: making one replaces the last (rotate), revoking deletes it, and either
 * way the old link answers 404 from then on. The URL is shown once, in the answer that made it.
 */
import type { Kysely } from 'kysely';
import { CALENDAR_FEED_PATH } from '@blockpilot/shared/constants';
import type { CalendarFeed } from '@blockpilot/shared/types';
import type { DatabaseSchema } from '../../db/schema.js';
import { hashToken, newToken } from '../../security/tokens.js';

type Db = Kysely<DatabaseSchema>;

/** The feed's URL for a token. */
export function feedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${CALENDAR_FEED_PATH}${token}.ics`;
}

/** Whether the driver has a link, and since when. */
export async function feedState(db: Db, userId: string): Promise<CalendarFeed> {
  const row = await db.selectFrom('calendar_feeds').select('created_at').where('user_id', '=', userId).executeTakeFirst();
  return { createdAt: row ? row.created_at.getTime() : null };
}

/** Makes a new link, replacing any earlier one; returns its token, and whether an earlier link stopped working. */
export async function rotateFeed(db: Db, userId: string, now: Date): Promise<{ token: string; replaced: boolean }> {
  const token = newToken();
  const values = { user_id: userId, token_hash: hashToken(token), created_at: now };
  return db.transaction().execute(async (trx) => {
    const earlier = await trx.selectFrom('calendar_feeds').select('user_id').where('user_id', '=', userId).forUpdate().executeTakeFirst();
    await trx
      .insertInto('calendar_feeds')
      .values(values)
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: values.token_hash, created_at: now }))
      .execute();
    return { token, replaced: earlier !== undefined };
  });
}

/** Deletes the driver's link; whether there was one. */
export async function revokeFeed(db: Db, userId: string): Promise<boolean> {
  const removed = await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/** The driver whose live link this token is, or null (unknown, rotated, revoked, or a suspended account). */
export async function feedOwner(db: Db, token: string) {
  const row = await db
    .selectFrom('calendar_feeds')
    .innerJoin('users', 'users.id', 'calendar_feeds.user_id')
    .select(['users.id', 'users.country_code', 'users.language'])
    .where('calendar_feeds.token_hash', '=', hashToken(token))
    .where('users.suspended_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}
