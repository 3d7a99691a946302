/**
 * The account request of a signed-in page load, started as early as the page can (by the shell,
 * while the remote downloads) instead of once React has mounted the session: the first screen of
 * every signed-in page waits on the account, and on a phone React's boot is the slow part. The
 * session takes the request over when it mounts, so the account is asked for once.
 */
import { api } from '../api/endpoints';
import type { Account } from '../types';
import { getAccessToken } from './storage';

let prefetched: { token: string; account: Promise<Account> } | null = null;

/** Starts loading the account of the stored session, if there is one and it is not loading yet. */
export function prefetchAccount(): void {
  const token = getAccessToken();
  if (!token || prefetched?.token === token) return;
  const account = api.user.get();
  // Its failure is the session's to handle, once it takes the request over.
  account.catch(() => undefined);
  prefetched = { token, account };
}

/** The prefetched request for this token, handed over once; null when there is none. */
export function takePrefetchedAccount(token: string | null): Promise<Account> | null {
  if (!token || prefetched?.token !== token) return null;
  const { account } = prefetched;
  prefetched = null;
  return account;
}
