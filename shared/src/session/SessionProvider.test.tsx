import { act, render, screen } from '@testing-library/react';
import { EARLY_REQUESTS_GLOBAL, SEARCH_STATE_REFRESH_MS } from '../constants';
import { mockAccount, mockApi, mockSearchStatus, mockServiceAreas, type MockApi } from '../mock';
import { useSession, type SessionValue } from './context';
import { SessionProvider } from './SessionProvider';
import { setAccessToken, writeStored } from './storage';

let session: SessionValue;
function Probe() {
  session = useSession();
  return <p data-testid="state">{session.ready ? `ready:${session.account?.display_name}` : 'not ready'}</p>;
}

const renderSession = () =>
  render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );
/** Lets pending promises (the mocked API answers) settle inside act. */
const settle = () =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });

describe('the session (docs/PRODUCT.md section 4)', () => {
  let server: MockApi;
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server = mockApi({
      'GET /user': { data: mockAccount({ flexConnected: false }) },
      'GET /user/locale': { data: { locale: 'en-US' } },
      'POST /user/getServiceAreas': { data: mockServiceAreas },
      'GET /user/getSearchStatus': { data: mockSearchStatus({ searching: true }) },
      'GET /user/getSchedule': { data: [] },
    });
  });
  afterEach(() => {
    server.restore();
    jest.useRealTimers();
  });

  it('without a token clears the stored account and service areas and calls nothing', async () => {
    writeStored('account', mockAccount());
    writeStored('serviceAreas', mockServiceAreas);
    renderSession();
    await settle();
    expect(session.account).toBeNull();
    expect(session.serviceAreas).toBeNull();
    expect(localStorage.getItem('account')).toBeNull();
    expect(localStorage.getItem('serviceAreas')).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('takes over the account and search state the page script asked for before React booted, instead of asking again', async () => {
    setAccessToken('t1');
    const early = (data: unknown) => Promise.resolve({ ok: true, body: { data } });
    (globalThis as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL] = {
      token: 't1',
      responses: { account: early(mockAccount({ display_name: 'Early Driver', flexConnected: true })), searchStatus: early({ searching: true }) },
    };
    renderSession();
    await settle();
    expect(screen.getByTestId('state')).toHaveTextContent('ready:Early Driver');
    expect(session.searchStatus).toMatchObject({ searching: true });
    expect(server.callsTo('GET /user')).toHaveLength(0);
    expect(server.callsTo('GET /user/getSearchStatus')).toHaveLength(0);
    // Handed over once: a later load (a refresh) asks the server.
    await act(() => session.refresh());
    expect(server.callsTo('GET /user')).toHaveLength(1);
    delete (globalThis as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL];
  });

  it('with a token loads the account and the locale, and stores both', async () => {
    setAccessToken('t1');
    renderSession();
    expect(screen.getByTestId('state')).toHaveTextContent('not ready');
    await settle();
    expect(screen.getByTestId('state')).toHaveTextContent('ready:Dana Driver');
    expect(session.locale).toBe('en-US');
    expect(JSON.parse(localStorage.getItem('account')!).display_name).toBe('Dana Driver');
    expect(server.callsTo('GET /user/getSearchStatus')).toHaveLength(0); // not connected yet
  });

  it('once connected fetches service areas if not held and refreshes search state and schedule every 10 s', async () => {
    server.on('GET /user', { data: mockAccount({ flexConnected: true }) });
    setAccessToken('t1');
    renderSession();
    await settle();
    expect(server.callsTo('POST /user/getServiceAreas')).toHaveLength(1);
    expect(session.serviceAreas).toEqual(mockServiceAreas);
    expect(session.searching).toBe(true);
    expect(localStorage.getItem('searching')).toBe('true');
    expect(server.callsTo('GET /user/getSearchStatus')).toHaveLength(1);

    await act(async () => {
      await jest.advanceTimersByTimeAsync(SEARCH_STATE_REFRESH_MS - 1);
    });
    expect(server.callsTo('GET /user/getSearchStatus')).toHaveLength(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(server.callsTo('GET /user/getSearchStatus')).toHaveLength(2);
    expect(server.callsTo('GET /user/getSchedule')).toHaveLength(2);
    expect(server.callsTo('POST /user/getServiceAreas')).toHaveLength(1); // held: not fetched again
  });

  it('does not fetch service areas it already holds', async () => {
    server.on('GET /user', { data: mockAccount({ flexConnected: true }) });
    writeStored('serviceAreas', mockServiceAreas);
    setAccessToken('t1');
    renderSession();
    await settle();
    expect(server.callsTo('POST /user/getServiceAreas')).toHaveLength(0);
  });

  it('signs out on a 401 from the account call (revoked or expired token)', async () => {
    server.on('GET /user', { status: 401, body: { alert: 'Please sign in again.' } });
    setAccessToken('revoked');
    renderSession();
    await settle();
    expect(session.accessToken).toBeNull();
    expect(localStorage.getItem('acccessToken')).toBeNull();
  });

  it('only logs other failures of the state-loading calls', async () => {
    server.on('GET /user', { data: mockAccount({ flexConnected: true }) });
    server.on('GET /user/getSchedule', { status: 500, body: {} });
    setAccessToken('t1');
    renderSession();
    await settle();
    expect(session.accessToken).toBe('t1');
    expect(console.warn).toHaveBeenCalledWith('[session] loading the schedule failed:', expect.any(String));
  });

  it('signIn stores the token and loads the account; signOut clears everything and stops polling', async () => {
    server.on('GET /user', { data: mockAccount({ flexConnected: true }) });
    renderSession();
    await settle();
    act(() => session.signIn('fresh'));
    await settle();
    expect(localStorage.getItem('acccessToken')).toBe('fresh');
    expect(session.ready).toBe(true);

    act(() => session.signOut());
    await settle();
    const polls = server.callsTo('GET /user/getSearchStatus').length;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3 * SEARCH_STATE_REFRESH_MS);
    });
    expect(server.callsTo('GET /user/getSearchStatus')).toHaveLength(polls);
    expect(session.account).toBeNull();
    expect(localStorage.getItem('acccessToken')).toBeNull();
    expect(localStorage.getItem('schedule')).toBeNull();
  });

  it('setSearchStatus follows the server and stores its searching flag', async () => {
    renderSession();
    act(() => session.setSearchStatus(mockSearchStatus({ searching: true })));
    expect(session.searching).toBe(true);
    expect(localStorage.getItem('searching')).toBe('true');
  });

  describe('live (docs/LIVE.md)', () => {
    it('knows no search status until the server says it, whatever was stored', async () => {
      writeStored('searching', false);
      server.on('GET /user', { data: mockAccount({ flexConnected: true }) });
      server.on('GET /user/getSearchStatus', () => new Promise(() => undefined)); // slow 3G: never answers here
      setAccessToken('t1');
      renderSession();
      await settle();
      expect(session.searchStatus).toBeNull();
    });

    it('follows the status another device caused, reloads the account when the credit changed, and passes log events on', async () => {
      server.on('GET /user', { data: mockAccount({ flexConnected: true }) });
      setAccessToken('t1');
      renderSession();
      await settle();
      expect(server.openLiveStreams()).toBe(1);
      const heard: string[] = [];
      act(() => void session.onLive((event) => heard.push(event.type === 'logRemoved' ? `logRemoved:${event.id}` : event.type)));

      act(() => server.emitLive({ type: 'status', status: mockSearchStatus({ searching: false }) }));
      expect(session.searching).toBe(false);
      expect(session.searchStatus).toMatchObject({ searching: false });

      act(() => server.emitLive({ type: 'status', status: mockSearchStatus({ searching: true, pausedFor: 'credit', missed: { count: 3, valueCents: 43_000 } }) }));
      expect(session.searchStatus).toMatchObject({ pausedFor: 'credit', missed: { count: 3 } });

      await settle(); // the stream's opening reloaded the account (the next test); count from here
      const accountLoads = server.callsTo('GET /user').length;
      server.on('GET /user', { data: mockAccount({ flexConnected: true, credit: 2500 }) });
      act(() => server.emitLive({ type: 'account' }));
      await settle();
      expect(server.callsTo('GET /user')).toHaveLength(accountLoads + 1);
      expect(session.account?.credit).toBe(2500);

      // The stream's opening asked for a catch-up of the log already.
      expect(heard).toEqual(['logs']);
      heard.length = 0;
      act(() => server.emitLive({ type: 'logs' }));
      act(() => server.emitLive({ type: 'logRemoved', id: 'log-1' }));
      expect(heard).toEqual(['logs', 'logRemoved:log-1']);
    });

    it('reloads the account when the stream opens: a puzzle that stopped the search before it listened still shows', async () => {
      let loads = 0;
      // The first load is before the puzzle; by the time the stream opens the engine has stopped for it.
      server.on('GET /user', () => ({ data: mockAccount({ flexConnected: true, puzzleRequired: loads++ > 0 }) }));
      setAccessToken('t1');
      renderSession();
      await settle();
      await settle();
      expect(server.openLiveStreams()).toBe(1);
      expect(server.callsTo('GET /user')).toHaveLength(2);
      expect(session.account?.puzzleRequired).toBe(true);
    });

    it('closes the stream on sign-out', async () => {
      server.on('GET /user', { data: mockAccount({ flexConnected: true }) });
      setAccessToken('t1');
      renderSession();
      await settle();
      expect(server.openLiveStreams()).toBe(1);
      act(() => session.signOut());
      await settle();
      expect(server.openLiveStreams()).toBe(0);
    });
  });
});
