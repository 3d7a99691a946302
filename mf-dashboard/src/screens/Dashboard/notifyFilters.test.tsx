/** Notify-only filters on the dashboard (docs/PRODUCT.md "Notify-only filters"): the filter's choice, its chip, and the log card's one-tap Accept. */
import { DEFAULT_WORK_LIMITS } from '@blockpilot/shared/api/schemas';
import { FILTER_AUTOSAVE_MS, type Filter, type LogEntry } from '@blockpilot/shared';
import { createMockSession, mockAccount, mockApi, mockFilter, mockLogEntry, mockServiceAreas, setScreenWidth, type MockApi } from '@blockpilot/shared/mock';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { expectNoRawKeys, flush, inSpanish, PHONE_WIDTH, renderApp } from '../../testing';

const NOW = new Date(2025, 0, 6, 15, 4, 30).getTime();
const HOUR = 3_600_000;

describe('notify-only filters', () => {
  let server: MockApi;
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
    localStorage.clear();
    server = mockApi({
      'POST /user/getLogs': { data: [] },
      'GET /user/workLimits': { data: DEFAULT_WORK_LIMITS },
      'POST /user/saveFilter': (call) => ({ data: (call.body as { filter: Filter }).filter }),
    });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    server.restore();
    jest.useRealTimers();
  });

  const saves = () => server.callsTo('POST /user/saveFilter').map((c) => (c.body as { filter: Filter }).filter);
  const sessionWith = (filters: Filter[]) => createMockSession({ account: mockAccount({ filters }), serviceAreas: mockServiceAreas });

  describe('the filter editor, at 360 px', () => {
    let restoreWidth: () => void;
    beforeEach(() => {
      restoreWidth = setScreenWidth(PHONE_WIDTH);
    });
    afterEach(() => restoreWidth());

    it('asks what a match does, "Accept it at once" by default, and saves "Only tell me"', async () => {
      renderApp('/dashboard/settings', sessionWith([mockFilter()]));
      await flush();
      const choice = within(screen.getByRole('region', { name: 'Your filter' })).getByRole('combobox', { name: 'When a block matches' });
      expect(choice).toHaveValue('accept');
      expect(
        within(choice)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Accept it at once', 'Only tell me']);
      fireEvent.change(choice, { target: { value: 'notify' } });
      await flush(FILTER_AUTOSAVE_MS);
      expect(saves().at(-1)).toMatchObject({ action: 'notify' });
    });

    it('marks a notify filter in the list with its chip', async () => {
      renderApp('/dashboard/settings', sessionWith([mockFilter({ id: 'a', name: 'Strict' }), mockFilter({ id: 'b', name: 'Broad', action: 'notify' })]));
      await flush();
      const list = screen.getByRole('region', { name: 'Your filters' });
      expect(within(list).getByRole('listitem', { name: /Broad/ })).toHaveTextContent('Only tells you');
      expect(within(list).getByRole('listitem', { name: /dashboard's filter/ })).not.toHaveTextContent('Only tells you');
    });

    describe('in Spanish', () => {
      inSpanish();
      it('says it in Spanish', async () => {
        renderApp('/dashboard/settings', sessionWith([mockFilter({ action: 'notify' })]));
        await flush();
        expect(screen.getByRole('combobox', { name: 'Cuando un bloque coincida' })).toHaveValue('notify');
        expect(screen.getByRole('option', { name: 'Solo avisarme' })).toBeInTheDocument();
        expectNoRawKeys();
      });
    });
  });

  describe('the log card of an offered block', () => {
    const offered = (id: string, startsInMs = 3 * HOUR): LogEntry =>
      mockLogEntry({
        _id: id,
        action: 'BLOCK_IGNORE',
        reason: 'notify',
        cost: undefined,
        discoveredAt: NOW - 60_000,
        startTime: Math.floor((NOW + startsInMs) / 1000),
        endTime: Math.floor((NOW + startsInMs + 2 * HOUR) / 1000),
        rateInfo: { priceAmount: 90 },
      });
    const card = (id: string) => document.querySelector(`[data-log-id="${id}"]`) as HTMLElement;
    const renderLogs = () => renderApp('/dashboard/logs', createMockSession({ serviceAreas: mockServiceAreas }));

    it('says why and offers Accept while the block has not started; one tap books it and the card shows it accepted with its fee', async () => {
      server.on('POST /user/getLogs', { data: [offered('open'), offered('started', -HOUR)] });
      server.on('POST /user/acceptNotified', { data: { outcome: 'accepted', feeCents: 315 }, alert: 'Block accepted.' });
      renderLogs();
      await flush();
      expect(card('open')).toHaveTextContent('Sent to you to accept');
      expect(within(card('started')).queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
      fireEvent.click(within(card('open')).getByRole('button', { name: /^Accept the block at/ }));
      await flush();
      expect(server.callsTo('POST /user/acceptNotified').map((c) => c.body)).toEqual([{ id: 'open' }]);
      expect(within(card('open')).getByRole('status')).toHaveTextContent('Block accepted.');
      expect(card('open')).toHaveTextContent('Accepted');
      expect(card('open')).toHaveTextContent('Fee $3.15');
      expect(within(card('open')).queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
    });

    it('a block another driver took: the card says "Taken by another driver."', async () => {
      server.on('POST /user/getLogs', { data: [offered('gone')] });
      server.on('POST /user/acceptNotified', { status: 410, body: { code: 'BP_ERR_OFFER_TAKEN', alert: 'Taken by another driver.' } });
      renderLogs();
      await flush();
      fireEvent.click(within(card('gone')).getByRole('button', { name: /^Accept/ }));
      await flush();
      expect(within(card('gone')).getByRole('status')).toHaveTextContent('Taken by another driver.');
      expect(card('gone')).toHaveTextContent('Taken by another driver first');
      expect(within(card('gone')).queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
    });

    describe('in Spanish', () => {
      inSpanish();
      it('says why and offers Accept in Spanish', async () => {
        server.on('POST /user/getLogs', { data: [offered('open')] });
        renderLogs();
        await flush();
        expect(card('open')).toHaveTextContent('Enviado a ti para aceptar');
        expect(within(card('open')).getByRole('button', { name: /^Aceptar el bloque/ })).toHaveTextContent('Aceptar');
        expectNoRawKeys();
      });
    });
  });
});
