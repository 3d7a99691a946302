/**
 * /admin/engineHealth (support and admins): the search engine over the last hour, 6 or 24 hours,
 * from every server process's counts, kept in the database (docs/OPERATIONS.md "Engine health"). Each chart has its summary
 * in words, and a table below gives every figure; the console loads this screen (and its charts)
 * only when it is opened. Every read is audited, so it refreshes when asked, not on a timer.
 */
import { api, type EngineHealth, type EngineHealthMinute, formatClock, formatNumber, localClock, SUB_PAGES } from '@blockpilot/shared';
import { Button, Disclosure, Notice, Page, Paper, Select } from '@blockpilot/shared/ui';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Loaded } from '../components/Loaded';
import { Sparkline, type SparklineSeries } from '../components/Sparkline';
import { DataTable } from '../components/Table';
import { describeLine, engineWasBusy, errorKinds, lineOf, PERIODS, tableRows, type CountFigure, type PauseFigure, type StateFigure, type UnitKey } from '../engineHealth';
import { useT, type AdminMessageKey, type AdminT } from '../i18n';
import { useLoad } from '../useLoad';
import { EngineWorkersPanel } from './EngineWorkersPanel';

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
  margin-bottom: 16px;
  > :first-child {
    flex: 1 1 200px;
    max-width: 280px;
  }
  /* Level with the select, above the room its field keeps for a message (shared/src/ui/Field.tsx). */
  > button {
    margin-bottom: calc(1.4 * 0.8125rem + 6px);
  }
`;

const CountedBy = styled.p`
  color: ${({ theme }) => theme.palette.textMuted};
  font-size: 0.875rem;
`;

const NowHeading = styled.h2`
  margin: 0 0 8px;
  font-size: 1rem;
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: 12px;
  margin: 0 0 16px;
  div {
    padding: 12px;
    border: 1px solid ${({ theme }) => theme.palette.divider};
    border-radius: ${({ theme }) => theme.radius}px;
  }
  dt {
    color: ${({ theme }) => theme.palette.textMuted};
    font-size: 0.875rem;
  }
  dd {
    margin: 4px 0 0;
    font-size: 1.5rem;
    font-weight: 600;
  }
`;

const Charts = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: 16px;
  margin: 16px 0;
  figure {
    margin: 0;
    padding: 12px;
    border: 1px solid ${({ theme }) => theme.palette.divider};
    border-radius: ${({ theme }) => theme.radius}px;
  }
  figcaption {
    margin-bottom: 8px;
    h2 {
      margin: 0;
      font-size: 1rem;
    }
    p {
      margin: 2px 0 0;
      color: ${({ theme }) => theme.palette.textMuted};
      font-size: 0.875rem;
    }
  }
`;

const Legend = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin: 8px 0 0;
  padding: 0;
  font-size: 0.8125rem;
  svg {
    vertical-align: middle;
    margin-right: 4px;
  }
  line {
    stroke: ${({ theme }) => theme.palette.primary};
    stroke-width: 2;
  }
`;

const RACE_LINES = [
  { figure: 'raceP50Ms', name: 'engine.race.median', dash: undefined },
  { figure: 'raceP95Ms', name: 'engine.race.p95', dash: '6 3' },
  { figure: 'raceP99Ms', name: 'engine.race.p99', dash: '2 3' },
] as const;

/** The count charts: what the engine did each minute. */
const COUNT_CHARTS: Array<{ figure: CountFigure | 'errors'; title: AdminMessageKey; unit: UnitKey }> = [
  { figure: 'offersSeen', title: 'engine.chart.offersSeen', unit: 'engine.unit.offersSeen' },
  { figure: 'accepted', title: 'engine.chart.accepted', unit: 'engine.unit.accepted' },
  { figure: 'throttled', title: 'engine.chart.throttled', unit: 'engine.unit.throttled' },
  { figure: 'puzzles', title: 'engine.chart.puzzles', unit: 'engine.unit.puzzles' },
  { figure: 'errors', title: 'engine.chart.errors', unit: 'engine.unit.errors' },
];

/** The paused states are charted beside searching, so a driver paused for credit or a puzzle is not hidden by "0 searching" (docs/OPERATIONS.md "Engine health"). */
const STATE_DASHES = [undefined, '4 2', '1 2', '8 3'];

const STATES: Array<{ figure: StateFigure; label: AdminMessageKey }> = [
  { figure: 'searching', label: 'engine.state.searching' },
  { figure: 'waitingOnPuzzle', label: 'engine.state.waitingOnPuzzle' },
  { figure: 'pausedForCredit', label: 'engine.state.pausedForCredit' },
];

/** The states chart also draws the drivers the platform slowed down (backing off after throttles), counted per minute. */
const CHARTED_STATES: Array<{ figure: PauseFigure; label: AdminMessageKey }> = [...STATES, { figure: 'backingOff', label: 'engine.state.backingOff' }];

const clock = (epochMs: number) => formatClock(localClock(new Date(epochMs)), true);
const ms = (t: AdminT, value: number | null) => (value === null ? '—' : t('engine.ms', { value: formatNumber(value, 2) }));

function Chart({ title, summary, series }: { title: string; summary: string; series: SparklineSeries[] }) {
  const t = useT();
  return (
    <figure>
      <figcaption>
        <h2>{title}</h2>
        <p>{summary}</p>
      </figcaption>
      <Sparkline series={series} label={`${title}: ${summary}`} />
      {series.length > 1 && (
        <Legend aria-label={t('engine.chart.lines', { title })}>
          {series.map((s) => (
            <li key={s.name}>
              <svg width="24" height="8" aria-hidden="true">
                <line x1="0" y1="4" x2="24" y2="4" strokeDasharray={s.dash} />
              </svg>
              {s.name}
            </li>
          ))}
        </Legend>
      )}
    </figure>
  );
}

function HealthCharts({ minutes }: { minutes: EngineHealthMinute[] }) {
  const t = useT();
  const race = RACE_LINES.map(({ figure, name, dash }) => ({ name: t(name), values: lineOf(minutes, figure), ...(dash ? { dash } : {}) }));
  const slowest = race[2]!.values;
  return (
    <Charts>
      <Chart
        title={t('engine.chart.states')}
        summary={CHARTED_STATES.map(({ figure, label }) => `${t(label)}: ${describeLine(t, lineOf(minutes, figure), { unit: 'engine.unit.drivers', summed: false })}`).join(' ')}
        series={CHARTED_STATES.map(({ figure, label }, i) => ({ name: t(label), values: lineOf(minutes, figure), ...(STATE_DASHES[i] ? { dash: STATE_DASHES[i] } : {}) }))}
      />
      {COUNT_CHARTS.map(({ figure, title, unit }) => {
        const values = lineOf(minutes, figure);
        return (
          <Chart
            key={figure}
            title={t('engine.chart.perMinute', { title: t(title) })}
            summary={describeLine(t, values, { unit, summed: true })}
            series={[{ name: figure, values }]}
          />
        );
      })}
      <Chart
        title={t('engine.chart.raceLatency')}
        summary={t('engine.chart.raceSummary', { summary: describeLine(t, slowest, { unit: 'engine.unit.ms', summed: false }) })}
        series={race}
      />
    </Charts>
  );
}

function HealthTable({ minutes }: { minutes: EngineHealthMinute[] }) {
  const t = useT();
  return (
    <DataTable
      label={t('engine.table')}
      of="engine.column"
      rows={tableRows(minutes)}
      rowKey={(row) => row.from}
      columns={[
        { name: 'from', kind: 'rowHeader', cell: (row) => `${clock(row.from)}–${clock(row.to)}` },
        { name: 'searching', cell: (row) => (row.searching === null ? '—' : formatNumber(row.searching)) },
        { name: 'offersSeen', cell: (row) => formatNumber(row.offersSeen) },
        { name: 'accepted', cell: (row) => formatNumber(row.accepted) },
        { name: 'throttled', cell: (row) => formatNumber(row.throttled) },
        { name: 'puzzles', cell: (row) => formatNumber(row.puzzles) },
        { name: 'errors', cell: (row) => formatNumber(row.errors) },
        { name: 'raceP99', cell: (row) => ms(t, row.raceP99Ms) },
      ]}
    />
  );
}

function Health({ health, periodLabel }: { health: EngineHealth; periodLabel: string }) {
  const t = useT();
  const kinds = errorKinds(health.minutes);
  return (
    <>
      <NowHeading>{t('engine.now')}</NowHeading>
      <Figures>
        {STATES.map(({ figure, label }) => (
          <div key={figure}>
            <dt>{t(label)}</dt>
            <dd>{formatNumber(health.now[figure])}</dd>
          </div>
        ))}
      </Figures>
      {engineWasBusy(health.minutes) ? (
        <>
          <HealthCharts minutes={health.minutes} />
          {kinds.length > 0 && <p>{t('engine.failuresByKind', { kinds: kinds.map(([kind, count]) => `${kind} ${formatNumber(count)}`).join(', ') })}</p>}
        </>
      ) : (
        <Notice tone="neutral">{t('engine.idle', { period: periodLabel.toLowerCase() })}</Notice>
      )}
      {health.countedBy.length > 0 && <CountedBy>{t('engine.countedBy', { processes: health.countedBy.join(', ') })}</CountedBy>}
      <Disclosure id="engine-health-table" title={t('engine.tableDisclosure')}>
        <HealthTable minutes={health.minutes} />
      </Disclosure>
    </>
  );
}

export default function EngineHealthScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const period = PERIODS.find((p) => String(p.minutes) === params.get('minutes')) ?? PERIODS[0];
  const { load, reload } = useLoad(() => api.admin.engineHealth(period.minutes), String(period.minutes));
  const workers = useLoad(() => api.admin.engineWorkers(), 'workers');
  const refresh = () => void Promise.all([reload(), workers.reload()]);
  return (
    <Page title={t('engine.title')} intro={t('engine.intro')} width="wide" route={SUB_PAGES.admin.engineHealth} remote="mf_admin">
      <Paper>
        <Controls>
          <Select
            label={t('engine.period')}
            value={String(period.minutes)}
            options={PERIODS.map((p) => ({ value: String(p.minutes), label: t(p.label) }))}
            onChange={(event) => setParams({ minutes: event.target.value }, { replace: true })}
          />
          <Button type="button" $variant="outlined" onClick={refresh} disabled={load.kind === 'loading'}>
            {t('engine.refresh')}
          </Button>
        </Controls>
        <Loaded load={load} loadingLabel={t('engine.loading')} failure={t('engine.failed')} retry={() => void reload()}>
          {(health) => <Health health={health} periodLabel={t(period.label)} />}
        </Loaded>
        <EngineWorkersPanel load={workers.load} retry={() => void workers.reload()} />
      </Paper>
    </Page>
  );
}
