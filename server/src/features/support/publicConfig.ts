/**
 * The public part of the server's configuration, for every page: the one support address
 * (SUPPORT_EMAIL) and the Telegram bot's @handle and link (its username as Telegram names it).
 * The pages ask for it at run time, so a deployment changes these without rebuilding them.
 */
import type { PublicConfig } from '@blockpilot/shared/types';
import type { AppContext } from '../../context.js';

export async function publicConfigOf(ctx: Pick<AppContext, 'config' | 'telegram'>): Promise<PublicConfig> {
  const username = await ctx.telegram.botUsername();
  return {
    supportEmail: ctx.config.mail.supportAddress,
    telegramBot: username ? { handle: `@${username}`, url: `https://t.me/${encodeURIComponent(username)}` } : null,
  };
}
