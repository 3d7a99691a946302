/**
 * Fetches the remote that will render the current path while React boots, instead of after: the
 * landing page's largest paint waits on that remote, and on a phone each step of the chain
 * (manifest, remote entry, chunks) is a round trip. A signed-in page's first screen also waits on
 * the account, so that request starts now too (the session takes it over when it mounts).
 */
import { getAccessToken, prefetchAccount } from '@blockpilot/shared';
import { ownerOf, signedInOwners, signedOutOwners } from '../routing/owners';
import { preloadRemoteApp } from './remotes';

export function preloadCurrentRemote(pathname: string = window.location.pathname): Promise<void> {
  const signedIn = Boolean(getAccessToken());
  if (signedIn) prefetchAccount();
  const owner = ownerOf(signedIn ? signedInOwners : signedOutOwners, pathname);
  return 'remote' in owner ? preloadRemoteApp(owner.remote) : Promise.resolve();
}
