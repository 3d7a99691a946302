/**
 * The words of the driver's notifications: a block accepted (when, where, pay, fee), and the
 * engine stopping by itself (a puzzle to solve in the platform's app, a device check it will not
 * fake, a connection to renew), in the driver's account language (the server's catalogs,
 * domain/translate.ts). Times read in the driver's time zone: the zone their browser sent with
 * Start (daylight saving included), or the fixed offset an older page sent. Money and dates are
 * written as the app writes them in that language (shared/src/format.ts), in the account's currency.
 */
import { DEFAULT_LANGUAGE, FEE_BASIS_POINTS, REFERENCE_BLOCK_PRICE_CENTS, type Language, type NotificationChannel } from '@blockpilot/shared/constants';
import { formatCents, formatMoney, formatSpan, type WallClock } from '@blockpilot/shared/format';
import { PAGES, SUB_PAGES, pageLinks } from '@blockpilot/shared/pages';
import { translate, type MessageKey } from '../domain/translate.js';
import type { AcceptedBlock, LowCredit, NotifiedBlock, StopReason } from '../engine/types.js';

/** One notification: a subject (e-mail) and its text; chats get both. */
export interface NotificationText {
  subject: string;
  text: string;
  /** The page it is about, which a tap on a push notification opens. */
  link: string;
  /** A one-tap accept: the log entry, its signed token, and the action's label (docs/PRODUCT.md "Notify-only filters"). */
  accept?: { logId: string; token: string; label: string };
}

/** What the words depend on besides the event. */
export interface Reader {
  /** Minutes to add to local time to get UTC (the browser's getTimezoneOffset()): used without a zone. */
  timezoneOffset: number;
  /** The driver's IANA time zone, when their browser sent one. */
  timeZone?: string | null;
  /** Symbol of the driver's credit currency, for the fee. */
  currencySymbol: string;
  /** Where BlockPilot is, for links. */
  publicUrl: string;
  /** The driver's account language; English when not given. */
  language?: Language;
}

const languageOf = (reader: Reader): Language => reader.language ?? DEFAULT_LANGUAGE;

/** The fields of a Date whose UTC fields read a wall clock (a zone's, or a shifted offset's). */
function clockOf(local: Date): WallClock {
  return { weekday: local.getUTCDay(), month: local.getUTCMonth(), day: local.getUTCDate(), hours: local.getUTCHours(), minutes: local.getUTCMinutes() };
}

const zoneClocks = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `zone` at `ms`, as a Date whose UTC fields read that clock. */
function wallClock(ms: number, zone: string): Date {
  let format = zoneClocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneClocks.set(zone, format);
  }
  const part = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, Number(p.value)]));
  return new Date(Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!));
}

/**
 * A block in epoch seconds, in the driver's zone (or fixed offset), written as the app writes it in
 * the driver's language: "Tue, Jun 3 · 10:00 AM – 1:00 PM", "mar, 3 jun · 10:00 a.m. – 1:00 p.m.".
 */
export function blockWhen(startTime: number, endTime: number, timezoneOffset: number, timeZone?: string | null, language: Language = DEFAULT_LANGUAGE): string {
  const local = (seconds: number) => (timeZone ? wallClock(Math.round(seconds * 1000), timeZone) : new Date(Math.round(seconds * 1000) - timezoneOffset * 60_000));
  return formatSpan(clockOf(local(startTime)), clockOf(local(endTime)), language);
}

/** The notification of an accepted block. */
export function acceptedText(block: AcceptedBlock, reader: Reader): NotificationText {
  const language = languageOf(reader);
  const when = blockWhen(block.startTime, block.endTime, reader.timezoneOffset, reader.timeZone, language);
  const link = `${reader.publicUrl}${SUB_PAGES.dashboard.logs}`;
  return {
    subject: translate(language, 'notify.accepted.subject', { when }),
    text: translate(language, 'notify.accepted.text', {
      when,
      where: block.serviceAreaName ?? block.serviceAreaId,
      pay: formatMoney(reader.currencySymbol, block.priceAmount, language),
      feeFree: block.feeCents > 0 ? 'no' : 'yes',
      fee: formatCents(reader.currencySymbol, block.feeCents, language),
      rate: FEE_BASIS_POINTS / 100,
      link,
    }),
    link,
  };
}

/**
 * The notification of a block only notify filters matched (docs/PRODUCT.md "Notify-only filters"):
 * when, where, the pay, and the one-tap page's link carrying the signed accept token (opening it
 * accepts nothing); push adds an Accept action that posts the token.
 */
export function offeredText(block: NotifiedBlock, logId: string, token: string, reader: Reader): NotificationText {
  const language = languageOf(reader);
  const when = blockWhen(block.startTime, block.endTime, reader.timezoneOffset, reader.timeZone, language);
  const link = `${reader.publicUrl}${pageLinks.acceptOffer(token)}`;
  return {
    subject: translate(language, 'notify.offered.subject', { when }),
    text: translate(language, 'notify.offered.text', {
      when,
      where: block.serviceAreaName ?? block.serviceAreaId,
      pay: formatMoney(reader.currencySymbol, block.priceAmount, language),
      link,
    }),
    link,
    accept: { logId, token, label: translate(language, 'notify.offered.accept') },
  };
}

/** Each stop's words, and the page that says what to do. */
const STOPPED: Record<StopReason, { subject: MessageKey; text: MessageKey; path: string }> = {
  puzzle: { subject: 'notify.puzzle.subject', text: 'notify.puzzle.text', path: PAGES.dashboard.path },
  signing: { subject: 'notify.signing.subject', text: 'notify.signing.text', path: PAGES.dashboard.path },
  reconnect: { subject: 'notify.reconnect.subject', text: 'notify.reconnect.text', path: PAGES.connectAccount.path },
};

/**
 * The notification of credit that covers few fees (docs/LIVE.md "Credit guard"), sent once per
 * crossing: the credit left and the fee it was counted in, so what it says stays true when a
 * smaller block's fee is charged after it.
 */
export function lowCreditText({ creditCents, feesCovered, referenceFeeCents, paidBefore }: LowCredit, reader: Reader): NotificationText {
  const language = languageOf(reader);
  const money = (cents: number) => formatCents(reader.currencySymbol, cents, language);
  const link = `${reader.publicUrl}${SUB_PAGES.account.credit}`;
  const credit = money(creditCents);
  const fee = money(referenceFeeCents);
  const covers = paidBefore
    ? translate(language, 'notify.lowCredit.fromYourFees', { credit, feesCovered, fee })
    : translate(language, 'notify.lowCredit.beforeFirstFee', { credit, fee, price: money(REFERENCE_BLOCK_PRICE_CENTS) });
  return {
    subject: translate(language, 'notify.lowCredit.subject'),
    text: `${covers}\n${translate(language, 'notify.lowCredit.whatHappens', { link })}`,
    link,
  };
}

/** An automatic top-up the card did not pay: it is now off (docs/LIVE.md "Automatic top-up"). */
export function autoTopUpFailedText({ amountCents, reason }: { amountCents: number; reason: string }, reader: Reader): NotificationText {
  const language = languageOf(reader);
  const link = `${reader.publicUrl}${SUB_PAGES.account.credit}`;
  return {
    subject: translate(language, 'notify.autoTopUpFailed.subject'),
    // The reason comes from the payments adapter (mostly the provider's own words, in English) and is also kept
    // on the account (`last_failure`): it is passed on as it came.
    text: translate(language, 'notify.autoTopUpFailed.text', { amount: formatCents(reader.currencySymbol, amountCents, language), reason, link }),
    link,
  };
}

/** The notification of a search the engine stopped, by reason. */
export function stoppedText(reason: StopReason, reader: Reader): NotificationText {
  const language = languageOf(reader);
  const { subject, text, path } = STOPPED[reason];
  const link = `${reader.publicUrl}${path}`;
  return { subject: translate(language, subject), text: translate(language, text, { link }), link };
}

/** What a driver gets from "Send a test" on one channel of their Notification Preferences. */
export function testText(channel: NotificationChannel, reader: Reader): NotificationText {
  const language = languageOf(reader);
  const link = `${reader.publicUrl}${SUB_PAGES.account.notificationPreferences}`;
  return { subject: translate(language, 'notify.test.subject'), text: translate(language, 'notify.test.text', { channel, link }), link };
}

/** A chat message: the subject line, then the text. */
export function chatText({ subject, text }: NotificationText): string {
  return `${subject}\n\n${text}`;
}
