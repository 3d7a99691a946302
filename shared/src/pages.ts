/**
 * Every page of the app and the one place its address is written (docs/FRONTEND.md "Pages"): the
 * shell's route owners and navigation bar, the remotes' <Routes> and links, and the server's
 * redirects and e-mailed links all read it. Dependency-free: the server imports it too.
 */
import type { RemoteName } from './constants.js';

/** Who reaches a page: the shell has one route table for a visitor and one for a signed-in person. */
export type PageAccess = 'signedOut' | 'signedIn' | 'both';

export interface Page {
  /** The address links and redirects use; with `:name` segments, filled in by {@link pathTo}. */
  path: string;
  /**
   * The shell's route pattern when it is not `path`: a trailing `/*` for the page and everything
   * below it (the owner routes within), `*` for every path no other page of its table takes.
   */
  route?: string;
  /** The remote that renders the page, or the shell itself. */
  owner: RemoteName | 'shell';
  access: PageAccess;
  /** Only an operator's shell loads the page's remote (docs/OPERATIONS.md "Roles"). */
  operatorsOnly?: true;
  /** The navigation bar's label (a key of the shell's catalog), on a page the bar links to. */
  nav?: string;
}

/**
 * The top-level pages, each owned by one remote or the shell (docs/PRODUCT.md section 2), in the
 * navigation bar's order. A page's own pages below it are in {@link SUB_PAGES}. No two routes of
 * one state overlap but the catch-all (`*`), which the shell tries last.
 */
export const PAGES = {
  landing: { path: '/', route: '*', owner: 'mf_landing', access: 'signedOut', nav: 'nav.home' },
  askAQuestion: { path: '/askAQuestion', owner: 'mf_landing', access: 'signedOut', nav: 'nav.contact' },
  login: { path: '/login', owner: 'mf_auth', access: 'signedOut', nav: 'nav.login' },
  register: { path: '/register', owner: 'mf_auth', access: 'signedOut', nav: 'nav.register' },
  resetPassword: { path: '/resetPassword', route: '/resetPassword/*', owner: 'mf_auth', access: 'signedOut' },
  invite: { path: '/invite/:inviteCode', owner: 'mf_landing', access: 'signedOut' },
  // The link in a promotional e-mail works whoever is signed in on this browser.
  promotionOptOut: { path: '/promotionOptOut/:userId', owner: 'mf_landing', access: 'both' },
  // The link of an `offered` notification (docs/PRODUCT.md "Notify-only filters"): it shows the
  // block and one Accept button, whoever is signed in (the token is the authority); opening it
  // accepts nothing, as mail scanners open links.
  acceptOffer: { path: '/acceptOffer/:token', owner: 'mf_landing', access: 'both' },
  dashboard: { path: '/dashboard', route: '/dashboard/*', owner: 'mf_dashboard', access: 'signedIn', nav: 'nav.dashboard' },
  help: { path: '/help', owner: 'mf_landing', access: 'signedIn', nav: 'nav.help' },
  account: { path: '/account', route: '/account/*', owner: 'mf_account', access: 'signedIn', nav: 'nav.account' },
  // The knowledge base and the console come after the spec's signed-in links, which keep their
  // order and labels, and before Logout, which stays last (docs/PRODUCT.md section 2.2 "Beyond this").
  knowledgeBase: { path: '/knowledgeBase', owner: 'mf_landing', access: 'signedIn', nav: 'nav.knowledgeBase' },
  admin: { path: '/admin', route: '/admin/*', owner: 'mf_admin', access: 'signedIn', operatorsOnly: true, nav: 'nav.admin' },
  logout: { path: '/logout', owner: 'shell', access: 'signedIn', nav: 'nav.logout' },
  connectAccount: { path: '/connectAccount', owner: 'mf_dashboard', access: 'signedIn' },
  // Where signing in leads: the shell sends a signed-in page at an address it has no page for (this
  // one included) on to the role's home, `homePathOf` (rules.ts), once the account has said the role.
  home: { path: '/', route: '*', owner: 'shell', access: 'signedIn' },
} as const satisfies Record<string, Page>;
export type PageName = keyof typeof PAGES;

/** The shell's route pattern of a page. */
export function routeOf(page: Page): string {
  return page.route ?? page.path;
}

/**
 * The pages a remote routes to within a top-level page (its <Routes> and links), by that page:
 * each sits below its page's path (pages.test.ts checks it).
 */
export const SUB_PAGES = {
  landing: { terms: '/terms', privacy: '/privacy' },
  resetPassword: { change: '/resetPassword/:accessToken' },
  // The dashboard's Settings and Logs views, and its own pages, Stats and Calendar (docs/LIVE.md "The driver's app").
  dashboard: { settings: '/dashboard/settings', logs: '/dashboard/logs', stats: '/dashboard/stats', calendar: '/dashboard/calendar' },
  account: {
    inviteCode: '/account/inviteCode',
    notificationPreferences: '/account/notificationPreferences',
    credit: '/account/credit',
    // Where the browser lands when the driver gives up a checkout (or its payment is cancelled):
    // the credit section, saying nothing was charged.
    checkoutCancelled: '/account/checkoutCancelled',
    processingPurchase: '/account/processingPurchase',
    processingOrder: '/account/processingPurchase/:orderStatusId',
    purchaseCompleted: '/account/purchaseCompleted',
  },
  admin: {
    users: '/admin/users',
    user: '/admin/users/:id',
    tickets: '/admin/tickets',
    ticket: '/admin/tickets/:id',
    knowledgeBase: '/admin/knowledgeBase',
    engineHealth: '/admin/engineHealth',
    promotions: '/admin/promotions',
    audit: '/admin/audit',
    deployTokens: '/admin/deployTokens',
    releases: '/admin/releases',
  },
} as const satisfies { [Name in PageName]?: Record<string, string> };

/** The `:name` parameters of a route pattern. */
export type PathParams<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<Rest>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * A pattern's address with its parameters filled in, as given: a value that may hold `/`, `?` or
 * `#` is encoded by its caller.
 */
export function pathTo<Pattern extends string>(pattern: Pattern, params: Record<PathParams<Pattern>, string | number>): string {
  const values: Record<string, string | number> = params;
  return pattern.replace(/:(\w+)/g, (_, name: string) => String(values[name]));
}

/**
 * How a screen names its route pattern in its `data-route` attribute, which browser tests read:
 * `{name}` for a parameter (`/admin/users/{id}`).
 */
export function routeLabel(pattern: string): string {
  return pattern.replace(/:(\w+)/g, '{$1}');
}

/** The addresses of the pages with parameters. */
export const pageLinks = {
  invite: (inviteCode: string) => pathTo(PAGES.invite.path, { inviteCode: encodeURIComponent(inviteCode) }),
  promotionOptOut: (key: string) => pathTo(PAGES.promotionOptOut.path, { userId: key }),
  acceptOffer: (token: string) => pathTo(PAGES.acceptOffer.path, { token: encodeURIComponent(token) }),
  resetPassword: (accessToken: string) => pathTo(SUB_PAGES.resetPassword.change, { accessToken }),
  processingPurchase: (orderStatusId: string) => pathTo(SUB_PAGES.account.processingOrder, { orderStatusId }),
  adminUser: (id: string) => pathTo(SUB_PAGES.admin.user, { id }),
  adminTicket: (id: number) => pathTo(SUB_PAGES.admin.ticket, { id }),
};

/**
 * The part of a page's address before its first parameter (`/resetPassword/`): the server finds its
 * secret links in request logs by it.
 */
export function pathPrefix(pattern: string): string {
  return pattern.split(':')[0]!;
}
