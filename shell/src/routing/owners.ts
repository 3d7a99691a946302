/**
 * Which remote renders each top-level path (docs/PRODUCT.md section 2). The signed-out and signed-in
 * tables are separate: a path of one table is not reachable in the other state. The remote then
 * routes within what it owns with its own <Routes>.
 */
import { ADMIN_PATH } from '@blockpilot/shared';
import { matchRoutes } from 'react-router-dom';
import type { RouteOwner } from '../types';

export const signedOutOwners: RouteOwner[] = [
  { path: '/promotionOptOut/:userId', remote: 'mf_landing' },
  { path: '/resetPassword/*', remote: 'mf_auth' },
  { path: '/register', remote: 'mf_auth' },
  { path: '/login', remote: 'mf_auth' },
  { path: '/askAQuestion', remote: 'mf_landing' },
  { path: '/invite/:inviteCode', remote: 'mf_landing' },
  { path: '*', remote: 'mf_landing' },
];

export const signedInOwners: RouteOwner[] = [
  // The link in a promotional e-mail works whoever is signed in on this browser.
  { path: '/promotionOptOut/:userId', remote: 'mf_landing' },
  { path: '/connectAccount', remote: 'mf_dashboard' },
  { path: '/logout', shell: 'logout' },
  { path: '/knowledgeBase', remote: 'mf_landing' },
  { path: '/help', remote: 'mf_landing' },
  { path: '/account/*', remote: 'mf_account' },
  { path: '/dashboard/*', remote: 'mf_dashboard' },
  { path: `${ADMIN_PATH}/*`, remote: 'mf_admin', operatorsOnly: true },
  { path: '*', redirect: '/dashboard' },
];

/** The owner of a path in a table (the catch-all when nothing else matches). */
export function ownerOf(table: RouteOwner[], pathname: string): RouteOwner {
  const match = matchRoutes(table, pathname);
  return match?.[0]?.route ?? table[table.length - 1]!;
}
