/**
 * The words of the driver's notifications: a block accepted (when, where, pay, fee), and the
 * engine stopping by itself (a puzzle to solve in the platform's app, a device check it will not
 * fake, a connection to renew). Times read in the driver's time zone: the zone their browser
 * sent with Start (daylight saving included), or the fixed offset an older page sent. Money and
 * dates are written as the app writes them (shared/src/format.ts), in the account's currency.
 */
import { formatCents, formatMoney, formatSpan, type WallClock } from '@blockpilot/shared/format';
import type { AcceptedBlock, StopReason } from '../engine/types.js';

/** One notification: a subject (e-mail) and its text; chats get both. */
export interface NotificationText {
  subject: string;
  text: string;
  /** The page it is about, which a tap on a push notification opens. */
  link: string;
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
}

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

/** A block in epoch seconds, in the driver's zone (or fixed offset), written as the app writes it: "Tue, Jun 3 · 10:00 AM – 1:00 PM". */
export function blockWhen(startTime: number, endTime: number, timezoneOffset: number, timeZone?: string | null): string {
  const local = (seconds: number) => (timeZone ? wallClock(Math.round(seconds * 1000), timeZone) : new Date(Math.round(seconds * 1000) - timezoneOffset * 60_000));
  return formatSpan(clockOf(local(startTime)), clockOf(local(endTime)));
}

/** The notification of an accepted block. */
export function acceptedText(block: AcceptedBlock, reader: Reader): NotificationText {
  const when = blockWhen(block.startTime, block.endTime, reader.timezoneOffset, reader.timeZone);
  const fee = block.feeCents > 0 ? `${formatCents(reader.currencySymbol, block.feeCents)} (3.5%)` : 'none (free trial or membership)';
  return {
    subject: `Block accepted: ${when}`,
    text: [
      'BlockPilot accepted a block for you.',
      `When: ${when}`,
      `Where: ${block.serviceAreaName ?? block.serviceAreaId}`,
      `Pay: ${formatMoney(reader.currencySymbol, block.priceAmount)}`,
      `Fee: ${fee}`,
      `Your log: ${reader.publicUrl}/dashboard/logs`,
    ].join('\n'),
    link: `${reader.publicUrl}/dashboard/logs`,
  };
}

const STOPPED: Record<StopReason, (reader: Reader) => NotificationText> = {
  puzzle: ({ publicUrl }) => ({
    subject: 'Searching stopped: solve the puzzle in the Amazon Flex app, then press Start',
    text: [
      'Amazon Flex asked for a security check (a puzzle) before showing more offers.',
      'BlockPilot never solves these for you. Open the Amazon Flex app and solve it there,',
      `then press Start on your dashboard again: ${publicUrl}/dashboard`,
    ].join('\n'),
    link: `${publicUrl}/dashboard`,
  }),
  signing: ({ publicUrl }) => ({
    subject: 'Searching stopped: Amazon Flex asked to verify your device',
    text: [
      'Amazon Flex asked for a device check (request signing) that only its own app can pass.',
      'BlockPilot does not fake such checks, so searching has stopped.',
      `Use the Amazon Flex app for now; you can press Start again later: ${publicUrl}/dashboard`,
    ].join('\n'),
    link: `${publicUrl}/dashboard`,
  }),
  reconnect: ({ publicUrl }) => ({
    subject: 'Searching stopped: connect your Amazon Flex account again',
    text: [
      'Amazon Flex no longer accepts your connection (you signed out, or the device was removed).',
      `Connect your account again, then press Start: ${publicUrl}/connectAccount`,
    ].join('\n'),
    link: `${publicUrl}/connectAccount`,
  }),
};

/** What the low-credit notice says: the credit left and how many fees it covers. */
export interface LowCredit {
  creditCents: number;
  feesCovered: number;
}

/** The notification of credit that covers few fees (docs/LIVE.md "Credit guard"), sent once per crossing. */
export function lowCreditText({ creditCents, feesCovered }: LowCredit, { currencySymbol, publicUrl }: Reader): NotificationText {
  const covers = feesCovered === 0 ? 'no more fees' : feesCovered === 1 ? 'about one more fee' : `about ${feesCovered} more fees`;
  return {
    subject: 'Your BlockPilot credit is running low',
    text: [
      `Your credit is ${currencySymbol}${(creditCents / 100).toFixed(2)}: ${covers} of blocks like the ones you take.`,
      'When a matching block costs more than your credit, BlockPilot skips it and pauses until you top up;',
      'a top-up resumes the search by itself.',
      `Top up: ${publicUrl}/account/credit`,
    ].join('\n'),
    link: `${publicUrl}/account/credit`,
  };
}

/** An automatic top-up the card did not pay: it is now off (docs/LIVE.md "Automatic top-up"). */
export function autoTopUpFailedText({ amountCents, reason }: { amountCents: number; reason: string }, { currencySymbol, publicUrl }: Reader): NotificationText {
  return {
    subject: 'Automatic top-up failed and is now off',
    text: [
      `We tried to top up your BlockPilot credit by ${formatCents(currencySymbol, amountCents)} with your saved card: ${reason}`,
      'Nothing was charged, and automatic top-up is now off so it is not tried again.',
      `Top up or save another card: ${publicUrl}/account/credit`,
    ].join('\n'),
    link: `${publicUrl}/account/credit`,
  };
}

/** The notification of a search the engine stopped, by reason. */
export function stoppedText(reason: StopReason, reader: Reader): NotificationText {
  return STOPPED[reason](reader);
}

/** What a driver gets from "Send a test" on one channel of their Notification Preferences. */
export function testText(channelName: string, { publicUrl }: Reader): NotificationText {
  return {
    subject: 'BlockPilot test notification',
    text: [`This is a test: ${channelName} notifications reach you.`, `Choose what you are told about: ${publicUrl}/account/notificationPreferences`].join('\n'),
    link: `${publicUrl}/account/notificationPreferences`,
  };
}

/** A chat message: the subject line, then the text. */
export function chatText({ subject, text }: NotificationText): string {
  return `${subject}\n\n${text}`;
}
