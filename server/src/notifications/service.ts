/**
 * Telling drivers what the engine did, on the channels of their Notification Preferences: e-mail
 * when an address is set, WhatsApp when a number is set, Telegram when a chat is linked. Every
 * notification is fire and forget (the background tasks): it never delays or fails an accept,
 * and a channel that fails is logged without stopping the others.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ChatChannel } from '../adapters/chat/types.js';
import type { Mailer } from '../adapters/mail/types.js';
import type { BackgroundTasks } from '../background.js';
import type { DatabaseSchema } from '../db/schema.js';
import type { AcceptedBlock, StopReason } from '../engine/types.js';
import { REGIONS } from '../features/user/regions.js';
import { acceptedText, autoTopUpFailedText, chatText, lowCreditText, stoppedText, type LowCredit, type NotificationText, type Reader } from './messages.js';

/** What the engine tells drivers about. Both return at once; sending happens in the background. */
export interface Notifications {
  blockAccepted(userId: string, block: AcceptedBlock): void;
  searchStopped(userId: string, reason: StopReason): void;
  /** The credit covers few fees (sent once per crossing: the caller claims it first). */
  creditLow(userId: string, credit: LowCredit): void;
  /** An automatic top-up was declined and turned off (sent once: the caller claims it first). */
  autoTopUpFailed(userId: string, failure: { amountCents: number; reason: string }): void;
}

/** Where notifications go out. */
export interface NotificationDependencies {
  db: Kysely<DatabaseSchema>;
  mailer: Mailer;
  telegram: ChatChannel;
  whatsApp: ChatChannel;
  background: BackgroundTasks;
  log: FastifyBaseLogger;
  publicUrl: string;
}

/** The notifications service over the app's mailer and chat channels. */
export function createNotifications(deps: NotificationDependencies): Notifications {
  const send = (label: string, userId: string, compose: (reader: Reader) => NotificationText) =>
    deps.background.run(label, async () => {
      const user = await deps.db
        .selectFrom('users')
        .select(['notify_email', 'notify_whatsapp', 'telegram_chat_id', 'timezone_offset', 'time_zone', 'country_code'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!user) return;
      const message = compose({ timezoneOffset: user.timezone_offset, timeZone: user.time_zone, currencySymbol: REGIONS[user.country_code].currencySymbol, publicUrl: deps.publicUrl });
      const deliveries: Array<[string, Promise<void>]> = [];
      if (user.notify_email) deliveries.push(['email', deps.mailer.send({ to: user.notify_email, subject: message.subject, text: message.text })]);
      if (user.notify_whatsapp) deliveries.push(['whatsapp', deps.whatsApp.send(user.notify_whatsapp, chatText(message))]);
      if (user.telegram_chat_id) deliveries.push(['telegram', deps.telegram.send(user.telegram_chat_id, chatText(message))]);
      const results = await Promise.allSettled(deliveries.map(([, delivery]) => delivery));
      results.forEach((result, i) => {
        if (result.status === 'rejected') deps.log.warn({ err: result.reason, userId, channel: deliveries[i]![0], notification: label }, 'notification not delivered');
      });
    });
  return {
    blockAccepted: (userId, block) => send('notify block accepted', userId, (reader) => acceptedText(block, reader)),
    searchStopped: (userId, reason) => send(`notify search stopped (${reason})`, userId, (reader) => stoppedText(reason, reader)),
    creditLow: (userId, credit) => send('notify credit low', userId, (reader) => lowCreditText(credit, reader)),
    autoTopUpFailed: (userId, failure) => send('notify auto top-up failed', userId, (reader) => autoTopUpFailedText(failure, reader)),
  };
}
