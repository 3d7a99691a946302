/**
 * Which remote renders each top-level path (docs/PRODUCT.md section 2), read from the page table
 * (docs/FRONTEND.md "Pages"). The signed-out and signed-in tables are separate: a path of one table
 * is not reachable in the other state. The remote then routes within what it owns with its own <Routes>.
 */
import { PAGES, routeOf, type Page, type PageName } from '@blockpilot/shared/pages';
import type { RouteOwner } from '../types';

type ShellPageName = { [Name in PageName]: (typeof PAGES)[Name]['owner'] extends 'shell' ? Name : never }[PageName];

/** What the shell does itself on its own pages (a new one needs its entry here to compile). */
const SHELL_PAGES: Record<ShellPageName, { shell: 'logout' } | { home: true }> = {
  logout: { shell: 'logout' },
  // Signing in leads here too: an operator starts in the console, a driver on the dashboard
  // (docs/OPERATIONS.md "Roles").
  home: { home: true },
};

function ownerRow(name: PageName): RouteOwner {
  const page: Page = PAGES[name];
  const path = routeOf(page);
  if (page.owner === 'shell') return { path, ...SHELL_PAGES[name as ShellPageName] };
  return page.operatorsOnly ? { path, remote: page.owner, operatorsOnly: true } : { path, remote: page.owner };
}

/** The rows of the pages a state reaches, the catch-all last: {@link ownerOf} takes the first match. */
function ownersWhen(state: 'signedOut' | 'signedIn'): RouteOwner[] {
  const rows = (Object.keys(PAGES) as PageName[]).filter((name) => [state, 'both'].includes(PAGES[name].access)).map(ownerRow);
  return [...rows.filter((row) => row.path !== '*'), ...rows.filter((row) => row.path === '*')];
}

export const signedOutOwners: RouteOwner[] = ownersWhen('signedOut');
export const signedInOwners: RouteOwner[] = ownersWhen('signedIn');

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
