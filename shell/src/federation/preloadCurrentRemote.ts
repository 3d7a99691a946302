/**
 * Fetches the remote that will render the current path while React boots, instead of after: the
 * landing page's largest paint waits on that remote, and on a phone each step of the chain
 * (manifest, remote entry, chunks) is a round trip.
 */
import { getAccessToken } from '@blockpilot/shared';
import { ownerOf, signedInOwners, signedOutOwners } from '../routing/owners';
import { preloadRemoteApp } from './remotes';

export function preloadCurrentRemote(pathname: string = window.location.pathname): Promise<void> {
  const owner = ownerOf(getAccessToken() ? signedInOwners : signedOutOwners, pathname);
  return 'remote' in owner ? preloadRemoteApp(owner.remote) : Promise.resolve();
}
