/**
 * Saving where a driver is notified (an e-mail address, a WhatsApp number, a linked Telegram chat)
 * and, per channel, of what (docs/LIVE.md "Push notifications").
 */
import { NOTIFICATION_CHANNELS, NOTIFICATION_EVENTS } from '@blockpilot/shared/constants';
import type { NotificationPreferences } from '@blockpilot/shared/types';
import type { AppContext } from '../../context.js';
import { validationError } from '../../domain/errors.js';
import { consumeTelegramLinkCode } from './telegramLinks.js';

/**
 * Saves all of it at once, or nothing: a Telegram code that is not live fails the whole save with
 * the message under telegramAuthCode. Re-sending the code already linked keeps the link.
 */
export async function saveNotificationPreferences(ctx: AppContext, userId: string, preferences: NotificationPreferences): Promise<void> {
  const code = preferences.telegramAuthCode.trim().toUpperCase();
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    // FOR NO KEY UPDATE, not FOR UPDATE: enough to order two saves of this driver, and it does not
    // wait on (or deadlock with) the key-share locks of ledger entries written for them meanwhile.
    const { telegram_auth_code: linkedCode } = await trx.selectFrom('users').select('telegram_auth_code').where('id', '=', userId).forNoKeyUpdate().executeTakeFirstOrThrow();
    let telegram = {};
    if (code === '') telegram = { telegram_auth_code: '', telegram_chat_id: null };
    else if (code !== linkedCode) {
      const chatId = await consumeTelegramLinkCode(trx, code, now);
      if (!chatId) throw validationError({ telegramAuthCode: 'api.field.telegramCodeUnknown' });
      telegram = { telegram_auth_code: code, telegram_chat_id: chatId };
    }
    await trx
      .updateTable('users')
      .set({ notify_email: preferences.emailAddress.trim().toLowerCase(), notify_whatsapp: preferences.whatsAppNumber.trim(), ...telegram })
      .where('id', '=', userId)
      .execute();
    const { events } = preferences;
    if (events) {
      const rows = NOTIFICATION_CHANNELS.map((channel) => ({ user_id: userId, channel, events: NOTIFICATION_EVENTS.filter((event) => events[channel].includes(event)) }));
      await trx
        .insertInto('notification_events')
        .values(rows)
        .onConflict((oc) => oc.columns(['user_id', 'channel']).doUpdateSet((eb) => ({ events: eb.ref('excluded.events') })))
        .execute();
    }
  });
}
