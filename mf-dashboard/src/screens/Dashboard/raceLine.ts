/**
 * What a log entry's race says (docs/ENGINE.md "Race timelines"): for a block lost, how soon after
 * it was listed to the account the platform said another driver had it; for a block won, how soon
 * it was booked; and in both how long BlockPilot took to send the accept.
 */
import { formatDuration, type RaceTimeline } from '@blockpilot/shared';
import type { DashboardT } from '../../i18n';

export function raceLine(t: DashboardT, race: RaceTimeline): string | null {
  const answered = formatDuration(race.sentAfterMs + race.answeredAfterMs);
  const sent = formatDuration(race.sentAfterMs);
  if (race.answer === 'taken') return t('log.race.taken', { after: answered, sent });
  if (race.answer === 'accepted') return t('log.race.won', { after: answered, sent });
  return null;
}
