import type { Envelope } from '@blockpilot/shared';
import { createMockSession, mockAccount, mockApi, mockServiceAreas, setScreenWidth, type MockApi } from '@blockpilot/shared/mock';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { sampleHealth } from './accountHealthSample';
import { expectNoRawKeys, flush, inSpanish, openPageIn, PHONE_WIDTH, renderApp, textsOf } from '../../testing';

const health = sampleHealth;

describe('the account health panel (docs/LIVE.md "Account health")', () => {
  let server: MockApi;
  let restoreWidth: () => void;
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date(2026, 10, 25, 12));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server = mockApi({ 'GET /user/accountHealth': { data: health() } });
    // The stats themselves never come: the panel loads on its own.
    server.on('GET /user/stats', () => new Promise<Envelope>(() => undefined));
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
    renderApp('/dashboard/stats', session());
    await flush();
    await flush();
  };
  const panel = () => screen.getByRole('region', { name: 'Account health, last 7 days' });
  const figure = (label: string) => within(panel()).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

  it('says a week at the platform pace is fine, with both paces', async () => {
    await open();
    expect(server.callsTo('GET /user/accountHealth')).toHaveLength(1);
    expect(panel()).toHaveTextContent("Your account is being searched at the platform's pace: no throttling this week.");
    expect([figure('Polls a minute'), figure("Platform's pace"), figure('Throttled'), figure('Puzzles'), figure('Refusals (401/420)')]).toEqual(['30.0', '30.0', '0', '0', '0']);
  });

  it('tells a throttled week and what BlockPilot did about it', async () => {
    server.on('GET /user/accountHealth', { data: health({ verdict: 'throttled', throttled: 3, backedOff: 3 }) });
    await open();
    expect(within(panel()).getByText(/slowed your account down/)).toHaveTextContent(
      'The platform slowed your account down this week (throttled: 3); BlockPilot backed off each time.',
    );
    expect(textsOf(within(panel()).getAllByRole('listitem'))).toEqual(['Waited longer before polling again: 3', 'Stopped searching and asked you: 0']);
  });

  it('tells puzzles before throttles, and a refusal', async () => {
    server.on('GET /user/accountHealth', { data: health({ verdict: 'puzzles', puzzles: 2, throttled: 1, paused: 2 }) });
    await open();
    expect(panel()).toHaveTextContent('The platform asked for a puzzle this week (times: 2); BlockPilot stopped searching and asked you to solve it.');
    cleanup();
    server.on('GET /user/accountHealth', { data: health({ verdict: 'refused', refused: 1, paused: 1 }) });
    await open();
    expect(panel()).toHaveTextContent('The platform refused your account this week (times: 1); BlockPilot stopped searching and asked you to connect it again.');
  });

  it('asks to connect an account when none is connected and nothing was counted', async () => {
    server.on('GET /user/accountHealth', {
      data: health({ connected: false, verdict: 'notSearched', polls: 0, minutesSearched: 0, pollsPerMinute: null, platformPollsPerMinute: null }),
    });
    await open();
    expect(panel()).toHaveTextContent('Connect your Amazon Flex account to see how the platform sees your search.');
    expect(within(panel()).queryByRole('term')).not.toBeInTheDocument();
  });

  it('says it is loading, and when it failed, tries again', async () => {
    let answer!: (reply: Envelope) => void;
    server.on('GET /user/accountHealth', () => new Promise((resolve) => (answer = resolve)));
    await open();
    expect(within(panel()).getByText("Loading your account's health…")).toBeInTheDocument();
    answer({ data: health() });
    await flush();
    expect(panel()).toHaveTextContent('no throttling this week');
    cleanup();
    server.on('GET /user/accountHealth', { status: 500, body: { alert: 'Something went wrong.' } });
    await open();
    expect(within(panel()).getByText("Your account's health could not be loaded")).toBeInTheDocument();
    server.on('GET /user/accountHealth', { data: health() });
    fireEvent.click(within(panel()).getByRole('button', { name: /try again/i }));
    await flush();
    expect(panel()).toHaveTextContent('no throttling this week');
  });

  describe('in Spanish', () => {
    inSpanish();
    it('gives the verdict and the figures in Spanish', async () => {
      server.on('GET /user/accountHealth', { data: health({ verdict: 'throttled', throttled: 2, backedOff: 2, pollsPerMinute: 29.5 }) });
      await openPageIn('/dashboard/stats', session());
      const region = screen.getByRole('region', { name: 'Salud de la cuenta, últimos 7 días' });
      expect(region).toHaveTextContent('La plataforma frenó tu cuenta esta semana (limitaciones: 2); BlockPilot esperó más cada vez.');
      expect(within(region).getByText('Consultas por minuto', { selector: 'dt' }).nextElementSibling).toHaveTextContent('29.5');
      expectNoRawKeys();
    });
  });
});
