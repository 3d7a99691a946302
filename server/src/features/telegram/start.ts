/**
 * The bot's answer to /start (the real bot, and the dev route that simulates it): a fresh link
 * code for the chat, and where to enter it.
 */
import type { AppContext } from '../../context.js';
import { issueTelegramLinkCode, TELEGRAM_LINK_CODE_TTL_MS } from '../user/telegramLinks.js';

/** The reply to /start in a chat, with its code. */
export async function answerTelegramStart(ctx: Pick<AppContext, 'db' | 'clock'>, chatId: string): Promise<{ code: string; reply: string }> {
  const code = await issueTelegramLinkCode(ctx.db, chatId, ctx.clock.now());
  const minutes = Math.round(TELEGRAM_LINK_CODE_TTL_MS / 60_000);
  return {
    code,
    reply: `Your BlockPilot code is ${code}\n\nEnter it in BlockPilot under Account > Notification Preferences within ${minutes} minutes to get your notifications here.`,
  };
}
