import { FORFEIT_GRACE_MS, FORFEIT_MIN_LEAD_MS, LOG_POLL_MS, STORAGE_KEYS, type LogEntry, type LogQuery } from '@blockpilot/shared';
import { createMockSession, mockApi, mockLogEntry, mockServiceAreas, setScreenWidth, type MockApi, type MockSession } from '@blockpilot/shared/mock';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { DESKTOP_WIDTH, expectNoRawKeys, flush, inSpanish, PHONE_WIDTH, renderApp, renderAppIn, textOf, textsOf } from '../../testing';

const NOW = new Date(2025, 0, 6, 15, 4, 30).getTime(); // a Monday afternoon, local time
const MINUTE = 60_000;
const seconds = (ms: number) => Math.floor(ms / 1000);

/** An offer discovered `agoMs` before now whose block starts `startsInMs` from now and lasts 4 h. */
function offer(id: string, agoMs: number, startsInMs = 3 * 60 * MINUTE, overrides: Partial<LogEntry> = {}): LogEntry {
  const start = NOW + startsInMs;
  return mockLogEntry({ _id: id, discoveredAt: NOW - agoMs, startTime: seconds(start), endTime: seconds(start + 4 * 60 * MINUTE), ...overrides });
}

describe('Logs (/dashboard/logs)', () => {
  let server: MockApi;
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
    localStorage.clear();
    server = mockApi({ 'POST /user/getLogs': { data: [] } });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    server.restore();
    jest.useRealTimers();
  });

  const renderLogs = (session: MockSession = createMockSession({ serviceAreas: mockServiceAreas })) => renderApp('/dashboard/logs', session);
  const queries = () => server.callsTo('POST /user/getLogs').map((c) => (c.body as { query: LogQuery }).query);
  const both = { $in: ['BLOCK_ACCEPT', 'BLOCK_IGNORE'] };
  const area = () => screen.getByRole('region', { name: 'Offers' });
  const items = () => within(area()).queryAllByRole('listitem');
  const ids = () => items().map((item) => item.getAttribute('data-log-id'));
  const forfeitButtonsOf = () => within(area()).queryAllByRole('button', { name: /^Forfeit/ });

  it('loads the newest entries first and shows each one: action, service area, local start-end, price, and the fee of accepted ones', async () => {
    server.on('POST /user/getLogs', {
      data: [
        offer('a', MINUTE, 3 * 60 * MINUTE - 4 * MINUTE - 30_000, { cost: 350, rateInfo: { priceAmount: 100 } }),
        offer('b', 2 * MINUTE, 20 * 60 * MINUTE, { action: 'BLOCK_IGNORE', serviceAreaId: 'sa-2', cost: undefined, rateInfo: { priceAmount: 62.5 } }),
      ],
    });
    renderLogs();
    expect(within(area()).getByRole('status')).toHaveTextContent('Loading offers…');
    await flush();
    expect(queries()).toEqual([{ action: both }]);
    expect(ids()).toEqual(['a', 'b']);
    const [accepted, ignored] = items();
    expect(accepted).toHaveTextContent('Accepted');
    expect(accepted).toHaveTextContent('DSE4');
    expect(within(accepted!).getByText('Mon, Jan 6')).toBeInTheDocument();
    expect(within(accepted!).getByText('6:00 PM – 10:00 PM')).toBeInTheDocument();
    expect(accepted).toHaveTextContent('$100.00');
    expect(accepted).toHaveTextContent('Fee $3.50');
    expect(ignored).toHaveTextContent('Ignored');
    expect(ignored).toHaveTextContent('DWA6');
    expect(within(ignored!).getByText('Tue, Jan 7')).toBeInTheDocument();
    expect(within(ignored!).getByText('11:04 AM – 3:04 PM')).toBeInTheDocument();
    expect(ignored).toHaveTextContent('$62.50');
    expect(ignored).not.toHaveTextContent('Fee');
  });

  it('says so when there are no offers yet', async () => {
    renderLogs();
    await flush();
    expect(area()).toHaveTextContent('No offers yet.');
    expect(screen.queryByRole('button', { name: 'Show More Logs' })).not.toBeInTheDocument();
  });

  it('polls every 5 s for entries newer than the newest seen and puts them on top', async () => {
    server.on('POST /user/getLogs', { data: [offer('a', 2 * MINUTE), offer('b', 3 * MINUTE)] });
    renderLogs();
    await flush();
    server.on('POST /user/getLogs', { data: [offer('c', MINUTE)] });
    await flush(LOG_POLL_MS - 1);
    expect(queries()).toHaveLength(1);
    await flush(1);
    expect(queries()[1]).toEqual({ discoveredAt: { $gt: NOW - 2 * MINUTE }, action: both });
    expect(ids()).toEqual(['c', 'a', 'b']);
    server.on('POST /user/getLogs', { data: [] });
    await flush(LOG_POLL_MS);
    expect(queries()[2]).toEqual({ discoveredAt: { $gt: NOW - MINUTE }, action: both });
    expect(ids()).toEqual(['c', 'a', 'b']);
  });

  it('refreshes the user (the credit chip) when a poll brings a block accepted meanwhile, not for ignored offers or the first page', async () => {
    const session = createMockSession({ serviceAreas: mockServiceAreas });
    server.on('POST /user/getLogs', { data: [offer('a', 3 * MINUTE)] });
    renderLogs(session);
    await flush();
    expect(session.actions).toEqual([]);
    server.on('POST /user/getLogs', { data: [offer('b', 2 * MINUTE, undefined, { action: 'BLOCK_IGNORE', cost: undefined })] });
    await flush(LOG_POLL_MS);
    expect(ids()).toEqual(['b', 'a']);
    expect(session.actions).toEqual([]);
    server.on('POST /user/getLogs', { data: [offer('c', MINUTE)] });
    await flush(LOG_POLL_MS);
    expect(ids()).toEqual(['c', 'b', 'a']);
    expect(session.actions).toEqual(['refresh']);
  });

  it('stops polling when the screen closes', async () => {
    const { unmount } = renderLogs();
    await flush(LOG_POLL_MS);
    expect(queries()).toHaveLength(2);
    unmount();
    await flush(10 * LOG_POLL_MS);
    expect(queries()).toHaveLength(2);
  });

  describe('older entries', () => {
    const scrollTo = (remainingPx: number) => {
      const el = area();
      Object.defineProperty(el, 'scrollHeight', { configurable: true, value: 2000 });
      Object.defineProperty(el, 'clientHeight', { configurable: true, value: 750 });
      Object.defineProperty(el, 'scrollTop', { configurable: true, value: 2000 - 750 - remainingPx });
      fireEvent.scroll(el);
    };

    it('load when the area is scrolled within 5 px of its bottom, older than the oldest shown, one load at a time', async () => {
      server.on('POST /user/getLogs', { data: [offer('a', MINUTE), offer('b', 2 * MINUTE)] });
      renderLogs();
      await flush();
      let answer!: () => void;
      server.on('POST /user/getLogs', () => new Promise((resolve) => (answer = () => resolve({ data: [offer('c', 3 * MINUTE)] }))));

      scrollTo(6);
      await flush();
      expect(queries()).toHaveLength(1);
      scrollTo(5);
      await flush();
      expect(queries()[1]).toEqual({ discoveredAt: { $lt: NOW - 2 * MINUTE }, action: both });
      scrollTo(0);
      fireEvent.click(screen.getByRole('button', { name: 'Loading older offers…' }));
      await flush();
      expect(queries()).toHaveLength(2);
      expect(screen.getByRole('button', { name: 'Loading older offers…' })).toBeDisabled();

      await act(async () => answer());
      expect(ids()).toEqual(['a', 'b', 'c']);
      server.on('POST /user/getLogs', { data: [] });
      scrollTo(0);
      await flush();
      expect(queries()[2]).toEqual({ discoveredAt: { $lt: NOW - 3 * MINUTE }, action: both });
      expect(area()).toHaveTextContent('No older offers.');
      expect(screen.queryByRole('button', { name: 'Show More Logs' })).not.toBeInTheDocument();
    });

    it('on a phone, where the log scrolls with the page, load when the end of the list comes into view', async () => {
      const restoreWidth = setScreenWidth(PHONE_WIDTH);
      const observed: Array<{ target: Element; callback: IntersectionObserverCallback }> = [];
      const original = globalThis.IntersectionObserver;
      globalThis.IntersectionObserver = class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(target: Element) {
          observed.push({ target, callback: this.callback });
        }
        disconnect() {
          observed.splice(0, observed.length);
        }
      } as unknown as typeof IntersectionObserver;
      try {
        server.on('POST /user/getLogs', { data: [offer('a', MINUTE), offer('b', 2 * MINUTE)] });
        renderLogs();
        await flush();
        server.on('POST /user/getLogs', { data: [offer('c', 3 * MINUTE)] });
        const end = observed.at(-1)!;
        expect(end.target).toContainElement(screen.getByRole('button', { name: 'Show More Logs' }));
        act(() => end.callback([{ isIntersecting: true, target: end.target } as IntersectionObserverEntry], {} as IntersectionObserver));
        await flush();
        expect(queries()[1]).toEqual({ discoveredAt: { $lt: NOW - 2 * MINUTE }, action: both });
        expect(ids()).toEqual(['a', 'b', 'c']);
      } finally {
        globalThis.IntersectionObserver = original;
        restoreWidth();
      }
    });

    it('on a desktop, the area scrolls by itself and the page does not load more', async () => {
      const restoreWidth = setScreenWidth(DESKTOP_WIDTH);
      const observe = jest.fn();
      const original = globalThis.IntersectionObserver;
      globalThis.IntersectionObserver = class {
        observe = observe;
        disconnect() {}
      } as unknown as typeof IntersectionObserver;
      try {
        server.on('POST /user/getLogs', { data: [offer('a', MINUTE)] });
        renderLogs();
        await flush();
        // The one element watched is the work limits panel beside it, whose form loads as it nears the viewport.
        expect(observe.mock.calls.map(([target]: [Element]) => target.querySelector('h2')?.textContent)).toEqual(['Work limits']);
      } finally {
        globalThis.IntersectionObserver = original;
        restoreWidth();
      }
    });

    it("load with the 'Show More Logs' button too", async () => {
      server.on('POST /user/getLogs', { data: [offer('a', MINUTE)] });
      renderLogs();
      await flush();
      server.on('POST /user/getLogs', { data: [offer('z', 60 * MINUTE)] });
      fireEvent.click(screen.getByRole('button', { name: 'Show More Logs' }));
      await flush();
      expect(queries()[1]).toEqual({ discoveredAt: { $lt: NOW - MINUTE }, action: both });
      expect(ids()).toEqual(['a', 'z']);
    });
  });

  describe('log filter', () => {
    const choice = () => screen.getByRole('combobox', { name: 'Show' });

    it('defaults to accepted and ignored, and a change is stored and sent as action.$in', async () => {
      renderLogs();
      await flush();
      expect(choice()).toHaveValue('accept and ignore');
      fireEvent.change(choice(), { target: { value: 'accept' } });
      await flush();
      expect(localStorage.getItem(STORAGE_KEYS.logFilter)).toBe('"accept"');
      expect(queries()[1]).toEqual({ action: { $in: ['BLOCK_ACCEPT'] } });
      expect(area()).toHaveTextContent('No accepted blocks yet.');
    });

    it('starts from the stored choice', async () => {
      localStorage.setItem(STORAGE_KEYS.logFilter, '"ignore"');
      renderLogs();
      await flush();
      expect(choice()).toHaveValue('ignore');
      expect(queries()).toEqual([{ action: { $in: ['BLOCK_IGNORE'] } }]);
    });

    it('drops an answer to the old choice that arrives after the change', async () => {
      let late!: () => void;
      server.on('POST /user/getLogs', () => new Promise((resolve) => (late = () => resolve({ data: [offer('old', MINUTE)] }))));
      renderLogs();
      await flush(); // the first request is now waiting for its answer
      server.on('POST /user/getLogs', { data: [offer('new', MINUTE, undefined, { action: 'BLOCK_IGNORE' })] });
      fireEvent.change(choice(), { target: { value: 'ignore' } });
      await flush();
      await act(async () => late());
      expect(ids()).toEqual(['new']);
    });
  });

  describe('forfeit', () => {
    const forfeitButtons = () => within(area()).queryAllByRole('button', { name: /^Forfeit/ });
    const forfeitable = () =>
      items()
        .filter((item) => within(item).queryByRole('button', { name: /^Forfeit/ }))
        .map((item) => item.getAttribute('data-log-id'));

    it('is offered only inside the window: not started, and more than 45 min before start or discovered under 5 min ago', async () => {
      server.on('POST /user/getLogs', {
        data: [
          offer('lead-exactly-45', 10 * MINUTE, FORFEIT_MIN_LEAD_MS),
          offer('lead-45-and-1s', 10 * MINUTE, FORFEIT_MIN_LEAD_MS + 1000),
          offer('grace-exactly-5', FORFEIT_GRACE_MS, 10 * MINUTE),
          offer('grace-under-5', FORFEIT_GRACE_MS - 1, 10 * MINUTE),
          offer('started', 1000, -1000),
          offer('ignored', 1000, 3 * 60 * MINUTE, { action: 'BLOCK_IGNORE' }),
        ],
      });
      renderLogs();
      await flush();
      expect(forfeitable()).toEqual(['lead-45-and-1s', 'grace-under-5']);
    });

    it('closes as time passes', async () => {
      server.on('POST /user/getLogs', { data: [offer('a', 10 * MINUTE, FORFEIT_MIN_LEAD_MS + 3000)] });
      renderLogs();
      await flush();
      expect(forfeitButtons()).toHaveLength(1);
      server.on('POST /user/getLogs', { data: [] });
      await flush(LOG_POLL_MS);
      expect(forfeitButtons()).toHaveLength(0);
    });

    it('asks first; on success removes the entry and refreshes the user', async () => {
      server.on('POST /user/getLogs', { data: [offer('a', MINUTE), offer('b', 2 * MINUTE)] });
      server.on('POST /user/forfeitBlock', { data: null, alert: 'Block forfeited. Fee refunded.' });
      const session = createMockSession({ serviceAreas: mockServiceAreas });
      renderLogs(session);
      await flush();
      fireEvent.click(forfeitButtons()[0]!);
      const dialog = screen.getByRole('dialog', { name: 'Forfeit this block?' });
      expect(dialog).toHaveTextContent('the fee of $3.50 is refunded');
      expect(server.callsTo('POST /user/forfeitBlock')).toEqual([]);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Forfeit' }));
      await flush();
      expect(server.callsTo('POST /user/forfeitBlock').map((c) => c.body)).toEqual([{ logId: 'a' }]);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(ids()).toEqual(['b']);
      expect(session.actions).toEqual(['refresh']);
    });

    it('on failure closes the dialog and keeps the entry', async () => {
      server.on('POST /user/getLogs', { data: [offer('a', MINUTE)] });
      server.on('POST /user/forfeitBlock', { status: 409, body: { alert: 'Too late to forfeit this block.' } });
      const session = createMockSession({ serviceAreas: mockServiceAreas });
      renderLogs(session);
      await flush();
      fireEvent.click(forfeitButtons()[0]!);
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Forfeit' }));
      await flush();
      expect(server.callsTo('POST /user/forfeitBlock')).toHaveLength(1);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(ids()).toEqual(['a']);
      expect(session.actions).toEqual([]);
    });

    it('can be called off without sending anything', async () => {
      server.on('POST /user/getLogs', { data: [offer('a', MINUTE)] });
      renderLogs();
      await flush();
      fireEvent.click(forfeitButtons()[0]!);
      fireEvent.click(screen.getByRole('button', { name: 'Keep block' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(server.callsTo('POST /user/forfeitBlock')).toEqual([]);
      expect(ids()).toEqual(['a']);
    });
  });

  it("shows 'Looking for available offers' while searching, and not while stopped", async () => {
    const { unmount } = renderLogs(createMockSession({ searching: true }));
    await flush();
    expect(screen.getByText('Looking for available offers')).toBeInTheDocument();
    unmount();
    renderLogs(createMockSession({ searching: false }));
    await flush();
    expect(screen.queryByText('Looking for available offers')).not.toBeInTheDocument();
  });

  describe('always says why (docs/ENGINE.md "Ignore reasons")', () => {
    const ignored = (id: string, reason: LogEntry['reason'], more: Partial<LogEntry> = {}) =>
      offer(id, MINUTE, 20 * 60 * MINUTE, { action: 'BLOCK_IGNORE', cost: undefined, reason, ...more });

    it('shows every reason the engine stores on its card, an overlap with the booked block it clashed with', async () => {
      const booked = seconds(new Date(2025, 0, 7, 10, 30).getTime());
      server.on('POST /user/getLogs', {
        data: [
          ignored('credit', 'credit'),
          ignored('overlap', 'overlap', { overlaps: { startTime: booked, serviceAreaId: 'sa-1' } }),
          ignored('time', 'time'),
          ignored('pay', 'pay'),
          ignored('station', 'station'),
          ignored('arrival', 'arrival'),
          ignored('hidden', 'hidden'),
          ignored('day', 'day'),
          ignored('duration', 'duration'),
          ignored('taken', 'taken'),
          ignored('failed', 'failed'),
        ],
      });
      renderLogs();
      await flush();
      const card = (id: string) => items().find((item) => item.getAttribute('data-log-id') === id)!;
      const expectReason = (id: string, text: string) => {
        expect(within(card(id)).getByText('Ignored', { exact: true })).toBeInTheDocument();
        expect(within(card(id)).getByText(text, { exact: true })).toBeInTheDocument();
      };
      expectReason('credit', 'Not enough credit');
      expectReason('overlap', 'Overlaps your 10:30 AM DSE4 block');
      expectReason('time', 'Outside your time window');
      expectReason('pay', 'Outside your pay range');
      expectReason('station', 'Station not selected');
      expectReason('arrival', 'Too soon to arrive');
      expectReason('hidden', 'Hidden by Amazon Flex');
      expectReason('day', 'Not one of your days');
      expectReason('duration', 'Outside your block length');
      expectReason('taken', 'Taken by another driver first');
      expectReason('failed', 'Never confirmed by Amazon Flex');
    });

    it('shows the full station name, the duration and the pay per hour on each card', async () => {
      server.on('POST /user/getLogs', { data: [offer('a', MINUTE, 3 * 60 * MINUTE, { rateInfo: { priceAmount: 100 } })] });
      renderLogs();
      await flush();
      const [card] = items();
      expect(card).toHaveTextContent('DSE4');
      expect(card).toHaveTextContent('Seattle (DSE4) - Sodo');
      expect(card).toHaveTextContent('4 h block');
      expect(card).toHaveTextContent('$25.00/h');
    });

    it('narrows the log to one reason, asking the server for ignored offers with it, and remembers the choice', async () => {
      server.on('POST /user/getLogs', { data: [ignored('credit', 'credit')] });
      renderLogs();
      await flush();
      fireEvent.change(screen.getByLabelText('Why ignored'), { target: { value: 'credit' } });
      await flush();
      expect(queries().at(-1)).toEqual({ action: { $in: ['BLOCK_IGNORE'] }, reason: { $in: ['credit'] } });
      expect(JSON.parse(localStorage.getItem('logReason')!)).toBe('credit');
      expect(ids()).toEqual(['credit']);
    });
  });

  describe('forfeiting, said plainly', () => {
    it('shows until when an accepted block can be forfeited, then a countdown in the last hour, then why not', async () => {
      // Starts in 3 h: the window closes 45 min before, at 5:19 PM.
      server.on('POST /user/getLogs', { data: [offer('a', 10 * MINUTE, 3 * 60 * MINUTE)] });
      renderLogs();
      await flush();
      const line = () => items()[0]!.querySelector('[data-forfeit-line]')!;
      expect(line()).toHaveTextContent('Forfeit possible until Mon, Jan 6, 5:19 PM');
      // The clock moves on; the log's 5 s clock reads it at its next tick.
      jest.setSystemTime(NOW + 76 * MINUTE + 10_000); // 58 min 50 s left
      await flush(LOG_POLL_MS);
      expect(line()).toHaveTextContent('Forfeit possible for 59 min more');
      jest.setSystemTime(NOW + 136 * MINUTE);
      await flush(LOG_POLL_MS);
      expect(line()).toHaveTextContent('Can no longer be forfeited: it starts in 45 minutes or less and was accepted more than 5 minutes ago.');
      expect(forfeitButtonsOf()).toHaveLength(0);
    });

    it('takes out a block forfeited on another device: live, and when a forfeit here is answered 410', async () => {
      server.on('POST /user/getLogs', { data: [offer('a', MINUTE), offer('b', 2 * MINUTE)] });
      server.on('POST /user/forfeitBlock', { status: 410, body: { alert: 'This block was already forfeited, and its fee refunded. It has left your log.' } });
      const session = createMockSession({ serviceAreas: mockServiceAreas });
      renderLogs(session);
      await flush();
      act(() => session.emitLive({ type: 'logRemoved', id: 'b' }));
      expect(ids()).toEqual(['a']);
      fireEvent.click(forfeitButtonsOf()[0]!);
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Forfeit' }));
      await flush();
      expect(ids()).toEqual([]);
      expect(screen.queryByText('This log entry does not exist')).not.toBeInTheDocument();
      expect(session.actions).toEqual(['refresh']);
    });

    it('asks for the newest page at once when a live event says entries were written, and takes in one written late at a time it had', async () => {
      const session = createMockSession({ serviceAreas: mockServiceAreas });
      // One poll of the engine: the ignored offer is written first, the accept of the same moment after it.
      server.on('POST /user/getLogs', {
        data: [offer('ignored', MINUTE, 20 * 60 * MINUTE, { action: 'BLOCK_IGNORE', reason: 'pay', cost: undefined }), offer('older', 2 * MINUTE)],
      });
      renderLogs(session);
      await flush();
      server.on('POST /user/getLogs', {
        data: [offer('accepted', MINUTE), offer('ignored', MINUTE, 20 * 60 * MINUTE, { action: 'BLOCK_IGNORE', reason: 'pay', cost: undefined }), offer('older', 2 * MINUTE)],
      });
      act(() => session.emitLive({ type: 'logs' }));
      await flush();
      expect(queries()).toHaveLength(2);
      expect(queries()[1]).toEqual({ action: both });
      expect(ids()).toEqual(['accepted', 'ignored', 'older']);
    });
  });

  it('says a paused search is paused, instead of looking for offers', async () => {
    const session = createMockSession({ serviceAreas: mockServiceAreas, searching: true });
    session.searchStatus = { ...session.searchStatus!, pausedFor: 'credit' };
    renderLogs(session);
    await flush();
    expect(screen.getByText(/Paused: not enough credit\. Matching offers are skipped until you top up/)).toBeInTheDocument();
    expect(screen.queryByText('Looking for available offers')).not.toBeInTheDocument();
  });

  describe('in Spanish (docs/FRONTEND.md, "Languages")', () => {
    inSpanish();
    const renderInSpanish = () => renderAppIn('/dashboard/logs', createMockSession({ serviceAreas: mockServiceAreas }));
    const offers = () => screen.getByRole('region', { name: 'Ofertas' });
    const cards = () => within(offers()).queryAllByRole('listitem');

    it('shows each offer with Spanish words, days, clocks and money, and why an ignored one was ignored', async () => {
      const booked = seconds(new Date(2025, 0, 7, 10, 30).getTime());
      server.on('POST /user/getLogs', {
        data: [
          offer('a', MINUTE, 3 * 60 * MINUTE, { cost: 350, rateInfo: { priceAmount: 100 } }),
          offer('b', 2 * MINUTE, 20 * 60 * MINUTE, {
            action: 'BLOCK_IGNORE',
            serviceAreaId: 'sa-2',
            cost: undefined,
            reason: 'overlap',
            overlaps: { startTime: booked, serviceAreaId: 'sa-1' },
          }),
          offer('c', 3 * MINUTE, 20 * 60 * MINUTE, { action: 'BLOCK_IGNORE', cost: undefined, reason: 'time' }),
        ],
      });
      await renderInSpanish();
      await flush();
      expect(screen.getByRole('heading', { level: 2, name: 'Registro' })).toBeInTheDocument();
      expect(screen.getByText('La búsqueda está detenida. Pulsa Iniciar para buscar ofertas.')).toBeInTheDocument();
      const [accepted, overlap, time] = cards();
      expect(within(accepted!).getByText('Aceptado')).toBeInTheDocument();
      expect(within(accepted!).getByText('lun, 6 ene')).toBeInTheDocument();
      expect(textOf(accepted!)).toContain('6:04 p.m. – 10:04 p.m.');
      expect(accepted).toHaveTextContent('Bloque de 4 h');
      expect(accepted).toHaveTextContent('$25.00/h');
      expect(accepted).toHaveTextContent('Comisión $3.50');
      expect(textOf(accepted!)).toContain('Puedes liberarlo hasta el lun, 6 ene, 5:19 p.m.');
      expect(within(accepted!).getByRole('button', { name: /^Liberar el bloque en DSE4, lun, 6 ene · 6:04 p\.\s?m\. – 10:04 p\.\s?m\.$/ })).toBeInTheDocument();
      expect(within(overlap!).getByText('Ignorado')).toBeInTheDocument();
      expect(textOf(overlap!)).toContain('Se cruza con tu bloque de DSE4 (10:30 a.m.)');
      expect(time).toHaveTextContent('Fuera de tu horario');
      expect(screen.getByRole('button', { name: 'Mostrar más registros' })).toBeInTheDocument();
      expect(screen.queryByText('Accepted')).not.toBeInTheDocument();
      expectNoRawKeys();
    });

    it('asks before forfeiting, in Spanish', async () => {
      server.on('POST /user/getLogs', { data: [offer('a', MINUTE)] });
      await renderInSpanish();
      await flush();
      fireEvent.click(within(offers()).getByRole('button', { name: /^Liberar el bloque/ }));
      const dialog = screen.getByRole('dialog', { name: '¿Liberar este bloque?' });
      expect(dialog).toHaveTextContent('El bloque vuelve a la plataforma de entregas y la comisión de $3.50 se reembolsa a tu crédito.');
      expect(within(dialog).getByRole('button', { name: 'Conservar bloque' })).toBeEnabled();
      expect(within(dialog).getByRole('button', { name: 'Liberar' })).toBeEnabled();
      expectNoRawKeys();
    });

    it('offers its choices and says when there is nothing, in Spanish', async () => {
      await renderInSpanish();
      await flush();
      expect(offers()).toHaveTextContent('Todavía no hay ofertas.');
      const show = screen.getByRole('combobox', { name: 'Mostrar' });
      expect(textsOf(within(show).getAllByRole('option'))).toEqual(['Aceptadas e ignoradas', 'Solo aceptadas', 'Solo ignoradas']);
      fireEvent.change(screen.getByRole('combobox', { name: 'Motivo' }), { target: { value: 'taken' } });
      await flush();
      expect(offers()).toHaveTextContent('No hay ofertas ignoradas por “Otro conductor la tomó primero”.');
      expectNoRawKeys();
    });
  });
});
