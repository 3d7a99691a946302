import type { EngineHealth, EngineWorkers, Envelope } from '@blockpilot/shared';
import { mockApi, type MockApi, type MockHandler } from '@blockpilot/shared/mock';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { segmentsOf } from '../components/Sparkline';
import { describeLine, tableRows } from '../engineHealth';
import { ENGINE_T0, mockEngineMinute, mockEngineWorker, renderConsole, translator } from '../testing';

const T0 = ENGINE_T0;
const minute = mockEngineMinute;
const worker = mockEngineWorker;

const BUSY: EngineHealth = {
  countedBy: ['api1', 'w1-worker'],
  now: { searching: 4, waitingOnPuzzle: 1, pausedForCredit: 2 },
  minutes: [
    minute(0, { offersSeen: 10, accepted: 1, raceP50Ms: 0.4, raceP95Ms: 0.9, raceP99Ms: 1.25, searching: 3, waitingOnPuzzle: 0, pausedForCredit: 0 }),
    minute(1, { offersSeen: 6, throttled: 2, errors: { transient: 3, 'step failed': 1 }, searching: 4 }),
    minute(2, { offersSeen: 8, accepted: 2, puzzles: 1, raceP50Ms: 0.5, raceP95Ms: 0.8, raceP99Ms: 0.8, searching: 4 }),
  ],
};

const EMBEDDED: EngineWorkers = { scaledOut: false, readAt: T0, workers: [], leases: null, queues: [{ name: 'promotion', waiting: 0, active: 0, delayed: 0 }] };

/** The console's two reads: the figures, and the workers and queues (the single process's unless given). */
type Routes = Record<string, MockHandler | Envelope>;
const health = (routes: Routes): Routes => ({ 'GET /admin/engineHealth/workers': { data: EMBEDDED }, ...routes });

describe('Engine health (/admin/engineHealth)', () => {
  let server: MockApi;
  afterEach(() => server.restore());

  it('is in the console menu for support too, and loads the last hour by default', async () => {
    server = mockApi(health({ 'GET /admin/engineHealth': { data: BUSY } }));
    renderConsole('/admin/engineHealth', 'support');
    expect(screen.getByRole('link', { name: 'Engine health' })).toHaveAttribute('href', '/admin/engineHealth');
    expect(await screen.findByRole('heading', { level: 1, name: 'Engine health' })).toBeInTheDocument();
    expect(await screen.findByText('Drivers searching', { selector: 'dt' })).toBeInTheDocument();
    expect(server.callsTo('GET /admin/engineHealth').map((c) => c.params)).toEqual([{ minutes: '60' }]);
  });

  it('does not let "at most 0 drivers searching" hide a driver paused for credit', async () => {
    const paused: EngineHealth = {
      countedBy: ['api1'],
      now: { searching: 0, waitingOnPuzzle: 0, pausedForCredit: 1 },
      minutes: [minute(0, { offersSeen: 2, searching: 0, waitingOnPuzzle: 0, pausedForCredit: 1 })],
    };
    server = mockApi(health({ 'GET /admin/engineHealth': { data: paused } }));
    renderConsole('/admin/engineHealth');
    expect(await screen.findByRole('img', { name: /^Drivers searching and paused: Drivers searching: Now 0 drivers, .* Paused for credit: Now 1 drivers?, / })).toBeInTheDocument();
  });

  it('charts the drivers the platform slowed down beside the paused ones', async () => {
    const throttled: EngineHealth = {
      countedBy: ['api1'],
      now: { searching: 3, waitingOnPuzzle: 0, pausedForCredit: 0 },
      minutes: [
        minute(0, { throttled: 4, backingOff: 2, searching: 3, waitingOnPuzzle: 0, pausedForCredit: 0 }),
        minute(1, { backingOff: 1, searching: 3, waitingOnPuzzle: 0, pausedForCredit: 0 }),
      ],
    };
    server = mockApi(health({ 'GET /admin/engineHealth': { data: throttled } }));
    renderConsole('/admin/engineHealth');
    expect(await screen.findByRole('img', { name: /Slowed by the platform \(backing off\): Now 1 driver, at most 2 in this period\.$/ })).toBeInTheDocument();
  });

  it('shows a loading state, then the states now, a chart per figure with its summary, and the failures by kind', async () => {
    let answer: () => void = () => undefined;
    server = mockApi(health({ 'GET /admin/engineHealth': () => new Promise((resolve) => (answer = () => resolve({ data: BUSY }))) }));
    renderConsole('/admin/engineHealth');
    // The screen's chunk loads first (its fallback says the same), then the screen asks the server.
    await waitFor(() => expect(server.callsTo('GET /admin/engineHealth')).toHaveLength(1));
    expect(screen.getByRole('combobox', { name: 'Period' })).toBeInTheDocument();
    expect(screen.getByText("Loading the engine's health…")).toBeInTheDocument();
    answer();
    const now = await screen.findByText('Paused for credit', { selector: 'dt' });
    expect(now.nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText('Waiting on a puzzle', { selector: 'dt' }).nextElementSibling).toHaveTextContent('1');
    // Each chart is an image whose name says the figure in words.
    expect(screen.getByRole('img', { name: 'Accepts per minute: 3 accepts in this period, at most 2 in a minute.' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Offers seen per minute: 24 offers in this period, at most 10 in a minute.' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Throttled answers per minute: 2 throttled answers in this period, at most 2 in a minute.' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Failures per minute: 4 failures in this period, at most 4 in a minute.' })).toBeInTheDocument();
    // Paused states are charted beside searching, each line with its own summary.
    expect(
      screen.getByRole('img', {
        name: 'Drivers searching and paused: Drivers searching: Now 4 drivers, at most 4 in this period. Waiting on a puzzle: Now 0 drivers, at most 0 in this period. Paused for credit: Now 0 drivers, at most 0 in this period. Slowed by the platform (backing off): Now 0 drivers, at most 0 in this period.',
      }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Drivers searching and paused: lines' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Drivers searching', 'Waiting on a puzzle', 'Paused for credit', 'Slowed by the platform (backing off)']);
    const race = screen.getByRole('img', { name: /^Race latency: Offers answer to accept sent, 99th percentile: Now 0\.80 ms, at most 1\.25 in this period\.$/ });
    // Three lines, told apart by their dash; the minute with no accept is a gap, not a zero.
    expect(race.querySelectorAll('polyline[data-series="99th percentile"]')).toHaveLength(2);
    expect(
      within(screen.getByRole('list', { name: 'Race latency: lines' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['median', '95th percentile', '99th percentile']);
    expect(screen.getByText('Failures by kind: transient 3, step failed 1.')).toBeInTheDocument();
  });

  it('gives every figure in a table, and changes the period from the menu', async () => {
    server = mockApi(health({ 'GET /admin/engineHealth': { data: BUSY } }));
    renderConsole('/admin/engineHealth');
    const table = await screen.findByRole('table', { name: 'Engine health by time' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '10', '1', '0', '0', '0', '1.25 ms']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', '6', '0', '2', '0', '4', '—']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 24 hours');
    await screen.findByRole('table', { name: 'Engine health by time' });
    expect(server.callsTo('GET /admin/engineHealth').map((c) => c.params)).toEqual([{ minutes: '60' }, { minutes: '1440' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(server.callsTo('GET /admin/engineHealth')).toHaveLength(3);
  });

  it('says when the engine did nothing in the period, and which processes counted', async () => {
    server = mockApi({
      ...health({}),
      'GET /admin/engineHealth': { data: { countedBy: ['api1'], now: { searching: 0, waitingOnPuzzle: 0, pausedForCredit: 0 }, minutes: [minute(0, { searching: 0 })] } },
    });
    renderConsole('/admin/engineHealth');
    expect(await screen.findByText(/The engine polled nothing in this period \(last hour\)/)).toBeInTheDocument();
    expect(screen.getByText('Counted by api1.')).toBeInTheDocument();
    expect(screen.queryAllByRole('img')).toEqual([]);
  });

  it('says when the figures could not be loaded, and tries again', async () => {
    let fail = true;
    server = mockApi(health({ 'GET /admin/engineHealth': () => (fail ? { status: 500, body: { alert: 'Something went wrong on our side.' } } : { data: BUSY }) }));
    renderConsole('/admin/engineHealth');
    expect(await screen.findByRole('alert')).toHaveTextContent("The engine's health could not be loaded.");
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Engine health by time' })).toBeInTheDocument();
  });
});

const FLEET: EngineWorkers = {
  scaledOut: true,
  readAt: T0,
  workers: [worker('w1'), worker('w2', { alive: false, lastSeenAt: T0 - 60_000, drivers: 3, leases: 0 })],
  leases: { held: 14, unknownHolder: 2, released: 1 },
  queues: [
    { name: 'search', waiting: 2, active: 12, delayed: 0 },
    { name: 'promotion', waiting: 3, active: 2, delayed: 1 },
  ],
};

describe('Engine health: workers and queues', () => {
  let server: MockApi;
  afterEach(() => server.restore());

  const rowsOf = (table: HTMLElement) =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );

  it('shows a loading state, then each worker with its leases and state, the leases in Redis and the queues', async () => {
    let answer: () => void = () => undefined;
    server = mockApi({ 'GET /admin/engineHealth': { data: BUSY }, 'GET /admin/engineHealth/workers': () => new Promise((resolve) => (answer = () => resolve({ data: FLEET }))) });
    renderConsole('/admin/engineHealth', 'support');
    const section = await screen.findByRole('region', { name: 'Workers and queues' });
    expect(await within(section).findByText('Loading the workers and queues…')).toBeInTheDocument();
    answer();
    const workers = await within(section).findByRole('table', { name: 'Search workers' });
    expect(
      within(workers)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['w1search-1, pid 4242', 'w2search-1, pid 4242']);
    const [running, silent] = rowsOf(workers);
    expect(running).toEqual(['Running', '12 of 3,000', '12', '15', '0', '1', expect.any(String)]);
    expect(silent![0]).toMatch(/^Not answering since /);
    expect(within(section).getByText(/^1 worker running/)).toBeInTheDocument();
    expect(
      within(section).getByText("Leases in Redis: 14 held, 2 of them by a worker that sends no heartbeat; 1 released with the driver's pace for the next worker."),
    ).toBeInTheDocument();
    expect(rowsOf(within(section).getByRole('table', { name: 'Job queues' }))).toEqual([
      ['2', '12', '0'],
      ['3', '2', '1'],
    ]);
    expect(
      within(within(section).getByRole('table', { name: 'Job queues' }))
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Searches (a job per searching driver)', 'Promotion batches']);
  });

  it('says when no worker is running and how many drivers wait for one', async () => {
    server = mockApi({
      'GET /admin/engineHealth': { data: BUSY },
      'GET /admin/engineHealth/workers': { data: { ...FLEET, workers: [worker('w2', { alive: false })], leases: { held: 0, unknownHolder: 0, released: 0 } } },
    });
    renderConsole('/admin/engineHealth');
    const section = await screen.findByRole('region', { name: 'Workers and queues' });
    expect(await within(section).findByText('No search worker is running')).toBeInTheDocument();
    expect(within(section).getByText(/Searching drivers wait in the queue \(2 waiting\)/)).toBeInTheDocument();
  });

  it('says the single process runs everything, with its job queue', async () => {
    server = mockApi(health({ 'GET /admin/engineHealth': { data: BUSY } }));
    renderConsole('/admin/engineHealth');
    const section = await screen.findByRole('region', { name: 'Workers and queues' });
    expect(await within(section).findByText(/This server process runs every search and background job itself/)).toBeInTheDocument();
    expect(within(section).queryByRole('table', { name: 'Search workers' })).not.toBeInTheDocument();
    expect(rowsOf(within(section).getByRole('table', { name: 'Job queues' }))).toEqual([['0', '0', '0']]);
  });

  it('says when they could not be loaded while the figures still show, tries again, and Refresh reads both again', async () => {
    let fail = true;
    server = mockApi({
      'GET /admin/engineHealth': { data: BUSY },
      'GET /admin/engineHealth/workers': () => (fail ? { status: 503, body: { alert: 'Redis is away.' } } : { data: FLEET }),
    });
    renderConsole('/admin/engineHealth');
    const section = await screen.findByRole('region', { name: 'Workers and queues' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('The workers and queues could not be loaded.');
    expect(screen.getByRole('table', { name: 'Engine health by time' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('table', { name: 'Search workers' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.callsTo('GET /admin/engineHealth/workers')).toHaveLength(3));
    expect(server.callsTo('GET /admin/engineHealth')).toHaveLength(2);
  });
});

describe('engine health figures', () => {
  it('groups a long period into at most 60 rows: counts summed, the worst p99, the last sampled state', () => {
    const day = Array.from({ length: 1440 }, (_, i) => minute(i, { accepted: 1, raceP99Ms: i === 5 ? 9 : 1, ...(i % 24 === 0 ? { searching: i } : {}) }));
    const rows = tableRows(day);
    expect(rows).toHaveLength(60);
    expect(rows[0]).toMatchObject({ from: T0, to: T0 + 24 * 60_000, accepted: 24, raceP99Ms: 9, searching: 0 });
    expect(rows[1]).toMatchObject({ accepted: 24, raceP99Ms: 1, searching: 24 });
  });

  it('draws runs of values as lines, split at gaps, and a value alone between gaps as a short dash', () => {
    // 5 values over the 300-unit width: x = 0, 75, 150, 225, 300; the top value at y 0, zero at 60.
    expect(segmentsOf([0, 2, null, 1, null], 2)).toEqual(['0.0,60.0 75.0,0.0', '223.5,30.0 226.5,30.0']);
    expect(segmentsOf([null, null], 1)).toEqual([]);
    expect(segmentsOf([1], 1)).toEqual(['0.0,0.0 300.0,0.0']);
  });

  it('describes an empty line as such', () => {
    expect(describeLine(translator(), [null, null], { unit: 'engine.unit.drivers', summed: false })).toBe('No drivers in this period.');
  });
});
