/**
 * Fetches what the current page's first screen waits on while React boots, instead of after: the
 * remote that renders the path (on a phone each step of its chain, manifest, remote entry and
 * chunks, is a round trip) and, for a signed-in driver, the account (the session takes that
 * request over when it mounts).
 */
import { getAccessToken, prefetchAccount } from '@blockpilot/shared';
import { ownerOf, signedInOwners, signedOutOwners } from '../routing/owners';
import { preloadRemoteApp } from './remotes';

export function preloadCurrentPage(pathname: string = window.location.pathname): Promise<void> {
  const signedIn = Boolean(getAccessToken());
  if (signedIn) prefetchAccount();
  const owner = ownerOf(signedIn ? signedInOwners : signedOutOwners, pathname);
  // The role is not known yet: an operators-only remote waits until the account says who this is.
  return 'remote' in owner && !owner.operatorsOnly ? preloadRemoteApp(owner.remote) : Promise.resolve();
}
