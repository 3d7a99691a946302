/** The navigation bar's link sets (docs/PRODUCT.md section 2), read from the page table (docs/FRONTEND.md "Pages"). */
import { isOperator, type NavigationRoute, type Role } from '@blockpilot/shared';
import { PAGES, type Page, type PageAccess } from '@blockpilot/shared/pages';
import type { ShellMessage } from '../i18n';

/** One of the bar's own links: its name is a key of the shell's catalog, shown in the page's language. */
export interface NavigationLink extends NavigationRoute {
  name: ShellMessage;
}

/** The pages the bar links to, in the table's order (a label missing from the shell's catalog does not compile). */
const NAVIGATION: Array<{ page: Page; link: NavigationLink }> = Object.values(PAGES).flatMap((page) =>
  'nav' in page ? [{ page, link: { path: page.path, name: page.nav } }] : [],
);

function linksWhen(state: Exclude<PageAccess, 'both'>, operator: boolean): NavigationLink[] {
  return NAVIGATION.filter(({ page }) => (page.access === state || page.access === 'both') && (operator || !page.operatorsOnly)).map(({ link }) => link);
}

export const signedOutLinks: NavigationLink[] = linksWhen('signedOut', false);

/** The signed-in links for a role: the console's entry is an operator's only (docs/OPERATIONS.md "Roles"). */
export function signedInLinksFor(role: Role | undefined): NavigationLink[] {
  return linksWhen('signedIn', isOperator(role));
}

/**
 * The highlighted link: the one whose path equals the current path lowercased. Routes match
 * case-insensitively, so the link's own path is lowercased too ("/askAQuestion").
 */
export function isActiveLink(route: NavigationRoute, pathname: string): boolean {
  return route.path.toLowerCase() === pathname.toLowerCase();
}
