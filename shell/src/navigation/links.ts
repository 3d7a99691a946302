/** The navigation bar's link sets (docs/PRODUCT.md section 2). */
import { ADMIN_PATH, isOperator, type NavigationRoute, type Role } from '@blockpilot/shared';

export const signedOutLinks: NavigationRoute[] = [
  { path: '/', name: 'Home' },
  { path: '/askAQuestion', name: 'Contact' },
  { path: '/login', name: 'Login' },
  { path: '/register', name: 'Register' },
];

export const signedInLinks: NavigationRoute[] = [
  { path: '/dashboard', name: 'Dashboard' },
  { path: '/help', name: 'Help' },
  { path: '/account', name: 'Account' },
  { path: '/logout', name: 'Logout' },
];

/** The console's entry, shown to operators only (docs/OPERATIONS.md "Roles"). */
export const adminLink: NavigationRoute = { path: ADMIN_PATH, name: 'Admin' };

/**
 * The knowledge base: among the spec's signed-in links, which keep their order and labels, just
 * before Logout, which stays last (docs/PRODUCT.md section 2.2 "Beyond this").
 */
export const knowledgeBaseLink: NavigationRoute = { path: '/knowledgeBase', name: 'Knowledge base' };

/** The signed-in links for a role: the knowledge base, then for an operator "Admin", before Logout. */
export function signedInLinksFor(role: Role | undefined): NavigationRoute[] {
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
