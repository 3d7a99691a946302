/** The navigation bar's link sets (SPEC.md section 2). */
import type { NavigationRoute } from '@blockpilot/shared';

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

/**
 * The highlighted link: the one whose path equals the current path lowercased. Routes match
 * case-insensitively, so the link's own path is lowercased too ("/askAQuestion").
 */
export function isActiveLink(route: NavigationRoute, pathname: string): boolean {
  return route.path.toLowerCase() === pathname.toLowerCase();
}
