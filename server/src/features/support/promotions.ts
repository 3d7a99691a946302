/**
 * Promotional e-mail and opting out of it. Every promotional message carries an opt-out link
 * `/promotionOptOut/{key}` (and a List-Unsubscribe header); drivers who opted out get none.
 * Service messages (reset links) are not promotional and always go out.
 *
 * The link's key is the driver's id sealed with the server's token key, not the bare id: the
 * opt-out call needs no sign-in (it is clicked from the e-mail), so a bare id would let anyone
 * who learns another driver's id opt them out. Only the mailbox the link was sent to holds a key.
 */
import type { Language } from '@blockpilot/shared/constants';
import { pageLinks } from '@blockpilot/shared/pages';
import type { AppContext } from '../../context.js';
import { translate } from '../../domain/translate.js';
import { TokenCipherError } from '../../security/tokenCipher.js';

/** The answer to an opt-out link this server did not issue (cut short, altered, made up). */
export const INVALID_OPT_OUT_LINK = 'api.error.optOutLinkInvalid';

/** Associated data of opt-out keys: no other sealed value (a platform token) opens as one. */
const OPT_OUT_CONTEXT = 'promotion-opt-out';

/** The key of the driver's opt-out link (a new one each time; every one stays valid). */
export function optOutKey(ctx: Pick<AppContext, 'tokenCipher'>, userId: string): string {
  return ctx.tokenCipher.encrypt(userId, OPT_OUT_CONTEXT);
}

export function optOutUrl(ctx: Pick<AppContext, 'tokenCipher' | 'config'>, userId: string): string {
  return `${ctx.config.publicUrl}${pageLinks.promotionOptOut(optOutKey(ctx, userId))}`;
}

/** A promotional e-mail's subject and text. */
export interface PromotionalMessage {
  subject: string;
  text: string;
}

/**
 * Sends unless the driver opted out; true when sent. The message is either written once (an
 * operator's promotion goes to everyone as written) or written by the server in the driver's
 * language; the opt-out line is always in the driver's language.
 */
export async function sendPromotionalEmail(ctx: AppContext, userId: string, message: PromotionalMessage | ((language: Language) => PromotionalMessage)): Promise<boolean> {
  const user = await ctx.db.selectFrom('users').select(['email', 'promotions_opted_out_at', 'language']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.promotions_opted_out_at) return false;
  const { subject, text } = typeof message === 'function' ? message(user.language) : message;
  const link = optOutUrl(ctx, userId);
  await ctx.mailer.send({
    to: user.email,
    subject,
    text: `${text}\n\n--\n${translate(user.language, 'email.promotion.optOut', { link })}`,
    headers: { 'List-Unsubscribe': `<${link}>` },
  });
  return true;
}

/** The driver an opt-out link's key names, or null for a key this server did not issue (forged, altered, or a bare id). */
function driverOfKey(ctx: Pick<AppContext, 'tokenCipher'>, key: string): string | null {
  try {
    return ctx.tokenCipher.decrypt(key, OPT_OUT_CONTEXT);
  } catch (error) {
    if (error instanceof TokenCipherError) return null;
    throw error;
  }
}

/**
 * The driver's choice, one setting wherever it is made (the account settings, the e-mailed link):
 * on clears the opt-out; off keeps the first opt-out's time (repeating it changes nothing).
 */
export async function setPromotionalEmails(ctx: Pick<AppContext, 'db' | 'clock'>, userId: string, wanted: boolean): Promise<void> {
  if (wanted) await ctx.db.updateTable('users').set({ promotions_opted_out_at: null }).where('id', '=', userId).execute();
  else await ctx.db.updateTable('users').set({ promotions_opted_out_at: ctx.clock.now() }).where('id', '=', userId).where('promotions_opted_out_at', 'is', null).execute();
}

/**
 * Opts out the driver whose link key this is; repeating it changes nothing and is not an error.
 * False for a key this server did not issue.
 */
export async function optOutOfPromotions(ctx: Pick<AppContext, 'db' | 'tokenCipher' | 'clock'>, key: string): Promise<boolean> {
  const userId = driverOfKey(ctx, key);
  if (!userId) return false;
  await setPromotionalEmails(ctx, userId, false);
  return true;
}

/** Whether the driver of the link's key takes promotional e-mails now; null for a key this server did not issue (or a driver gone). */
export async function promotionalEmailsOfKey(ctx: Pick<AppContext, 'db' | 'tokenCipher'>, key: string): Promise<boolean | null> {
  const userId = driverOfKey(ctx, key);
  if (!userId) return null;
  const user = await ctx.db.selectFrom('users').select('promotions_opted_out_at').where('id', '=', userId).executeTakeFirst();
  return user ? user.promotions_opted_out_at === null : null;
}
