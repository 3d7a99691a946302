import type { DriverStats, Envelope, FunnelCounts, StatsPeriod } from '@blockpilot/shared';
import { createMockSession, mockAccount, mockApi, mockServiceAreas, setScreenWidth, type MockApi } from '@blockpilot/shared/mock';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { addDays, daysOf } from '../../components/days';
import { sampleHealth } from './accountHealthSample';
import { expectNoRawKeys, expectPageShowing, flush, inSpanish, PHONE_WIDTH, openPageIn, renderApp, textsOf } from '../../testing';

const period = (start: string, overrides: Partial<StatsPeriod> = {}): StatsPeriod => ({
  start,
  accepted: 0,
  forfeited: 0,
  minutesBooked: 0,
  payCents: 0,
  payPerHourCents: null,
  feesCents: 0,
  ...overrides,
});
const funnel = (overrides: Partial<FunnelCounts> = {}): FunnelCounts => ({ seen: 0, matching: 0, accepted: 0, lost: 0, ...overrides });

/** Four weeks, 9 November to 6 December 2026 (the last three and the coming one), with two blocks on the 23rd and 24th. */
function sampleStats(): DriverStats {
  return {
    from: '2026-11-09',
    to: '2026-12-06',
    timeZone: 'America/New_York',
    races: {
      weeks: [0, 7, 14, 21]
        .map((n) => addDays('2026-11-09', n))
        .map((start) => (start === '2026-11-23' ? { start, won: 2, lost: 1, other: 0 } : { start, won: 0, lost: 0, other: 0 })),
      won: 2,
      lost: 1,
      other: 0,
      timeToAcceptP50Ms: 2.4,
      timeToAcceptP95Ms: 1234,
    },
    days: daysOf({ from: '2026-11-09', to: '2026-12-06' }).map((day) =>
      day === '2026-11-23'
        ? period(day, { accepted: 1, minutesBooked: 180, payCents: 7250, payPerHourCents: 2417, feesCents: 254 })
        : day === '2026-11-24'
          ? period(day, { accepted: 1, forfeited: 1 })
          : period(day),
    ),
    weeks: [0, 7, 14, 21]
      .map((n) => addDays('2026-11-09', n))
      .map((week) =>
        week === '2026-11-23' ? period(week, { accepted: 2, forfeited: 1, minutesBooked: 180, payCents: 7250, payPerHourCents: 2417, feesCents: 254 }) : period(week),
      ),
    totals: { accepted: 2, forfeited: 1, minutesBooked: 180, payCents: 7250, payPerHourCents: 2417, feesCents: 254 },
    funnel: funnel({ seen: 7, matching: 4, accepted: 2, lost: 1 }),
    byServiceArea: [
      { serviceAreaId: 'sa-1', ...funnel({ seen: 5, matching: 3, accepted: 2 }) },
      { serviceAreaId: 'sa-2', ...funnel({ seen: 2, matching: 1, lost: 1 }) },
    ],
    byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, ...(hour === 23 ? funnel({ seen: 1, matching: 1, accepted: 1 }) : funnel()) })),
    ignoredByReason: [
      { reason: 'time', count: 2 },
      { reason: 'taken', count: 1 },
    ],
  };
}

function emptyStats(): DriverStats {
  const s = sampleStats();
  return {
    ...s,
    races: { weeks: s.races.weeks.map(({ start }) => ({ start, won: 0, lost: 0, other: 0 })), won: 0, lost: 0, other: 0, timeToAcceptP50Ms: null, timeToAcceptP95Ms: null },
    days: s.days.map((d) => period(d.start)),
    weeks: s.weeks.map((w) => period(w.start)),
    totals: period('x'),
    funnel: funnel(),
    byServiceArea: [],
    byHour: s.byHour.map(({ hour }) => ({ hour, ...funnel() })),
    ignoredByReason: [],
  };
}

describe('Stats (/dashboard/stats)', () => {
  let server: MockApi;
  let restoreWidth: () => void;
  beforeEach(() => {
    jest.useFakeTimers();
    // Wednesday 25 November 2026, noon, local time.
    jest.setSystemTime(new Date(2026, 10, 25, 12));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server = mockApi({ 'GET /user/stats': { data: sampleStats() }, 'POST /user/getLogs': { data: [] }, 'GET /user/accountHealth': { data: sampleHealth() } });
    restoreWidth = setScreenWidth(PHONE_WIDTH);
  });
  afterEach(() => {
    cleanup();
    restoreWidth();
    server.restore();
    jest.useRealTimers();
  });

  const session = () => createMockSession({ serviceAreas: mockServiceAreas, account: mockAccount({ currency_symbol: '$' }) });
  const open = async () => {
    const view = renderApp('/dashboard/stats', session());
    await flush();
    await flush();
    return view;
  };

  it('says it is loading until the figures arrive', async () => {
    let answer!: (reply: Envelope) => void;
    server.on('GET /user/stats', () => new Promise((resolve) => (answer = resolve)));
    await open();
    expect(screen.getByText('Loading your stats…')).toBeInTheDocument();
    answer({ data: sampleStats() });
    await flush();
    expect(screen.queryByText('Loading your stats…')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pay per day' })).toBeInTheDocument();
  });

  it('asks the server for the last three weeks and the coming one, and shows the money it summed', async () => {
    await open();
    expect(server.callsTo('GET /user/stats').map((c) => c.params)).toEqual([{ from: '2026-11-09', to: '2026-12-06' }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Stats' })).toBeInTheDocument();
    expect(document.title).toBe('Stats · BlockPilot');
    const money = screen.getByRole('region', { name: /^Your money/ });
    const figure = (label: string) => within(money).getByText(label).nextElementSibling?.textContent;
    expect(figure('Blocks accepted')).toBe('2');
    expect(figure('Forfeited')).toBe('1');
    expect(figure('Hours booked')).toBe('3 h');
    expect(figure('Pay')).toBe('$72.50');
    expect(figure('Pay per hour')).toBe('$24.17');
    expect(figure('Fees paid')).toBe('$2.54');
    const weeks = screen.getByRole('table', { name: 'Per week, Monday to Sunday' });
    expect(within(weeks).getAllByRole('row')).toHaveLength(5);
    expect(
      within(within(weeks).getByRole('row', { name: /^Nov 23/ }))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '1', '3 h', '$72.50', '$24.17', '$2.54']);
  });

  it('gives every chart a table with a caption, for screen readers and on demand', async () => {
    await open();
    const perDay = screen.getByRole('table', { name: 'Per day' });
    expect(within(perDay).getAllByRole('row')).toHaveLength(29);
    expect(
      within(within(perDay).getByRole('row', { name: /^Nov 24/ }))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '1', '0 h', '$0.00', '–', '$0.00']);
    const stations = screen.getByRole('table', { name: 'Offers per station' });
    expect(
      within(stations)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['DSE4', 'DWA6']);
    expect(
      within(within(stations).getByRole('row', { name: /^DWA6/ }))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '1', '0', '1']);
    const hours = screen.getByRole('table', { name: "Offers per hour of the block's start (America/New_York)" });
    expect(within(hours).getAllByRole('row')).toHaveLength(25);
    // Hours read in the app's one clock (docs/FRONTEND.md, "Money and dates"), not as "23:00".
    expect(within(within(hours).getByRole('row', { name: /^11:00 PM/ })).getAllByRole('cell')[0]).toHaveTextContent('1');
    expect(within(hours).getByRole('rowheader', { name: '12:00 AM' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Why offers were not taken' })).toHaveTextContent('Outside your time window2');
    // The pictures are for sight only; their tables are what is read.
    for (const svg of document.querySelectorAll('svg[viewBox]')) expect(svg).toHaveAttribute('aria-hidden', 'true');
    // Hidden from sight until asked for, then shown in a scrollable region.
    expect(screen.queryByRole('region', { name: 'Per day' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show the figures as tables' });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByRole('region', { name: 'Per day' })).getByRole('table', { name: 'Per day' })).toBeInTheDocument();
  });

  it('moves four weeks back and forth, never past the coming week', async () => {
    await open();
    const later = screen.getByRole('button', { name: 'Later weeks' });
    expect(later).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Earlier weeks' }));
    await flush();
    expect(server.callsTo('GET /user/stats').at(-1)?.params).toEqual({ from: '2026-10-12', to: '2026-11-08' });
    expect(screen.getByRole('heading', { level: 2, name: 'Oct 12 – Nov 8' })).toBeInTheDocument();
    expect(later).toBeEnabled();
    fireEvent.click(later);
    await flush();
    expect(server.callsTo('GET /user/stats').at(-1)?.params).toEqual({ from: '2026-11-09', to: '2026-12-06' });
  });

  it('says "No blocks yet" when nothing was seen or accepted', async () => {
    server.on('GET /user/stats', { data: emptyStats() });
    await open();
    expect(screen.getByRole('status')).toHaveTextContent('No blocks yet');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show the figures as tables' })).not.toBeInTheDocument();
  });

  it('shows the races won and lost per week and the time to accept', async () => {
    await open();
    const races = screen.getByRole('region', { name: 'Races for blocks' });
    const figure = (label: string) => within(races).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect([figure('Won'), figure('Lost to other drivers'), figure('Time to accept (typical)'), figure('Time to accept (slowest 5 %)')]).toEqual(['2', '1', '2.4 ms', '1.2 s']);
    const weeks = within(races).getByRole('table', { name: 'Races won and lost per week' });
    expect(textsOf(within(within(weeks).getByRole('row', { name: /^Nov 23/ })).getAllByRole('cell'))).toEqual(['2', '1']);
  });

  it('says when no race was run while blocks were seen', async () => {
    const stats = sampleStats();
    server.on('GET /user/stats', {
      data: { ...stats, races: { ...stats.races, won: 0, lost: 0, weeks: stats.races.weeks.map(({ start }) => ({ start, won: 0, lost: 0, other: 0 })) } },
    });
    await open();
    expect(within(screen.getByRole('region', { name: 'Races for blocks' })).getByText(/has not tried to accept a block yet/)).toBeInTheDocument();
  });

  it('says the figures could not be loaded, and tries again', async () => {
    server.on('GET /user/stats', { status: 500, body: { alert: 'Something went wrong.' } });
    await open();
    expect(screen.getByRole('alert')).toHaveTextContent('Your stats could not be loaded');
    server.on('GET /user/stats', { data: sampleStats() });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await flush();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pay per day' })).toBeInTheDocument();
  });

  it('is linked from the dashboard, and links back', async () => {
    const { location } = renderApp('/dashboard', session());
    await flush();
    const pages = screen.getByRole('navigation', { name: 'Dashboard pages' });
    expect(within(pages).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(within(pages).getByRole('link', { name: 'Stats' }));
    expect(location()).toBe('/dashboard/stats');
    await flush();
    await flush();
    const here = screen.getByRole('navigation', { name: 'Dashboard pages' });
    expect(within(here).getByRole('link', { name: 'Stats' })).toHaveAttribute('aria-current', 'page');
    expect(within(here).getByRole('link', { name: 'Calendar' })).toHaveAttribute('href', '/dashboard/calendar');
  });

  describe('in Spanish (docs/FRONTEND.md, "Languages")', () => {
    inSpanish();
    const openInSpanish = () => openPageIn('/dashboard/stats', session());
    const headers = (table: HTMLElement) => textsOf(within(table).getAllByRole('columnheader'));

    it('titles, figures, charts and tables in Spanish, with Spanish days', async () => {
      await openInSpanish();
      expectPageShowing('Estadísticas', '9 nov – 6 dic');
      const money = screen.getByRole('region', { name: 'Tu dinero, 9 nov – 6 dic' });
      const figure = (label: string) => within(money).getByText(label).nextElementSibling?.textContent;
      expect(figure('Bloques aceptados')).toBe('2');
      expect(figure('Horas reservadas')).toBe('3 h');
      expect(figure('Pago')).toBe('$72.50');
      expect(figure('Comisiones pagadas')).toBe('$2.54');
      const weeks = screen.getByRole('table', { name: 'Por semana, de lunes a domingo' });
      expect(headers(weeks)).toEqual(['Semana del', 'Aceptados', 'Liberados', 'Horas reservadas', 'Pago', 'Pago por hora', 'Comisiones pagadas']);
      expect(within(weeks).getByRole('rowheader', { name: '23 nov' })).toBeInTheDocument();
      // A day whose weekday has an accent ("mié", "sáb") is named by its date alone too.
      const perDay = screen.getByRole('table', { name: 'Por día' });
      expect(within(perDay).getByRole('rowheader', { name: '11 nov' })).toBeInTheDocument();
      expect(within(perDay).getByRole('rowheader', { name: '14 nov' })).toBeInTheDocument();
      expect(screen.getByRole('table', { name: 'Por qué no se tomaron las ofertas' })).toHaveTextContent('Fuera de tu horario2Otro conductor la tomó primero1');
      expect(headers(screen.getByRole('table', { name: 'Ofertas por estación' }))).toEqual([
        'Estación',
        'Vistas',
        'Coinciden con tus filtros',
        'Aceptadas',
        'Perdidas ante otros conductores',
      ]);
      expect(headers(screen.getByRole('table', { name: 'Ofertas por hora de inicio del bloque (America/New_York)' }))[0]).toBe('Hora');
      // The charts' legends, for sight (each chart's table is what is read).
      expect(textsOf([...document.querySelectorAll('ul[aria-hidden="true"] li')])).toEqual([
        'Vistas',
        'Coinciden con tus filtros',
        'Aceptadas',
        'Perdidas ante otros conductores',
        'Vistas',
        'Coinciden con tus filtros',
        'Aceptadas',
      ]);
      expect(screen.getByRole('button', { name: 'Semanas anteriores' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Semanas siguientes' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Ver las cifras como tablas' })).toHaveAttribute('aria-pressed', 'false');
      expect(screen.queryByRole('heading', { name: 'Pay per day' })).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: /^Your money/ })).not.toBeInTheDocument();
      expectNoRawKeys();
    });

    it('shows the races in Spanish', async () => {
      await openInSpanish();
      const races = screen.getByRole('region', { name: 'Carreras por bloques' });
      const figure = (label: string) => within(races).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
      expect([figure('Ganadas'), figure('Perdidas ante otros conductores'), figure('Tiempo para aceptar (típico)')]).toEqual(['2', '1', '2.4 ms']);
      expect(headers(within(races).getByRole('table', { name: 'Carreras ganadas y perdidas por semana' }))).toEqual(['Semana del', 'Ganadas', 'Perdidas ante otros conductores']);
      expectNoRawKeys();
    });

    it('says in Spanish when there is nothing to count', async () => {
      server.on('GET /user/stats', { data: emptyStats() });
      await openInSpanish();
      expect(screen.getByRole('status')).toHaveTextContent('Todavía no hay bloques');
      expect(screen.getByText('No se vio ni se aceptó nada para ti del 9 nov al 6 dic.')).toBeInTheDocument();
      expectNoRawKeys();
    });
  });
});
