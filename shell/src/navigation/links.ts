/** The navigation bar's link sets (docs/PRODUCT.md section 2). */
import { ADMIN_PATH, isOperator, type NavigationRoute, type Role } from '@blockpilot/shared';
import type { ShellMessage } from '../i18n';

/** One of the bar's own links: its name is a key of the shell's catalog, shown in the page's language. */
export interface NavigationLink extends NavigationRoute {
  name: ShellMessage;
}

export const signedOutLinks: NavigationLink[] = [
  { path: '/', name: 'nav.home' },
  { path: '/askAQuestion', name: 'nav.contact' },
  { path: '/login', name: 'nav.login' },
  { path: '/register', name: 'nav.register' },
];

export const signedInLinks: NavigationLink[] = [
  { path: '/dashboard', name: 'nav.dashboard' },
  { path: '/help', name: 'nav.help' },
  { path: '/account', name: 'nav.account' },
  { path: '/logout', name: 'nav.logout' },
];

/** The console's entry, shown to operators only (docs/OPERATIONS.md "Roles"). */
export const adminLink: NavigationLink = { path: ADMIN_PATH, name: 'nav.admin' };

/**
 * The knowledge base: among the spec's signed-in links, which keep their order and labels, just
 * before Logout, which stays last (docs/PRODUCT.md section 2.2 "Beyond this").
 */
export const knowledgeBaseLink: NavigationLink = { path: '/knowledgeBase', name: 'nav.knowledgeBase' };

/** The signed-in links for a role: the knowledge base, then for an operator "Admin", before Logout. */
export function signedInLinksFor(role: Role | undefined): NavigationLink[] {
  const extra = isOperator(role) ? [knowledgeBaseLink, adminLink] : [knowledgeBaseLink];
  return [...signedInLinks.slice(0, -1), ...extra, ...signedInLinks.slice(-1)];
}

/**
 * The highlighted link: the one whose path equals the current path lowercased. Routes match
 * case-insensitively, so the link's own path is lowercased too ("/askAQuestion").
 */
export function isActiveLink(route: NavigationRoute, pathname: string): boolean {
  return route.path.toLowerCase() === pathname.toLowerCase();
}
