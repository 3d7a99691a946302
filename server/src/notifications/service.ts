/**
 * Telling drivers what the engine did, on the channels of their Notification Preferences: e-mail
 * when an address is set, WhatsApp when a number is set, Telegram when a chat is linked, Web Push
 * on every device switched on (docs/LIVE.md "Push notifications"), in the driver's account
 * language. Per channel the driver picks which events notify them. Every notification is fire and
 * forget (the background tasks): it never delays or fails an accept, and a channel that fails is
 * logged without stopping the others.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { NOTIFICATION_EVENTS, type NotificationChannel, type NotificationEvent } from '@blockpilot/shared/constants';
import type { NotificationEventChoices } from '@blockpilot/shared/types';
import type { ChatButton, ChatChannel } from '../adapters/chat/types.js';
import type { Mailer } from '../adapters/mail/types.js';
import type { PushPayload, PushSender } from '../adapters/push/types.js';
import type { BackgroundTasks } from '../background.js';
import type { DatabaseSchema } from '../db/schema.js';
import type { SearchNotifications, StopReason } from '../engine/types.js';
import { REGIONS } from '../domain/regions.js';
import { acceptToken } from '../domain/acceptToken.js';
import { acceptedText, offeredText, autoTopUpFailedText, chatText, lowCreditText, stoppedText, testText, type NotificationText, type Reader } from './messages.js';

/** What drivers are told: the engine's {@link SearchNotifications}, and more. Each returns at once; sending happens in the background. */
export interface Notifications extends SearchNotifications {
  /** An automatic top-up was declined and turned off (sent once: the caller claims it first). */
  autoTopUpFailed(userId: string, failure: { amountCents: number; reason: string }): void;
  /**
   * "Send a test" on one channel, awaited: how many messages went out (push: one per device), or
   * `notSetUp` when the channel has nowhere to send. Rejects when the channel's service refused.
   */
  sendTest(userId: string, channel: NotificationChannel): Promise<{ sent: number } | 'notSetUp'>;
}

/** Where notifications go out. */
export interface NotificationDependencies {
  db: Kysely<DatabaseSchema>;
  mailer: Mailer;
  telegram: ChatChannel;
  whatsApp: ChatChannel;
  push: PushSender;
  background: BackgroundTasks;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** Signs the one-tap accept tokens of `offered` notifications (domain/acceptToken.ts). */
  linkSigningKey: Buffer;
}

/** Where a push notification's Accept action posts its token (features/offers/routes.ts). */
export const ACCEPT_OFFERED_PATH = '/api/offers/acceptOffered';

/** What a device is sent: an offered block's message carries the Accept action and its token (docs/LIVE.md "Push notifications"). */
export function pushPayloadOf(message: NotificationText, tag: string): PushPayload {
  const payload: PushPayload = { title: message.subject, body: message.text, url: message.link, tag };
  if (message.accept) payload.accept = { action: 'accept', title: message.accept.label, token: message.accept.token, endpoint: ACCEPT_OFFERED_PATH };
  return payload;
}

/**
 * An offered block's Telegram button: its data names the log entry (a token is too long for
 * Telegram's 64 bytes); the tap is authorised by coming from the chat linked to the entry's
 * driver (features/offers/telegramAccept.ts).
 */
export function telegramButtonOf(message: NotificationText): ChatButton | undefined {
  return message.accept ? { label: message.accept.label, data: `${TELEGRAM_ACCEPT_PREFIX}${message.accept.logId}` } : undefined;
}

/** How an Accept button's data starts; the log entry's id follows. */
export const TELEGRAM_ACCEPT_PREFIX = 'accept:';

/** A stop for a puzzle is the captcha event; every other stop is the stop event. */
const stopEvent = (reason: StopReason): NotificationEvent => (reason === 'puzzle' ? 'captcha' : 'stopped');

/** Per channel, the events that notify there: every event on a channel the driver never chose for. */
export async function notificationEventsOf(db: Kysely<DatabaseSchema>, userId: string): Promise<NotificationEventChoices> {
  return eventChoicesFrom(await db.selectFrom('notification_events').select(['channel', 'events']).where('user_id', '=', userId).execute());
}

/** The choices of each channel from the driver's `notification_events` rows (a channel without one: every event). */
export function eventChoicesFrom(rows: readonly { channel: NotificationChannel; events: NotificationEvent[] }[]): NotificationEventChoices {
  const chosen = new Map(rows.map((row) => [row.channel, row.events]));
  const of = (channel: NotificationChannel) => [...(chosen.get(channel) ?? NOTIFICATION_EVENTS)];
  return { email: of('email'), whatsapp: of('whatsapp'), telegram: of('telegram'), push: of('push') };
}

/** The notifications service over the app's mailer, chat channels and Web Push. */
export function createNotifications(deps: NotificationDependencies): Notifications {
  const readerOf = async (userId: string) => {
    const user = await deps.db
      .selectFrom('users')
      .select(['notify_email', 'notify_whatsapp', 'telegram_chat_id', 'timezone_offset', 'time_zone', 'country_code', 'language'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return null;
    const reader: Reader = {
      timezoneOffset: user.timezone_offset,
      timeZone: user.time_zone,
      currencySymbol: REGIONS[user.country_code].currencySymbol,
      publicUrl: deps.publicUrl,
      language: user.language,
    };
    return { user, reader };
  };

  /** Pushes to every device of the driver; a device the push service no longer knows is forgotten. Resolves with the number reached. */
  const pushToDevices = async (userId: string, message: NotificationText, tag: string): Promise<number> => {
    const devices = await deps.db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('user_id', '=', userId).execute();
    const payload = pushPayloadOf(message, tag);
    const outcomes = await Promise.allSettled(devices.map((device) => deps.push.send(device, payload)));
    const isGone = (outcome: PromiseSettledResult<string>) => outcome.status === 'fulfilled' && outcome.value === 'gone';
    const gone = devices.filter((_, i) => isGone(outcomes[i]!)).map((device) => device.id);
    if (gone.length > 0) await deps.db.deleteFrom('push_subscriptions').where('id', 'in', gone).execute();
    const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    return devices.length - gone.length;
  };

  type User = NonNullable<Awaited<ReturnType<typeof readerOf>>>['user'];
  /** The delivery of `message` on one channel, or null when the driver set nowhere to send there. */
  const deliveryOn = (channel: NotificationChannel, userId: string, user: User, message: NotificationText, tag: string): (() => Promise<number>) | null => {
    switch (channel) {
      case 'email':
        return user.notify_email ? () => deps.mailer.send({ to: user.notify_email, subject: message.subject, text: message.text }).then(() => 1) : null;
      case 'whatsapp':
        return user.notify_whatsapp ? () => deps.whatsApp.send(user.notify_whatsapp, chatText(message)).then(() => 1) : null;
      case 'telegram':
        return user.telegram_chat_id ? () => deps.telegram.send(user.telegram_chat_id!, chatText(message), telegramButtonOf(message)).then(() => 1) : null;
      case 'push':
        return () => pushToDevices(userId, message, tag);
    }
  };

  const send = (label: string, userId: string, event: NotificationEvent, compose: (reader: Reader) => NotificationText) =>
    deps.background.run(label, async () => {
      const found = await readerOf(userId);
      if (!found) return;
      const message = compose(found.reader);
      const events = await notificationEventsOf(deps.db, userId);
      const deliveries: Array<[NotificationChannel, Promise<number>]> = [];
      for (const channel of Object.keys(events) as NotificationChannel[]) {
        const delivery = events[channel].includes(event) ? deliveryOn(channel, userId, found.user, message, event) : null;
        if (delivery) deliveries.push([channel, delivery()]);
      }
      const results = await Promise.allSettled(deliveries.map(([, delivery]) => delivery));
      results.forEach((result, i) => {
        if (result.status === 'rejected') deps.log.warn({ err: result.reason, userId, channel: deliveries[i]![0], notification: label }, 'notification not delivered');
      });
    });

  return {
    blockAccepted: (userId, block) => send('notify block accepted', userId, 'accepted', (reader) => acceptedText(block, reader)),
    // The token expires when the block starts: it cannot be worked after that (domain/acceptToken.ts).
    blockOffered: (userId, { logId, ...block }) =>
      send('notify block offered', userId, 'offered', (reader) => offeredText(block, logId, acceptToken(deps.linkSigningKey, userId, logId, block.startTime), reader)),
    searchStopped: (userId, reason) => send(`notify search stopped (${reason})`, userId, stopEvent(reason), (reader) => stoppedText(reason, reader)),
    creditLow: (userId, credit) => send('notify credit low', userId, 'lowCredit', (reader) => lowCreditText(credit, reader)),
    autoTopUpFailed: (userId, failure) => send('notify auto top-up failed', userId, 'lowCredit', (reader) => autoTopUpFailedText(failure, reader)),
    async sendTest(userId, channel) {
      const found = await readerOf(userId);
      if (!found) return 'notSetUp';
      const delivery = deliveryOn(channel, userId, found.user, testText(channel, found.reader), 'test');
      const sent = delivery ? await delivery() : 0;
      return sent > 0 ? { sent } : 'notSetUp';
    },
  };
}
