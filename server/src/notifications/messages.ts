/**
 * The words of the driver's notifications: a block accepted (when, where, pay, fee), and the
 * engine stopping by itself (a puzzle to solve in the platform's app, a device check it will not
 * fake, a connection to renew). Times read in the driver's time zone: the zone their browser
 * sent with Start (daylight saving included), or the fixed offset an older page sent.
 */
import type { AcceptedBlock, StopReason } from '../engine/types.js';

/** One notification: a subject (e-mail) and its text; chats get both. */
export interface NotificationText {
  subject: string;
  text: string;
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

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A wall-clock time in the driver's zone: "10:00 AM". */
function clockTime(local: Date): string {
  const hours = local.getUTCHours();
  const minutes = String(local.getUTCMinutes()).padStart(2, '0');
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

const zoneClocks = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `zone` at `ms`, as a Date whose UTC fields read that clock. */
function wallClock(ms: number, zone: string): Date {
  let format = zoneClocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    zoneClocks.set(zone, format);
  }
  const part = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, Number(p.value)]));
  return new Date(Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!));
}

/** "Tue 3 Jun, 10:00 AM – 1:00 PM" for a block in epoch seconds, in the driver's zone (or fixed offset). */
export function blockWhen(startTime: number, endTime: number, timezoneOffset: number, timeZone?: string | null): string {
  const local = (seconds: number) => (timeZone ? wallClock(Math.round(seconds * 1000), timeZone) : new Date(Math.round(seconds * 1000) - timezoneOffset * 60_000));
  const start = local(startTime);
  const end = local(endTime);
  return `${WEEKDAYS[start.getUTCDay()]} ${start.getUTCDate()} ${MONTHS[start.getUTCMonth()]}, ${clockTime(start)} – ${clockTime(end)}`;
}

/** A price in the offer's currency ("$95.00"), or the bare amount when the currency is unknown. */
export function money(amount: number, currency: string): string {
  try {
    if (currency) return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
  } catch {
    // An unknown currency code: fall through to the bare amount.
  }
  return amount.toFixed(2);
}

/** The notification of an accepted block. */
export function acceptedText(block: AcceptedBlock, reader: Reader): NotificationText {
  const when = blockWhen(block.startTime, block.endTime, reader.timezoneOffset, reader.timeZone);
  const fee = block.feeCents > 0 ? `${reader.currencySymbol}${(block.feeCents / 100).toFixed(2)} (3.5%)` : 'none (free trial or membership)';
  return {
    subject: `Block accepted: ${when}`,
    text: [
      'BlockPilot accepted a block for you.',
      `When: ${when}`,
      `Where: ${block.serviceAreaName ?? block.serviceAreaId}`,
      `Pay: ${money(block.priceAmount, block.currency)}`,
      `Fee: ${fee}`,
      `Your log: ${reader.publicUrl}/dashboard/logs`,
    ].join('\n'),
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
  }),
  signing: ({ publicUrl }) => ({
    subject: 'Searching stopped: Amazon Flex asked to verify your device',
    text: [
      'Amazon Flex asked for a device check (request signing) that only its own app can pass.',
      'BlockPilot does not fake such checks, so searching has stopped.',
      `Use the Amazon Flex app for now; you can press Start again later: ${publicUrl}/dashboard`,
    ].join('\n'),
  }),
  reconnect: ({ publicUrl }) => ({
    subject: 'Searching stopped: connect your Amazon Flex account again',
    text: [
      'Amazon Flex no longer accepts your connection (you signed out, or the device was removed).',
      `Connect your account again, then press Start: ${publicUrl}/connectAccount`,
    ].join('\n'),
  }),
};

/** The notification of a search the engine stopped, by reason. */
export function stoppedText(reason: StopReason, reader: Reader): NotificationText {
  return STOPPED[reason](reader);
}

/** A chat message: the subject line, then the text. */
export function chatText({ subject, text }: NotificationText): string {
  return `${subject}\n\n${text}`;
}
