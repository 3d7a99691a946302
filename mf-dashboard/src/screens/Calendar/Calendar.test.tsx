import type { Envelope } from '@blockpilot/shared';
import { createMockSession, mockAccount, mockApi, mockLogEntry, mockServiceAreas, setScreenWidth, type MockApi } from '@blockpilot/shared/mock';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { DESKTOP_WIDTH, expectNoRawKeys, expectPageShowing, flush, inSpanish, PHONE_WIDTH, openPageIn, renderApp, textOf, textsOf } from '../../testing';

/** Epoch seconds of a local time in November 2026. */
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).getTime() / 1000;
/** "Now": Wednesday 25 November 2026, 9:00 local. */
const NOW = new Date(2026, 10, 25, 9).getTime();

const tomorrow = mockLogEntry({
  _id: 'log-tomorrow',
  startTime: at(26, 10),
  endTime: at(26, 14),
  discoveredAt: NOW - 3_600_000,
  serviceAreaId: 'sa-2',
  cost: 254,
  rateInfo: { priceAmount: 72.5 },
});
// Started an hour ago: can no longer be forfeited.
const started = mockLogEntry({
  _id: 'log-started',
  startTime: at(25, 8),
  endTime: at(25, 12),
  discoveredAt: NOW - 86_400_000,
  serviceAreaId: 'sa-1',
  cost: 350,
  rateInfo: { priceAmount: 100 },
});

describe('Calendar (/dashboard/calendar)', () => {
  let server: MockApi;
  let restoreWidth: (() => void) | null = null;
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(NOW);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server = mockApi({
      'GET /user/blocks': { data: [started, tomorrow] },
      'GET /user/calendarFeed': { data: { createdAt: null } },
      'POST /user/getLogs': { data: [] },
    });
  });
  afterEach(() => {
    cleanup();
    restoreWidth?.();
    server.restore();
    jest.useRealTimers();
  });

  const open = async (width = PHONE_WIDTH) => {
    restoreWidth = setScreenWidth(width);
    const view = renderApp('/dashboard/calendar', createMockSession({ serviceAreas: mockServiceAreas, account: mockAccount({ currency_symbol: '$' }) }));
    await flush();
    await flush();
    return view;
  };
  const day = (name: string) => screen.getByRole('listitem', { name });

  it('says it is loading until the week arrives', async () => {
    let answer!: (reply: Envelope) => void;
    server.on('GET /user/blocks', () => new Promise((resolve) => (answer = resolve)));
    await open();
    expect(screen.getByText('Loading your blocks…')).toBeInTheDocument();
    answer({ data: [] });
    await flush();
    expect(screen.queryByText('Loading your blocks…')).not.toBeInTheDocument();
  });

  it("lists this week's days, Monday to Sunday, with each block on the day it starts", async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(server.callsTo('GET /user/blocks').map((c) => c.params)).toEqual([{ from: '2026-11-23', to: '2026-11-29' }]);
    const week = screen.getByRole('list', { name: 'Week of Mon, Nov 23' });
    expect(
      within(week)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Mon, Nov 23', 'Tue, Nov 24', 'Wed, Nov 25 Today', 'Thu, Nov 26', 'Fri, Nov 27', 'Sat, Nov 28', 'Sun, Nov 29']);
    expect(day('Mon, Nov 23')).toHaveTextContent('No blocks');
    const thursday = day('Thu, Nov 26');
    expect(thursday).toHaveTextContent('10:00 AM – 2:00 PM');
    expect(thursday).toHaveTextContent('DWA6');
    expect(thursday).toHaveTextContent('$72.50 · fee $2.54');
    expect(thursday).toHaveTextContent('Forfeit possible until Thu, Nov 26, 9:15 AM');
    // A block that started says why it cannot be forfeited, and offers no button.
    const today = day('Wed, Nov 25 Today');
    expect(today).toHaveTextContent('Can no longer be forfeited: the block has started.');
    expect(within(today).queryByRole('button', { name: /Forfeit/ })).not.toBeInTheDocument();
  });

  it('marks the away dates of the work limits on their days (docs/PRODUCT.md "Work limits")', async () => {
    server.on('GET /user/workLimits', {
      data: { awayDates: [{ from: '2026-11-27', to: '2026-11-28' }], maxDayMinutes: 0, maxWeekMinutes: 0, weeklyPayGoalCents: 0, travelBufferMinutes: 0, averageSpeedKmh: 40 },
    });
    await open();
    expect(day('Fri, Nov 27 Away')).toBeInTheDocument();
    expect(day('Sat, Nov 28 Away')).toBeInTheDocument();
    expect(day('Sun, Nov 29')).not.toHaveTextContent('Away');
    expect(day('Thu, Nov 26')).not.toHaveTextContent('Away');
  });

  it("forfeits a block with the log's confirmation, and takes it off the week", async () => {
    server.on('POST /user/forfeitBlock', { data: null, alert: 'Block forfeited. Your fee of $2.54 was refunded.' });
    await open(DESKTOP_WIDTH);
    fireEvent.click(within(day('Thu, Nov 26')).getByRole('button', { name: /^Forfeit the block at DWA6/ }));
    const dialog = screen.getByRole('dialog', { name: 'Forfeit this block?' });
    expect(dialog).toHaveTextContent('the fee of $2.54 is refunded to your credit');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forfeit' }));
    await flush();
    expect(server.callsTo('POST /user/forfeitBlock').map((c) => c.body)).toEqual([{ logId: 'log-tomorrow' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(day('Thu, Nov 26')).toHaveTextContent('No blocks');
  });

  it('keeps a block whose forfeit was refused', async () => {
    server.on('POST /user/forfeitBlock', { status: 409, body: { alert: 'Amazon Flex did not forfeit the block.' } });
    await open();
    fireEvent.click(within(day('Thu, Nov 26')).getByRole('button', { name: /^Forfeit/ }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Forfeit' }));
    await flush();
    expect(day('Thu, Nov 26')).toHaveTextContent('10:00 AM – 2:00 PM');
  });

  it("opens on today on a phone: today's day is scrolled to the top, once; not on a desktop", async () => {
    const scrolled: string[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.getAttribute('data-day') ?? '');
    };
    try {
      await open(PHONE_WIDTH);
      expect(scrolled).toEqual(['2026-11-25']);
      fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
      await flush();
      fireEvent.click(screen.getByRole('button', { name: 'This week' }));
      await flush();
      expect(scrolled).toHaveLength(1);
      cleanup();
      await open(DESKTOP_WIDTH);
      expect(scrolled).toHaveLength(1);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('moves between weeks', async () => {
    await open();
    const thisWeek = screen.getByRole('button', { name: 'This week' });
    expect(thisWeek).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await flush();
    expect(server.callsTo('GET /user/blocks').at(-1)?.params).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(screen.getByRole('heading', { level: 2, name: 'Mon, Nov 30 – Sun, Dec 6' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await flush();
    expect(server.callsTo('GET /user/blocks').at(-1)?.params).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    fireEvent.click(thisWeek);
    await flush();
    expect(server.callsTo('GET /user/blocks').at(-1)?.params).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });

  it('says when the week has no blocks', async () => {
    server.on('GET /user/blocks', { data: [] });
    await open();
    expect(screen.getByText('No blocks this week')).toBeInTheDocument();
    expect(screen.getAllByText('No blocks')).toHaveLength(7);
  });

  it('says the week could not be loaded, and tries again', async () => {
    server.on('GET /user/blocks', { status: 500, body: { alert: 'Something went wrong.' } });
    await open();
    expect(screen.getByRole('alert')).toHaveTextContent('Your blocks could not be loaded');
    server.on('GET /user/blocks', { data: [tomorrow] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await flush();
    expect(day('Thu, Nov 26')).toHaveTextContent('DWA6');
  });

  describe('the calendar feed', () => {
    const panel = () => screen.getByRole('region', { name: 'Your calendar on your phone' });
    const URL = 'https://blockpilot.test/api/calendar/abc.ics';

    it('makes a link, shows it once with copy and download, and revokes it', async () => {
      const writeText = jest.fn(async () => undefined);
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      server.on('POST /user/calendarFeed', { data: { createdAt: NOW, url: URL } });
      server.on('DELETE /user/calendarFeed', { data: null });
      await open();
      expect(panel()).toHaveTextContent('You have no calendar link.');
      fireEvent.click(within(panel()).getByRole('button', { name: 'Make a calendar link' }));
      await flush();
      expect(within(panel()).getByRole('textbox', { name: /Your calendar link/ })).toHaveValue(URL);
      expect(within(panel()).getByRole('link', { name: 'Download .ics' })).toHaveAttribute('href', URL);
      fireEvent.click(within(panel()).getByRole('button', { name: 'Copy link' }));
      await flush();
      expect(writeText).toHaveBeenCalledWith(URL);
      expect(within(panel()).getByRole('status')).toHaveTextContent('Link copied.');
      fireEvent.click(within(panel()).getByRole('button', { name: 'Revoke link' }));
      await flush();
      expect(server.callsTo('DELETE /user/calendarFeed')).toHaveLength(1);
      expect(panel()).toHaveTextContent('You have no calendar link.');
      expect(within(panel()).queryByRole('textbox')).not.toBeInTheDocument();
    });

    it('says when the current link was made, without showing it again', async () => {
      server.on('GET /user/calendarFeed', { data: { createdAt: NOW - 86_400_000 } });
      await open();
      expect(panel()).toHaveTextContent('You have a calendar link, made Tue, Nov 24 · 9:00 AM.');
      expect(within(panel()).getByRole('button', { name: 'Make a new link' })).toBeInTheDocument();
      expect(within(panel()).queryByRole('textbox')).not.toBeInTheDocument();
    });

    it('says the link state could not be loaded', async () => {
      server.on('GET /user/calendarFeed', { status: 500, body: { alert: 'Something went wrong.' } });
      await open();
      expect(within(panel()).getByRole('alert')).toHaveTextContent('Your calendar link could not be loaded');
      server.on('GET /user/calendarFeed', { data: { createdAt: null } });
      fireEvent.click(within(panel()).getByRole('button', { name: 'Try again' }));
      await flush();
      expect(panel()).toHaveTextContent('You have no calendar link.');
    });
  });

  describe('in Spanish (docs/FRONTEND.md, "Languages")', () => {
    inSpanish();
    const openInSpanish = () => {
      restoreWidth = setScreenWidth(PHONE_WIDTH);
      return openPageIn('/dashboard/calendar', createMockSession({ serviceAreas: mockServiceAreas, account: mockAccount({ currency_symbol: '$' }) }));
    };

    it('names the week, its days and its blocks in Spanish, with Spanish days, clocks and money', async () => {
      await openInSpanish();
      expectPageShowing('Calendario', 'lun, 23 nov – dom, 29 nov');
      const week = screen.getByRole('list', { name: 'Semana del lun, 23 nov' });
      expect(textsOf(within(week).getAllByRole('heading', { level: 3 }))).toEqual([
        'lun, 23 nov',
        'mar, 24 nov',
        'mié, 25 nov Hoy',
        'jue, 26 nov',
        'vie, 27 nov',
        'sáb, 28 nov',
        'dom, 29 nov',
      ]);
      expect(day('lun, 23 nov')).toHaveTextContent('Sin bloques');
      const thursday = day('jue, 26 nov');
      expect(textOf(thursday)).toContain('10:00 a.m. – 2:00 p.m.');
      expect(thursday).toHaveTextContent('$72.50 · comisión $2.54');
      expect(textOf(thursday)).toContain('Puedes liberarlo hasta el jue, 26 nov, 9:15 a.m.');
      expect(within(thursday).getByRole('button', { name: /^Liberar el bloque en DWA6, jue, 26 nov, 10:00/ })).toBeInTheDocument();
      expect(day('mié, 25 nov Hoy')).toHaveTextContent('Ya no se puede liberar: el bloque ya empezó.');
      expect(screen.getByRole('button', { name: 'Semana anterior' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Esta semana' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Semana siguiente' })).toBeEnabled();
      expect(screen.queryByText('No blocks')).not.toBeInTheDocument();
      expectNoRawKeys();
    });

    it('explains the private calendar link (.ics) in Spanish', async () => {
      server.on('GET /user/calendarFeed', { data: { createdAt: NOW - 86_400_000 } });
      await openInSpanish();
      const panel = screen.getByRole('region', { name: 'Tu calendario en tu teléfono' });
      expect(panel).toHaveTextContent('Suscríbete a tus bloques en la app de calendario de tu teléfono con un enlace privado.');
      expect(textOf(panel)).toContain('Tienes un enlace de calendario, creado el mar, 24 nov · 9:00 a.m.; por tu privacidad se mostró una sola vez');
      expect(within(panel).getByRole('button', { name: 'Crear un enlace nuevo' })).toBeInTheDocument();
      expect(within(panel).getByRole('button', { name: 'Revocar enlace' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Your calendar on your phone' })).not.toBeInTheDocument();
      expectNoRawKeys();
    });

    it('shows a new link with its copy and download in Spanish', async () => {
      server.on('POST /user/calendarFeed', { data: { createdAt: NOW, url: 'https://blockpilot.test/api/calendar/abc.ics' } });
      await openInSpanish();
      const panel = screen.getByRole('region', { name: 'Tu calendario en tu teléfono' });
      expect(panel).toHaveTextContent('No tienes un enlace de calendario.');
      fireEvent.click(within(panel).getByRole('button', { name: 'Crear un enlace de calendario' }));
      await flush();
      expect(within(panel).getByRole('textbox', { name: /^El enlace de tu calendario/ })).toBeInTheDocument();
      expect(within(panel).getByRole('button', { name: 'Copiar enlace' })).toBeInTheDocument();
      expect(within(panel).getByRole('link', { name: 'Descargar .ics' })).toHaveAttribute('download', 'blockpilot.ics');
    });
  });
});
