/**
 * Which remote renders each top-level path (docs/PRODUCT.md section 2). The signed-out and signed-in
 * tables are separate: a path of one table is not reachable in the other state. The remote then
 * routes within what it owns with its own <Routes>.
 */
import { ADMIN_PATH } from '@blockpilot/shared/constants';
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
  // Signing in leads here too (SIGNED_IN_HOME_PATH): an operator starts in the console, a driver on
  // the dashboard (docs/OPERATIONS.md "Roles").
  { path: '*', home: true },
];

/**
 * Whether `pathname` is one of `pattern`'s paths, as the router reads a route path: letters in any
 * case, `:name` for one segment, a trailing `/*` for the path and anything below it, `*` for every
 * path. Not the router's own matcher on purpose: the shell decides which remote to fetch before
 * the router has downloaded (docs/FRONTEND.md "Cold start"); owners.test.ts checks both agree.
 */
export function pathMatches(pattern: string, pathname: string): boolean {
  const segments = (path: string) => path.toLowerCase().split('/').filter(Boolean);
  const wanted = segments(pattern);
  const given = segments(pathname);
  for (const [index, segment] of wanted.entries()) {
    if (segment === '*') return true;
    if (index >= given.length || (!segment.startsWith(':') && segment !== given[index])) return false;
  }
  return wanted.length === given.length;
}

/** The owner of a path in a table: its first route that matches (the catch-all comes last). */
export function ownerOf(table: RouteOwner[], pathname: string): RouteOwner {
  return table.find((route) => pathMatches(route.path, pathname)) ?? table[table.length - 1]!;
}
