/**
 * Linking a Telegram chat: the bot answers /start with a short code for its chat (issued here,
 * valid for a while); the driver enters the code in Notification Preferences, which links the
 * chat to the account and uses the code up.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { newCode } from '../../security/tokens.js';

export const TELEGRAM_LINK_CODE_TTL_MS = 15 * 60_000;

/** A new code for the chat (the Telegram adapter calls this on /start). */
export async function issueTelegramLinkCode(db: Kysely<DatabaseSchema>, chatId: string, now: Date): Promise<string> {
  const code = newCode(8);
  await db
    .insertInto('telegram_link_codes')
    .values({ code, chat_id: chatId, expires_at: new Date(now.getTime() + TELEGRAM_LINK_CODE_TTL_MS), used_at: null })
    .execute();
  return code;
}

/** Uses up a live code; its chat id, or null for an unknown, used or expired code. */
export async function consumeTelegramLinkCode(db: Kysely<DatabaseSchema>, code: string, now: Date): Promise<string | null> {
  const row = await db
    .updateTable('telegram_link_codes')
    .set({ used_at: now })
    .where('code', '=', code)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('chat_id')
    .executeTakeFirst();
  return row?.chat_id ?? null;
}
