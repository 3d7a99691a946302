/**
 * The stats screen's races for blocks (docs/ENGINE.md "Race timelines"): how many the engine won
 * and lost to other drivers in the span, per week, and its own time to accept (from the platform's
 * list in hand to the accept leaving) at the median and the 95th percentile.
 */
import { formatDuration, type RaceStats } from '@blockpilot/shared';
import { SectionCard as Section } from '../../components/pageParts';
import { useT } from './i18n';
import { DataTable } from './DataTable';
import { FigureList } from './Figures';

export interface RaceSectionProps {
  races: RaceStats;
  /** How a week's Monday (YYYY-MM-DD) reads. */
  weekLabel: (day: string) => string;
}

export function RaceSection({ races, weekLabel }: RaceSectionProps) {
  const t = useT();
  const ms = (value: number | null) => (value === null ? '–' : formatDuration(value));
  return (
    <Section aria-labelledby="stats-races">
      <h2 id="stats-races">{t('stats.races.title')}</h2>
      {races.won + races.lost + races.other === 0 ? (
        <p>{t('stats.races.none')}</p>
      ) : (
        <>
          <FigureList
            figures={[
              [t('stats.races.won'), races.won],
              [t('stats.races.lost'), races.lost],
              [t('stats.races.p50'), ms(races.timeToAcceptP50Ms)],
              [t('stats.races.p95'), ms(races.timeToAcceptP95Ms)],
            ]}
          />
          <p>{t('stats.races.explain')}</p>
          <DataTable
            caption={t('stats.races.caption')}
            columns={[t('stats.weeks.weekOf'), t('stats.races.won'), t('stats.races.lost')]}
            rows={races.weeks.map((week) => [weekLabel(week.start), week.won, week.lost] as const)}
            shown
          />
        </>
      )}
    </Section>
  );
}
