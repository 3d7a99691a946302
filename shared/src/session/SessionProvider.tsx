/**
 * The one session of the page (docs/PRODUCT.md section 4). Without a token, the account and service
 * areas are cleared; with one, the account and locale are loaded; once the platform account is
 * connected, service areas are fetched if not yet held and the search status and schedule are
 * refreshed every 10 s. Each loaded value is mirrored to local storage under its spec key, so a
 * reload paints at once; the search status is not: until the server says it, it is unknown
 * (docs/LIVE.md "Start and Stop"). The live stream (docs/LIVE.md) brings the status, credit
 * changes and log events of every device at once; the 10 s refresh remains the backstop of a
 * lost event. Failures of these loads are only logged (docs/PRODUCT.md section 8).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { api } from '../api/endpoints';
import { ApiError } from '../api/errors';
import { SEARCH_STATE_REFRESH_MS } from '../constants';
import type { Account, LiveEvent, ScheduledBlock, SearchStatus, ServiceArea } from '../types';
import { takeEarlyAnswer } from './earlyRequests';
import { SessionContext, type SessionValue } from './context';
import { getAccessToken, readStored, removeStored, setAccessToken, writeStored } from './storage';
import { isLanguage } from '../rules';
import { switchLanguage } from '../i18n/runtime';

function logFailure(what: string) {
  return (error: unknown) => {
    console.warn(`[session] ${what} failed:`, error instanceof Error ? error.message : error);
  };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [accessToken, setToken] = useState<string | null>(() => getAccessToken());
  const [account, setAccount] = useState<Account | null>(() => readStored<Account | null>('account', null));
  const [locale, setLocale] = useState<string | null>(() => readStored<string | null>('locale', null));
  const [serviceAreas, setServiceAreas] = useState<ServiceArea[] | null>(() => readStored<ServiceArea[] | null>('serviceAreas', null));
  const [searching, setSearchingState] = useState<boolean>(() => readStored('searching', false));
  const [searchStatus, setSearchStatusState] = useState<SearchStatus | null>(null);
  const [schedule, setSchedule] = useState<ScheduledBlock[] | null>(() => readStored<ScheduledBlock[] | null>('schedule', null));
  const liveListeners = useRef(new Set<(event: LiveEvent) => void>());
  const [loaded, setLoaded] = useState(false);
  const tokenRef = useRef(accessToken);
  tokenRef.current = accessToken;

  const signOut = useCallback(() => {
    setAccessToken(null);
    removeStored('account', 'serviceAreas', 'searching', 'schedule');
    setToken(null);
    setAccount(null);
    setServiceAreas(null);
    setSearchingState(false);
    setSearchStatusState(null);
    setSchedule(null);
    setLoaded(false);
  }, []);

  const followStatus = useCallback((status: SearchStatus) => {
    setSearchStatusState(status);
    setSearchingState(status.searching);
    writeStored('searching', status.searching);
  }, []);

  const loadAccount = useCallback(async () => {
    const token = tokenRef.current;
    try {
      const next = await takeEarlyAnswer('account', token, api.user.get);
      if (tokenRef.current !== token) return; // signed out or switched meanwhile
      setAccount(next);
      writeStored('account', next);
      // The account's language wins on every device it signs in on (docs/FRONTEND.md, "Languages").
      if (isLanguage(next.language)) {
        writeStored('language', next.language);
        void switchLanguage(next.language).catch(logFailure('loading the language'));
      }
    } catch (error) {
      // A token the server no longer knows (revoked, expired) is a signed-out session.
      if (error instanceof ApiError && error.status === 401) signOut();
      else logFailure('loading the account')(error);
    } finally {
      if (tokenRef.current === token) setLoaded(true);
    }
  }, [signOut]);

  const refreshSearch = useCallback(async () => {
    await Promise.all([
      takeEarlyAnswer('searchStatus', tokenRef.current, api.user.getSearchStatus).then(followStatus, logFailure('loading the search status')),
      api.user.getSchedule().then((value) => {
        setSchedule(value);
        writeStored('schedule', value);
      }, logFailure('loading the schedule')),
    ]);
  }, [followStatus]);

  // Token present: load the account and locale; absent: clear what was loaded with one.
  useEffect(() => {
    if (!accessToken) {
      removeStored('account', 'serviceAreas');
      setAccount(null);
      setServiceAreas(null);
      return;
    }
    setLoaded(false);
    void loadAccount();
    api.user.locale().then(({ locale: value }) => {
      setLocale(value);
      writeStored('locale', value);
    }, logFailure('loading the locale'));
  }, [accessToken, loadAccount]);

  const connected = Boolean(accessToken && account?.flexConnected);

  useEffect(() => {
    if (!connected || serviceAreas) return;
    api.user.getServiceAreas().then((areas) => {
      setServiceAreas(areas);
      writeStored('serviceAreas', areas);
    }, logFailure('loading service areas'));
  }, [connected, serviceAreas]);

  useEffect(() => {
    if (!connected) return;
    void refreshSearch();
    const timer = setInterval(() => void refreshSearch(), SEARCH_STATE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [connected, refreshSearch]);

  // Live: the status, credit and log events of every device of the driver, as they happen.
  useEffect(() => {
    if (!connected) return;
    const tellListeners = (event: LiveEvent) => {
      for (const listener of [...liveListeners.current]) listener(event);
    };
    return api.user.events({
      // What changed before the stream was listening (between the account's load and this open, or
      // while it was reconnecting) was told to no one: the log catches up, and so does the account,
      // which holds the puzzle and the credit (docs/LIVE.md "The live stream").
      onOpen: () => {
        tellListeners({ type: 'logs' });
        void loadAccount();
      },
      onEvent(event) {
        if (event.type === 'status') followStatus(event.status);
        else if (event.type === 'account') void loadAccount();
        else tellListeners(event);
      },
    });
  }, [connected, accessToken, followStatus, loadAccount]);

  const value = useMemo<SessionValue>(
    () => ({
      accessToken,
      account,
      locale,
      serviceAreas,
      searching,
      searchStatus,
      schedule,
      ready: Boolean(accessToken && account && loaded),
      signIn(token) {
        setAccessToken(token);
        setToken(token);
      },
      signOut,
      async refresh() {
        await loadAccount();
        if (connected) await refreshSearch();
      },
      setSearchStatus: followStatus,
      onLive(listener) {
        liveListeners.current.add(listener);
        return () => void liveListeners.current.delete(listener);
      },
    }),
    [accessToken, account, locale, serviceAreas, searching, searchStatus, schedule, loaded, signOut, loadAccount, refreshSearch, connected, followStatus],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
