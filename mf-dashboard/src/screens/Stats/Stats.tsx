/**
 * /dashboard/stats (docs/LIVE.md "The driver's app"): four weeks of the driver's money (at first the
 * last three and the coming one, whose blocks are already booked), per day and
 * per week (blocks accepted and forfeited, hours, pay, pay per hour, fees), and the offer funnel
 * (seen, matching, accepted, lost to others) per station and per hour of the block's start, with
 * why offers were not taken: where the filters cost the driver blocks. Every figure is summed by
 * the server (GET /api/user/stats); this screen only draws it. Loaded as its own chunk with its
 * chart library (App.tsx), so the dashboard's first load does not carry it.
 */
import { api, formatDayOf, localClock, STATS_PATH, useSession, type DriverStats, type FunnelCounts, type StatsPeriod } from '@blockpilot/shared';
import { Button, Notice, Page, Spinner } from '@blockpilot/shared/ui';
import { useState } from 'react';
import styled, { useTheme } from 'styled-components';
import { DashboardPages } from '../../components/DashboardPages';
import { LoadFailed } from '../../components/LoadFailed';
import { ButtonRow, PageStack, SectionCard as Section, SpanBar } from '../../components/pageParts';
import { addDays, dateOf, dayKey, mondayOf, weeksEndingWith } from '../../components/days';
import { useLoad } from '../../components/useLoad';
import { formatCents } from '../../format';
import { REASON_LABELS } from '../Dashboard/ignoreReasons';
import { serviceAreaName } from '../Dashboard/LogEntryCard';
import { BarChart } from './BarChart';
import { DataTable } from './DataTable';

/** Weeks the page shows at once. */
export const STATS_WEEKS = 4;
/** Blocks are booked days ahead: the latest window ends with the coming week, so they show at once. */
const WEEKS_AHEAD = 1;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: 12px;
  margin: 0;
  div {
    padding: 12px;
    border-radius: ${({ theme }) => theme.radius}px;
    background: ${({ theme }) => theme.palette.background};
  }
  dt {
    font-size: 0.875rem;
    color: ${({ theme }) => theme.palette.textMuted};
  }
  dd {
    margin: 4px 0 0;
    font-size: 1.25rem;
    font-weight: 600;
  }
`;

/** "Nov 23" */
function shortDay(day: string): string {
  return formatDayOf(localClock(dateOf(day))).replace(/^\w+, /, '');
}

const minDay = (a: string, b: string) => (a < b ? a : b);

/** Minutes as hours with one decimal: 150 -> "2.5 h". */
function hoursOf(minutes: number): string {
  return `${Math.round(minutes / 6) / 10} h`;
}

/** Nothing seen or accepted in the span: the page says so instead of drawing zeros. */
const isEmpty = (data: DriverStats) => data.totals.accepted === 0 && data.funnel.seen === 0;

const FUNNEL_STEPS: ReadonlyArray<{ key: keyof FunnelCounts; label: string }> = [
  { key: 'seen', label: 'Seen' },
  { key: 'matching', label: 'Matching your filters' },
  { key: 'accepted', label: 'Accepted' },
  { key: 'lost', label: 'Lost to other drivers' },
];

export function Stats() {
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
    steps.map(({ key, label }) => ({ name: label, color: colors[key], values: rows.map((row) => row[key]) }));
  const funnelCells = (row: FunnelCounts) => FUNNEL_STEPS.map(({ key }) => row[key]);
  const periodCells = (p: Omit<StatsPeriod, 'start'>) => [p.accepted, p.forfeited, hoursOf(p.minutesBooked), money(p.payCents), money(p.payPerHourCents), money(p.feesCents)];
  const PERIOD_COLUMNS = ['Accepted', 'Forfeited', 'Hours booked', 'Pay', 'Pay per hour', 'Fees paid'];

  function body(data: DriverStats) {
    if (isEmpty(data)) {
      return (
        <Notice title="No blocks yet">
          <p>
            Nothing was seen or accepted for you from {shortDay(range.from)} to {shortDay(range.to)}.
          </p>
          <p>Blocks BlockPilot accepts, and the offers it sees while searching, are counted here.</p>
        </Notice>
      );
    }
    const stations = data.byServiceArea.map((row) => serviceAreaName(serviceAreas, row.serviceAreaId, true));
    return (
      <>
        <Section aria-labelledby="stats-totals">
          <h2 id="stats-totals">
            Your money, {shortDay(range.from)} – {shortDay(range.to)}
          </h2>
          <Figures>
            <div>
              <dt>Blocks accepted</dt>
              <dd>{data.totals.accepted}</dd>
            </div>
            <div>
              <dt>Forfeited</dt>
              <dd>{data.totals.forfeited}</dd>
            </div>
            <div>
              <dt>Hours booked</dt>
              <dd>{hoursOf(data.totals.minutesBooked)}</dd>
            </div>
            <div>
              <dt>Pay</dt>
              <dd>{money(data.totals.payCents)}</dd>
            </div>
            <div>
              <dt>Pay per hour</dt>
              <dd>{money(data.totals.payPerHourCents)}</dd>
            </div>
            <div>
              <dt>Fees paid</dt>
              <dd>{money(data.totals.feesCents)}</dd>
            </div>
          </Figures>
        </Section>

        <Section aria-labelledby="stats-days">
          <h2 id="stats-days">Pay per day</h2>
          <BarChart
            labels={data.days.map((d) => String(dateOf(d.start).getDate()))}
            labelEvery={7}
            series={[{ name: 'Pay', color: colors.matching, values: data.days.map((d) => d.payCents) }]}
            formatValue={money}
          />
          <DataTable caption="Per day" columns={['Day', ...PERIOD_COLUMNS]} rows={data.days.map((d) => [shortDay(d.start), ...periodCells(d)] as const)} shown={tablesShown} />
        </Section>

        <Section aria-labelledby="stats-weeks">
          <h2 id="stats-weeks">Per week</h2>
          <DataTable
            caption="Per week, Monday to Sunday"
            columns={['Week of', ...PERIOD_COLUMNS]}
            rows={data.weeks.map((w) => [shortDay(w.start), ...periodCells(w)] as const)}
            shown
          />
        </Section>

        <Section aria-labelledby="stats-funnel">
          <h2 id="stats-funnel">Offers</h2>
          <Figures>
            {FUNNEL_STEPS.map(({ key, label }) => (
              <div key={key}>
                <dt>{label}</dt>
                <dd>{data.funnel[key]}</dd>
              </div>
            ))}
          </Figures>
          {data.ignoredByReason.length > 0 && (
            <DataTable
              caption="Why offers were not taken"
              columns={['Reason', 'Offers']}
              rows={data.ignoredByReason.map((r) => [REASON_LABELS[r.reason], r.count] as const)}
              shown
            />
          )}
        </Section>

        <Section aria-labelledby="stats-stations">
          <h2 id="stats-stations">Offers per station</h2>
          <BarChart labels={stations} series={funnelSeries(data.byServiceArea)} formatValue={String} />
          <DataTable
            caption="Offers per station"
            columns={['Station', ...FUNNEL_STEPS.map((s) => s.label)]}
            rows={data.byServiceArea.map((row, i) => [stations[i]!, ...funnelCells(row)] as const)}
            shown={tablesShown}
          />
        </Section>

        <Section aria-labelledby="stats-hours">
          <h2 id="stats-hours">Offers per hour of the block&apos;s start</h2>
          <BarChart labels={data.byHour.map((h) => String(h.hour))} labelEvery={3} series={funnelSeries(data.byHour, FUNNEL_STEPS.slice(0, 3))} formatValue={String} />
          <DataTable
            caption={`Offers per hour of the block's start (${data.timeZone})`}
            columns={['Hour', ...FUNNEL_STEPS.map((s) => s.label)]}
            rows={data.byHour.map((row) => [`${String(row.hour).padStart(2, '0')}:00`, ...funnelCells(row)] as const)}
            shown={tablesShown}
          />
        </Section>
      </>
    );
  }

  return (
    <Page title="Stats" width="wide" route={STATS_PATH} remote="mf_dashboard">
      <PageStack>
        <DashboardPages />
        <SpanBar>
          <h2 aria-live="polite">
            {shortDay(range.from)} – {shortDay(range.to)}
          </h2>
          <ButtonRow>
            <Button type="button" $variant="outlined" onClick={() => setLastMonday(addDays(lastMonday, -7 * STATS_WEEKS))}>
              Earlier weeks
            </Button>
            <Button type="button" $variant="outlined" disabled={atLatest} onClick={() => setLastMonday(minDay(addDays(lastMonday, 7 * STATS_WEEKS), latestMonday))}>
              Later weeks
            </Button>
            {stats.state === 'ready' && !isEmpty(stats.data) && (
              <Button type="button" $variant="text" aria-pressed={tablesShown} onClick={() => setTablesShown(!tablesShown)}>
                Show the figures as tables
              </Button>
            )}
          </ButtonRow>
        </SpanBar>
        {stats.state === 'loading' ? (
          <Spinner label="Loading your stats…" />
        ) : stats.state === 'error' ? (
          <LoadFailed title="Your stats could not be loaded" onRetry={stats.retry} />
        ) : (
          body(stats.data)
        )}
      </PageStack>
    </Page>
  );
}

export default Stats;
