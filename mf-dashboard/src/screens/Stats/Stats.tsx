/**
 * /dashboard/stats (docs/LIVE.md "The driver's app"): four weeks of the driver's money (at first the
 * last three and the coming one, whose blocks are already booked), per day and
 * per week (blocks accepted and forfeited, hours, pay, pay per hour, fees), and the offer funnel
 * (seen, matching, accepted, lost to others) per station and per hour of the block's start, with
 * why offers were not taken: where the filters cost the driver blocks; and the races for blocks
 * (won and lost per week, the engine's own time to accept). Every figure is summed by
 * the server (GET /api/user/stats); this screen only draws it. Loaded as its own chunk with its
 * chart library (App.tsx), so the dashboard's first load does not carry it.
 */
import { SUB_PAGES } from '@blockpilot/shared';
import { api, formatCentsShort, formatClock, formatDayOf, formatNumber, localClock, useSession, type DriverStats, type FunnelCounts, type StatsPeriod } from '@blockpilot/shared';
import { Button, Notice, Page, Spinner } from '@blockpilot/shared/ui';
import { useState } from 'react';
import { useTheme } from 'styled-components';
import { DashboardPages } from '../../components/DashboardPages';
import { LoadFailed } from '../../components/LoadFailed';
import { ButtonRow, PageStack, SectionCard as Section, SpanBar } from '../../components/pageParts';
import { addDays, dateOf, dayKey, mondayOf, weeksEndingWith } from '../../components/days';
import { useLoad } from '../../components/useLoad';
import { formatCents } from '../../format';
import { useT, type MessageKey, type PageT } from './i18n';
import { REASON_LABELS } from '../Dashboard/ignoreReasons';
import { serviceAreaName } from '../Dashboard/LogEntryCard';
import { BarChart } from './BarChart';
import { AccountHealthPanel } from './AccountHealthPanel';
import { DataTable } from './DataTable';
import { Figures } from './Figures';
import { RaceSection } from './RaceSection';

/** Weeks the page shows at once. */
export const STATS_WEEKS = 4;
/** Blocks are booked days ahead: the latest window ends with the coming week, so they show at once. */
const WEEKS_AHEAD = 1;

/** "Nov 23" (in Spanish "23 nov"): the day without its weekday. */
function shortDay(day: string): string {
  return formatDayOf(localClock(dateOf(day))).replace(/^[^,]+, /, '');
}

const minDay = (a: string, b: string) => (a < b ? a : b);

/** Minutes as hours with one decimal: 150 -> "2.5 h". */
function hoursOf(t: PageT, minutes: number): string {
  return t('units.hours', { hours: Math.round(minutes / 6) / 10 });
}

/** Nothing seen or accepted in the span: the page says so instead of drawing zeros. */
const isEmpty = (data: DriverStats) => data.totals.accepted === 0 && data.funnel.seen === 0 && data.races.won + data.races.lost + data.races.other === 0;

const FUNNEL_STEPS: ReadonlyArray<{ key: keyof FunnelCounts; label: MessageKey }> = [
  { key: 'seen', label: 'stats.funnel.seen' },
  { key: 'matching', label: 'stats.funnel.matching' },
  { key: 'accepted', label: 'stats.funnel.accepted' },
  { key: 'lost', label: 'stats.funnel.lost' },
];

/** The columns of a day's or a week's figures, after the one naming it. */
const PERIOD_COLUMNS: readonly MessageKey[] = ['stats.accepted', 'stats.forfeited', 'stats.hoursBooked', 'stats.pay', 'stats.payPerHour', 'stats.fees'];

export function Stats() {
  const t = useT();
  const { account, serviceAreas } = useSession();
  const theme = useTheme();
  const today = dayKey(new Date());
  const latestMonday = addDays(mondayOf(today), 7 * WEEKS_AHEAD);
  const [lastMonday, setLastMonday] = useState(latestMonday);
  const [tablesShown, setTablesShown] = useState(false);
  const range = weeksEndingWith(lastMonday, STATS_WEEKS);
  const stats = useLoad(`${range.from}/${range.to}`, () => api.user.getStats(range));
  const atLatest = lastMonday >= latestMonday;
  const symbol = account?.currency_symbol ?? '$';
  const money = (cents: number | null) => (cents === null ? '–' : formatCents(symbol, cents));

  const colors = { seen: theme.palette.textMuted, matching: theme.palette.primary, accepted: theme.palette.success, lost: theme.palette.error };
  const funnelSeries = (rows: readonly FunnelCounts[], steps = FUNNEL_STEPS) =>
    steps.map(({ key, label }) => ({ name: t(label), color: colors[key], values: rows.map((row) => row[key]) }));
  const funnelCells = (row: FunnelCounts) => FUNNEL_STEPS.map(({ key }) => row[key]);
  const periodCells = (p: Omit<StatsPeriod, 'start'>) => [p.accepted, p.forfeited, hoursOf(t, p.minutesBooked), money(p.payCents), money(p.payPerHourCents), money(p.feesCents)];
  const periodColumns = (first: MessageKey) => [first, ...PERIOD_COLUMNS].map((column) => t(column));
  const funnelColumns = (first: MessageKey) => [t(first), ...FUNNEL_STEPS.map((step) => t(step.label))];

  function body(data: DriverStats) {
    if (isEmpty(data)) {
      return (
        <Notice title={t('stats.empty.title')}>
          <p>{t('stats.empty.body', { from: shortDay(range.from), to: shortDay(range.to) })}</p>
          <p>{t('stats.empty.hint')}</p>
        </Notice>
      );
    }
    const stations = data.byServiceArea.map((row) => serviceAreaName(serviceAreas, row.serviceAreaId, true));
    return (
      <>
        <Section aria-labelledby="stats-totals">
          <h2 id="stats-totals">{t('stats.totals.title', { from: shortDay(range.from), to: shortDay(range.to) })}</h2>
          <Figures>
            <div>
              <dt>{t('stats.totals.accepted')}</dt>
              <dd>{data.totals.accepted}</dd>
            </div>
            <div>
              <dt>{t('stats.forfeited')}</dt>
              <dd>{data.totals.forfeited}</dd>
            </div>
            <div>
              <dt>{t('stats.hoursBooked')}</dt>
              <dd>{hoursOf(t, data.totals.minutesBooked)}</dd>
            </div>
            <div>
              <dt>{t('stats.pay')}</dt>
              <dd>{money(data.totals.payCents)}</dd>
            </div>
            <div>
              <dt>{t('stats.payPerHour')}</dt>
              <dd>{money(data.totals.payPerHourCents)}</dd>
            </div>
            <div>
              <dt>{t('stats.fees')}</dt>
              <dd>{money(data.totals.feesCents)}</dd>
            </div>
          </Figures>
        </Section>

        <Section aria-labelledby="stats-days">
          <h2 id="stats-days">{t('stats.days.title')}</h2>
          <BarChart
            labels={data.days.map((d) => String(dateOf(d.start).getDate()))}
            labelEvery={7}
            series={[{ name: t('stats.pay'), color: colors.matching, values: data.days.map((d) => d.payCents) }]}
            formatValue={(cents) => formatCentsShort(symbol, cents)}
          />
          <DataTable
            caption={t('stats.days.caption')}
            columns={periodColumns('stats.days.day')}
            rows={data.days.map((d) => [shortDay(d.start), ...periodCells(d)] as const)}
            shown={tablesShown}
          />
        </Section>

        <Section aria-labelledby="stats-weeks">
          <h2 id="stats-weeks">{t('stats.weeks.title')}</h2>
          <DataTable
            caption={t('stats.weeks.caption')}
            columns={periodColumns('stats.weeks.weekOf')}
            rows={data.weeks.map((w) => [shortDay(w.start), ...periodCells(w)] as const)}
            shown
          />
        </Section>

        <RaceSection races={data.races} weekLabel={shortDay} />

        <Section aria-labelledby="stats-funnel">
          <h2 id="stats-funnel">{t('stats.funnel.title')}</h2>
          <Figures>
            {FUNNEL_STEPS.map(({ key, label }) => (
              <div key={key}>
                <dt>{t(label)}</dt>
                <dd>{data.funnel[key]}</dd>
              </div>
            ))}
          </Figures>
          {data.ignoredByReason.length > 0 && (
            <DataTable
              caption={t('stats.reasons.caption')}
              columns={[t('stats.reasons.reason'), t('stats.reasons.offers')]}
              rows={data.ignoredByReason.map((r) => [t(REASON_LABELS[r.reason]), r.count] as const)}
              shown
            />
          )}
        </Section>

        <Section aria-labelledby="stats-stations">
          <h2 id="stats-stations">{t('stats.stations.title')}</h2>
          <BarChart labels={stations} series={funnelSeries(data.byServiceArea)} formatValue={formatNumber} />
          <DataTable
            caption={t('stats.stations.title')}
            columns={funnelColumns('stats.stations.station')}
            rows={data.byServiceArea.map((row, i) => [stations[i]!, ...funnelCells(row)] as const)}
            shown={tablesShown}
          />
        </Section>

        <Section aria-labelledby="stats-hours">
          <h2 id="stats-hours">{t('stats.hours.title')}</h2>
          <BarChart labels={data.byHour.map((h) => String(h.hour))} labelEvery={3} series={funnelSeries(data.byHour, FUNNEL_STEPS.slice(0, 3))} formatValue={formatNumber} />
          <DataTable
            caption={t('stats.hours.caption', { timeZone: data.timeZone })}
            columns={funnelColumns('stats.hours.hour')}
            rows={data.byHour.map((row) => [formatClock({ hours: row.hour, minutes: 0 }), ...funnelCells(row)] as const)}
            shown={tablesShown}
          />
        </Section>
      </>
    );
  }

  return (
    <Page title={t('stats.title')} width="wide" route={SUB_PAGES.dashboard.stats} remote="mf_dashboard">
      <PageStack>
        <DashboardPages />
        <SpanBar>
          <h2 aria-live="polite">
            {shortDay(range.from)} – {shortDay(range.to)}
          </h2>
          <ButtonRow>
            <Button type="button" $variant="outlined" onClick={() => setLastMonday(addDays(lastMonday, -7 * STATS_WEEKS))}>
              {t('stats.earlier')}
            </Button>
            <Button type="button" $variant="outlined" disabled={atLatest} onClick={() => setLastMonday(minDay(addDays(lastMonday, 7 * STATS_WEEKS), latestMonday))}>
              {t('stats.later')}
            </Button>
            {stats.state === 'ready' && !isEmpty(stats.data) && (
              <Button type="button" $variant="text" aria-pressed={tablesShown} onClick={() => setTablesShown(!tablesShown)}>
                {t('stats.showTables')}
              </Button>
            )}
          </ButtonRow>
        </SpanBar>
        <AccountHealthPanel />
        {stats.state === 'loading' ? (
          <Spinner label={t('stats.loading')} />
        ) : stats.state === 'error' ? (
          <LoadFailed title={t('stats.failed')} onRetry={stats.retry} />
        ) : (
          body(stats.data)
        )}
      </PageStack>
    </Page>
  );
}

export default Stats;
