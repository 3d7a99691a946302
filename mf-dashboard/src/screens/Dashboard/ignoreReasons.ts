/**
 * What an ignored offer's card says about why (docs/ENGINE.md "Ignore reasons"), from the reason
 * the engine stored with it; an overlap names the booked block it clashed with, a travel miss the
 * booked block it was too close to and the drive between the stations.
 */
import type { IgnoreReason, LogEntry } from '@blockpilot/shared';
import { formatTime } from '../../format';
import type { DashboardT, MessageKey } from '../../i18n';

/** The key of each reason's words, as the card, the log's reason filter and the stats show them. */
export const REASON_LABELS: Record<IgnoreReason, MessageKey> = {
  credit: 'reasons.credit',
  overlap: 'reasons.overlap',
  time: 'reasons.time',
  pay: 'reasons.pay',
  station: 'reasons.station',
  arrival: 'reasons.arrival',
  day: 'reasons.day',
  duration: 'reasons.duration',
  hidden: 'reasons.hidden',
  taken: 'reasons.taken',
  failed: 'reasons.failed',
  filter: 'reasons.filter',
  travel: 'reasons.travel',
  away: 'reasons.away',
  dayCap: 'reasons.dayCap',
  weekCap: 'reasons.weekCap',
  payGoal: 'reasons.payGoal',
  notify: 'reasons.notify',
};

/** Why the card's offer was ignored: "Overlaps your 10:30 AM DCH1 block". */
export function ignoreReasonText(t: DashboardT, entry: LogEntry, stationName: (id: string) => string): string {
  if (!entry.reason) return t(REASON_LABELS.filter);
  if (entry.reason === 'overlap' && entry.overlaps) {
    return t('reasons.overlapWith', { time: formatTime(new Date(entry.overlaps.startTime * 1000)), station: stationName(entry.overlaps.serviceAreaId) });
  }
  if (entry.reason === 'travel' && entry.travel) {
    const { startTime, serviceAreaId, minutes } = entry.travel;
    return t('reasons.travelFrom', { time: formatTime(new Date(startTime * 1000)), station: stationName(serviceAreaId), minutes: String(minutes) });
  }
  return t(REASON_LABELS[entry.reason]);
}
