/**
 * Promotional e-mail and opting out of it. Every promotional message carries the opt-out link
 * `/promotionOptOut/{userId}` (and a List-Unsubscribe header); drivers who opted out get none.
 * Service messages (reset links) are not promotional and always go out.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema } from '../../db/schema.js';

export function optOutUrl(publicUrl: string, userId: string): string {
  return `${publicUrl}/promotionOptOut/${userId}`;
}

/** Sends unless the driver opted out; true when sent. */
export async function sendPromotionalEmail(ctx: AppContext, userId: string, message: { subject: string; text: string }): Promise<boolean> {
  const user = await ctx.db.selectFrom('users').select(['email', 'promotions_opted_out_at']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.promotions_opted_out_at) return false;
  const link = optOutUrl(ctx.config.publicUrl, userId);
  await ctx.mailer.send({
    to: user.email,
    subject: message.subject,
    text: `${message.text}\n\n--\nNo more e-mails like this: ${link}`,
    headers: { 'List-Unsubscribe': `<${link}>` },
  });
  return true;
}

/** Opts the driver out; repeating it (or an unknown id) changes nothing and is not an error. */
export async function optOutOfPromotions(db: Kysely<DatabaseSchema>, userId: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ promotions_opted_out_at: now }).where('id', '=', userId).where('promotions_opted_out_at', 'is', null).execute();
}
