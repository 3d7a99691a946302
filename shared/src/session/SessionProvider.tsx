/**
 * The one session of the page (SPEC.md section 4). Without a token, the account and service
 * areas are cleared; with one, the account and locale are loaded; once the platform account is
 * connected, service areas are fetched if not yet held and the search state and schedule are
 * refreshed every 10 s. Each loaded value is mirrored to local storage under its spec key, so a
 * reload paints at once. Failures of these loads are only logged (SPEC.md section 8).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { api } from '../api/endpoints';
import { ApiError } from '../api/errors';
import { SEARCH_STATE_REFRESH_MS } from '../constants';
import type { Account, ScheduledBlock, ServiceArea } from '../types';
import { takePrefetchedAccount } from './accountPrefetch';
import { SessionContext, type SessionValue } from './context';
import { getAccessToken, readStored, removeStored, setAccessToken, writeStored } from './storage';

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
  const [schedule, setSchedule] = useState<ScheduledBlock[] | null>(() => readStored<ScheduledBlock[] | null>('schedule', null));
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
    setSchedule(null);
    setLoaded(false);
  }, []);

  const loadAccount = useCallback(async () => {
    const token = tokenRef.current;
    try {
      const next = await (takePrefetchedAccount(token) ?? api.user.get());
      if (tokenRef.current !== token) return; // signed out or switched meanwhile
      setAccount(next);
      writeStored('account', next);
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
      api.user.getSearchState().then((value) => {
        setSearchingState(Boolean(value));
        writeStored('searching', Boolean(value));
      }, logFailure('loading the search state')),
      api.user.getSchedule().then((value) => {
        setSchedule(value);
        writeStored('schedule', value);
      }, logFailure('loading the schedule')),
    ]);
  }, []);

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

  const value = useMemo<SessionValue>(
    () => ({
      accessToken,
      account,
      locale,
      serviceAreas,
      searching,
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
      setSearching(next) {
        setSearchingState(next);
        writeStored('searching', next);
      },
    }),
    [accessToken, account, locale, serviceAreas, searching, schedule, loaded, signOut, loadAccount, refreshSearch, connected],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
