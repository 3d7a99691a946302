/**
 * Fetches the remote that renders the current path (on a phone each step of its chain, manifest,
 * remote entry and chunks, is a round trip) while React and the shared code download, instead of
 * after. This module and everything it imports load no React, router or styled-components (see
 * shared/src/boot.ts), so it runs as soon as the shell's first script has arrived; the page script
 * has already asked for the remote list, the account and the search state (docs/FRONTEND.md
 * "Cold start").
 */
import { getAccessToken } from '@blockpilot/shared/boot';
import { ownerOf, signedInOwners, signedOutOwners } from '../routing/owners';
import { preloadRemoteApp } from './remotes';

export function preloadCurrentPage(pathname: string = window.location.pathname): Promise<void> {
  const signedIn = Boolean(getAccessToken());
  const owner = ownerOf(signedIn ? signedInOwners : signedOutOwners, pathname);
  // The role is not known yet: an operators-only remote waits until the account says who this is.
  return 'remote' in owner && !owner.operatorsOnly ? preloadRemoteApp(owner.remote) : Promise.resolve();
}
