/**
 * The session contract. The shell owns the one provider (loading, polling, clearing per docs/PRODUCT.md
 * section 4); remotes read it with {@link useSession}. Both sides import this module through the
 * federation singleton `@blockpilot/shared`, so there is exactly one context object in the page.
 */
import { createContext, useContext } from 'react';
import type { Account, LiveEvent, ScheduledBlock, SearchStatus, ServiceArea } from '../types';

/** What every screen can know and do about the signed-in driver. */
export interface SessionValue {
  accessToken: string | null;
  /** The account, or null while signed out or not yet loaded. */
  account: Account | null;
  locale: string | null;
  serviceAreas: ServiceArea[] | null;
  searching: boolean;
  /**
   * What the search is doing as the server last said (docs/LIVE.md), or null while not yet known
   * on this page: a screen shows "checking..." then, never a guess.
   */
  searchStatus: SearchStatus | null;
  schedule: ScheduledBlock[] | null;
  /** True once a signed-in user's account has been loaded (signed-in routes wait for it). */
  ready: boolean;
  /** Store a new access token (login, register, password change) and load the account. */
  signIn(accessToken: string): void;
  /** Forget the token and everything loaded with it. */
  signOut(): void;
  /** Reload the account (and, once connected, search state and schedule). */
  refresh(): Promise<void>;
  /** Follow the status the server answered (a toggle's answer). */
  setSearchStatus(status: SearchStatus): void;
  /**
   * Hears the driver's live log events (`logs`: new entries to fetch, also sent when the stream
   * reopened; `logRemoved`: an entry left the log); returns the unsubscribe.
   */
  onLive(listener: (event: LiveEvent) => void): () => void;
}

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession() needs the shell's SessionProvider (or the mock one in tests)");
  return value;
}
