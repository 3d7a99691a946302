/**
 * /admin/engineHealth (support and admins): the search engine over the last hour, 6 or 24 hours,
 * from every server process's counts, kept in the database (docs/OPERATIONS.md "Engine health"). Each chart has its summary
 * in words, and a table below gives every figure; the console loads this screen (and its charts)
 * only when it is opened. Every read is audited, so it refreshes when asked, not on a timer.
 */
import { api, type EngineHealth, type EngineHealthMinute } from '@blockpilot/shared';
import { Button, Disclosure, Notice, Page, Paper, Select } from '@blockpilot/shared/ui';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Loaded } from '../components/Loaded';
import { Sparkline, type SparklineSeries } from '../components/Sparkline';
import { TableScroll } from '../components/Table';
import { describeLine, engineWasBusy, errorKinds, lineOf, PERIODS, tableRows, type CountFigure, type StateFigure } from '../engineHealth';
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
  { figure: 'raceP50Ms', name: 'median', dash: undefined },
  { figure: 'raceP95Ms', name: '95th percentile', dash: '6 3' },
  { figure: 'raceP99Ms', name: '99th percentile', dash: '2 3' },
] as const;

/** The count charts: what the engine did each minute. */
const COUNT_CHARTS: Array<{ figure: CountFigure | 'errors'; title: string; unit: string }> = [
  { figure: 'offersSeen', title: 'Offers seen', unit: 'offers' },
  { figure: 'accepted', title: 'Accepts', unit: 'accepts' },
  { figure: 'throttled', title: 'Throttled answers', unit: 'throttled answers' },
  { figure: 'puzzles', title: 'Puzzles', unit: 'puzzles' },
  { figure: 'errors', title: 'Failures', unit: 'failures' },
];

const STATES: Array<{ figure: StateFigure; label: string }> = [
  { figure: 'searching', label: 'Drivers searching' },
  { figure: 'waitingOnPuzzle', label: 'Waiting on a puzzle' },
  { figure: 'pausedForCredit', label: 'Paused for credit' },
];

const clock = (epochMs: number) => new Date(epochMs).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
const ms = (value: number | null) => (value === null ? '—' : `${value.toFixed(2)} ms`);

function Chart({ title, summary, series }: { title: string; summary: string; series: SparklineSeries[] }) {
  return (
    <figure>
      <figcaption>
        <h2>{title}</h2>
        <p>{summary}</p>
      </figcaption>
      <Sparkline series={series} label={`${title}: ${summary}`} />
      {series.length > 1 && (
        <Legend aria-label={`${title}: lines`}>
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
  const race = RACE_LINES.map(({ figure, name, dash }) => ({ name, values: lineOf(minutes, figure), ...(dash ? { dash } : {}) }));
  const slowest = race[2]!.values;
  return (
    <Charts>
      <Chart
        title="Drivers searching"
        summary={describeLine(lineOf(minutes, 'searching'), { unit: 'drivers', summed: false })}
        series={[{ name: 'searching', values: lineOf(minutes, 'searching') }]}
      />
      {COUNT_CHARTS.map(({ figure, title, unit }) => {
        const values = lineOf(minutes, figure);
        return <Chart key={figure} title={`${title} per minute`} summary={describeLine(values, { unit, summed: true })} series={[{ name: figure, values }]} />;
      })}
      <Chart title="Race latency" summary={`Offers answer to accept sent, 99th percentile: ${describeLine(slowest, { unit: 'ms', summed: false })}`} series={race} />
    </Charts>
  );
}

function HealthTable({ minutes }: { minutes: EngineHealthMinute[] }) {
  const rows = tableRows(minutes);
  return (
    <TableScroll>
      <table aria-label="Engine health by time">
        <thead>
          <tr>
            <th scope="col">From</th>
            <th scope="col">Searching</th>
            <th scope="col">Offers seen</th>
            <th scope="col">Accepts</th>
            <th scope="col">Throttled</th>
            <th scope="col">Puzzles</th>
            <th scope="col">Failures</th>
            <th scope="col">Race p99</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.from}>
              <th scope="row">
                {clock(row.from)}–{clock(row.to)}
              </th>
              <td>{row.searching ?? '—'}</td>
              <td>{row.offersSeen}</td>
              <td>{row.accepted}</td>
              <td>{row.throttled}</td>
              <td>{row.puzzles}</td>
              <td>{row.errors}</td>
              <td>{ms(row.raceP99Ms)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function Health({ health, periodLabel }: { health: EngineHealth; periodLabel: string }) {
  const kinds = errorKinds(health.minutes);
  return (
    <>
      <NowHeading>Right now</NowHeading>
      <Figures>
        {STATES.map(({ figure, label }) => (
          <div key={figure}>
            <dt>{label}</dt>
            <dd>{health.now[figure]}</dd>
          </div>
        ))}
      </Figures>
      {engineWasBusy(health.minutes) ? (
        <>
          <HealthCharts minutes={health.minutes} />
          {kinds.length > 0 && <p>Failures by kind: {kinds.map(([kind, count]) => `${kind} ${count}`).join(', ')}.</p>}
        </>
      ) : (
        <Notice tone="neutral">The engine polled nothing in this period ({periodLabel.toLowerCase()}): no driver was searching, or nothing was counted yet.</Notice>
      )}
      {health.countedBy.length > 0 && <CountedBy>Counted by {health.countedBy.join(', ')}.</CountedBy>}
      <Disclosure id="engine-health-table" title="Every figure as a table">
        <HealthTable minutes={health.minutes} />
      </Disclosure>
    </>
  );
}

export default function EngineHealthScreen() {
  const [params, setParams] = useSearchParams();
  const period = PERIODS.find((p) => String(p.minutes) === params.get('minutes')) ?? PERIODS[0];
  const { load, reload } = useLoad(() => api.admin.engineHealth(period.minutes), String(period.minutes));
  const workers = useLoad(() => api.admin.engineWorkers(), 'workers');
  const refresh = () => void Promise.all([reload(), workers.reload()]);
  return (
    <Page title="Engine health" intro="The search engine minute by minute, from every server process's counts." width="wide" route="/admin/engineHealth" remote="mf_admin">
      <Paper>
        <Controls>
          <Select
            label="Period"
            value={String(period.minutes)}
            options={PERIODS.map((p) => ({ value: String(p.minutes), label: p.label }))}
            onChange={(event) => setParams({ minutes: event.target.value }, { replace: true })}
          />
          <Button type="button" $variant="outlined" onClick={refresh} disabled={load.kind === 'loading'}>
            Refresh
          </Button>
        </Controls>
        <Loaded load={load} loadingLabel="Loading the engine's health…" failure="The engine's health could not be loaded." retry={() => void reload()}>
          {(health) => <Health health={health} periodLabel={period.label} />}
        </Loaded>
        <EngineWorkersPanel load={workers.load} retry={() => void workers.reload()} />
      </Paper>
    </Page>
  );
}
