/**
 * The Accept button under an `offered` Telegram message (docs/PRODUCT.md "Notify-only filters"):
 * its data names the log entry, and the tap counts only from the chat linked to that entry's
 * driver (Telegram vouches for the chat a callback comes from). It accepts like the log's button,
 * and answers the tap with the outcome in the driver's language.
 */
import type { AppContext } from '../../context.js';
import { DomainError } from '../../domain/errors.js';
import { translate, translateWords } from '../../domain/translate.js';
import { TELEGRAM_ACCEPT_PREFIX } from '../../notifications/service.js';
import { USER_COLUMNS } from '../auth/tokens.js';
import { acceptEntry, loadEntry } from './acceptOffered.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The text Telegram shows for a tap on a button from chat `chatId`. */
export async function answerTelegramButton(ctx: AppContext, chatId: string, data: string): Promise<string> {
  const logId = data.startsWith(TELEGRAM_ACCEPT_PREFIX) ? data.slice(TELEGRAM_ACCEPT_PREFIX.length) : '';
  const entry = UUID.test(logId) ? await loadEntry(ctx, logId) : undefined;
  const user =
    entry &&
    (await ctx.db
      .selectFrom('users')
      .select(USER_COLUMNS)
      .where('users.id', '=', entry.user_id)
      .where('telegram_chat_id', '=', chatId)
      .where('suspended_at', 'is', null)
      .executeTakeFirst());
  if (!entry || !user) return translate('en', 'api.error.BP_ERR_ACCEPT_LINK_INVALID');
  try {
    const { outcome } = await acceptEntry(ctx, user, entry);
    return translate(user.language, outcome === 'accepted' ? 'api.alert.offerAccepted' : 'api.alert.offerAlreadyAccepted');
  } catch (error) {
    if (error instanceof DomainError && error.words) return translateWords(user.language, error.words);
    ctx.log.error({ err: error, userId: user.id }, 'telegram accept failed');
    return translate(user.language, 'api.error.offerNotDone');
  }
}
