/**
 * The bot's answer to /start (the real bot, and the dev route that simulates it): a fresh link
 * code for the chat, and where to enter it. It is written in the language of the account the chat
 * is linked to; a chat not linked yet gets the language of the sender's Telegram app when the app
 * speaks it, else English.
 */
import { DEFAULT_LANGUAGE, type Language } from '@blockpilot/shared/constants';
import { languageOfBrowser } from '@blockpilot/shared/rules';
import type { AppContext } from '../../context.js';
import { translate } from '../../domain/translate.js';
import { issueTelegramLinkCode, TELEGRAM_LINK_CODE_TTL_MS } from '../user/telegramLinks.js';

/** The reply to /start in a chat, with its code; `telegramLanguage` is the sender's Telegram language (an IETF tag such as "es"), when Telegram gave one. */
export async function answerTelegramStart(ctx: Pick<AppContext, 'db' | 'clock'>, chatId: string, telegramLanguage?: string): Promise<{ code: string; reply: string }> {
  const code = await issueTelegramLinkCode(ctx.db, chatId, ctx.clock.now());
  const minutes = Math.round(TELEGRAM_LINK_CODE_TTL_MS / 60_000);
  const language = await chatLanguage(ctx, chatId, telegramLanguage);
  return { code, reply: translate(language, 'telegram.start', { code, minutes }) };
}

async function chatLanguage(ctx: Pick<AppContext, 'db'>, chatId: string, telegramLanguage: string | undefined): Promise<Language> {
  const linked = await ctx.db.selectFrom('users').select('language').where('telegram_chat_id', '=', chatId).executeTakeFirst();
  if (linked) return linked.language;
  return telegramLanguage ? languageOfBrowser([telegramLanguage]) : DEFAULT_LANGUAGE;
}
