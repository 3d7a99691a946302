/**
 * The calendar feed as iCalendar text (RFC 5545): one VEVENT per accepted block, times in UTC so
 * the phone shows them in its own zone. Lines end in CRLF and are folded at 75 octets; text values
 * are escaped. Nothing here reads the database or chooses words: the caller gives them in the
 * driver's language.
 */
import type { LogEntry } from '@blockpilot/shared/types';

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** What an event says about a block, beside its times, in the driver's words. */
export interface FeedEvent {
  block: LogEntry;
  /** The event's title ("Amazon Flex block, Seattle (DWA6) - Amazon.com"). */
  summary: string;
  /** The station's name, or its id when the name is unknown. */
  location: string;
  /** The pay and who booked it ("Pay: $72.50. Accepted by BlockPilot."). */
  description: string;
}

/** `20261123T153000Z` */
function utc(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A TEXT value: backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** A content line folded into pieces of at most 75 octets, never splitting a character. */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let piece = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // A continuation line starts with a space, which counts towards its 75.
    const limit = pieces.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      pieces.push(piece);
      piece = '';
      octets = 0;
    }
    piece += char;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join('\r\n ');
}

/** The feed: `calendarName` is how the phone's calendar app lists it. */
export function renderCalendar(calendarName: string, events: FeedEvent[], now: Date): string {
  const stamp = utc(now.getTime());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//BlockPilot//Driver calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendarName)}`,
    // How often a calendar app should fetch it again: blocks are accepted at any hour.
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  for (const { block, summary, location, description } of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${block._id}@blockpilot`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utc(block.startTime * 1000)}`,
      `DTEND:${utc(block.endTime * 1000)}`,
      `SUMMARY:${escapeText(summary)}`,
      `LOCATION:${escapeText(location)}`,
      `DESCRIPTION:${escapeText(description)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
