/**
 * What an ignored offer's card says about why (docs/ENGINE.md "Ignore reasons"), from the reason
 * the engine stored with it; an overlap names the booked block it clashed with.
 */
import type { IgnoreReason, LogEntry } from '@blockpilot/shared';
import { formatTime } from '../../format';

/** Each reason's words, as the card and the log's reason filter show them. */
export const REASON_LABELS: Record<IgnoreReason, string> = {
  credit: 'Not enough credit',
  overlap: 'Overlaps a booked block',
  time: 'Outside your time window',
  pay: 'Outside your pay range',
  station: 'Station not selected',
  arrival: 'Too soon to arrive',
  day: 'Not one of your days',
  duration: 'Outside your block length',
  hidden: 'Hidden by Amazon Flex',
  taken: 'Taken by another driver first',
  failed: 'Never confirmed by Amazon Flex',
  filter: 'Did not match your filter',
};

/** Why the card's offer was ignored: "Overlaps your 10:30 AM DCH1 block". */
export function ignoreReasonText(entry: LogEntry, stationName: (id: string) => string): string {
  if (!entry.reason) return REASON_LABELS.filter;
  if (entry.reason === 'overlap' && entry.overlaps) {
    return `Overlaps your ${formatTime(new Date(entry.overlaps.startTime * 1000))} ${stationName(entry.overlaps.serviceAreaId)} block`;
  }
  return REASON_LABELS[entry.reason];
}
