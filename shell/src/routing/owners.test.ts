import { PAGES, routeOf, type Page } from '@blockpilot/shared/pages';
import { matchRoutes } from 'react-router-dom';
import { ownerOf, pathMatches, signedInOwners, signedOutOwners } from './owners';

describe('who renders each path (docs/PRODUCT.md section 2)', () => {
  it.each([
    ['/', { remote: 'mf_landing' }],
    ['/promotionOptOut/u-1', { remote: 'mf_landing' }],
    ['/resetPassword', { remote: 'mf_auth' }],
    ['/resetPassword/token-1', { remote: 'mf_auth' }],
    ['/register', { remote: 'mf_auth' }],
    ['/login', { remote: 'mf_auth' }],
    ['/askAQuestion', { remote: 'mf_landing' }],
    ['/invite/CODE1', { remote: 'mf_landing' }],
    ['/dashboard', { remote: 'mf_landing' }],
    ['/anything/else', { remote: 'mf_landing' }],
  ])('signed out: %s', (path, owner) => {
    expect(ownerOf(signedOutOwners, path)).toMatchObject(owner);
  });

  it.each([
    ['/connectAccount', { remote: 'mf_dashboard' }],
    ['/promotionOptOut/u-1', { remote: 'mf_landing' }],
    ['/logout', { shell: 'logout' }],
    ['/knowledgeBase', { remote: 'mf_landing' }],
    ['/help', { remote: 'mf_landing' }],
    ['/account', { remote: 'mf_account' }],
    ['/account/credit', { remote: 'mf_account' }],
    ['/account/processingPurchase/o-1', { remote: 'mf_account' }],
    ['/dashboard', { remote: 'mf_dashboard' }],
    ['/dashboard/logs', { remote: 'mf_dashboard' }],
    ['/admin', { remote: 'mf_admin', operatorsOnly: true }],
    ['/admin/users/u-1', { remote: 'mf_admin', operatorsOnly: true }],
    ['/login', { home: true }],
    ['/', { home: true }],
    ['/nowhere', { home: true }],
  ])('signed in: %s', (path, owner) => {
    expect(ownerOf(signedInOwners, path)).toMatchObject(owner);
  });

  it('matches paths case-insensitively, as the router does', () => {
    expect(ownerOf(signedOutOwners, '/LOGIN')).toMatchObject({ remote: 'mf_auth' });
  });

  const SAMPLE_PATHS = [
    '/',
    '/login',
    '/LOGIN',
    '/login/',
    '/register',
    '/resetPassword',
    '/resetPassword/t-1',
    '/promotionOptOut',
    '/promotionOptOut/u-1',
    '/promotionOptOut/u-1/x',
    '/invite/CODE1',
    '/askAQuestion',
    '/connectAccount',
    '/logout',
    '/knowledgeBase',
    '/help',
    '/account',
    '/account/credit',
    '/dashboard',
    '/dashboard/logs',
    '/Dashboard/Stats',
    '/admin',
    '/admin/users/u-1',
    '/administrator',
    '/accounts',
    '/nowhere',
    '/a/b/c',
  ];

  it.each([
    ['signed out', signedOutOwners],
    ['signed in', signedInOwners],
  ])('%s: picks the route the router picks, for every kind of path', (_state, table) => {
    for (const path of SAMPLE_PATHS) expect([path, ownerOf(table, path)]).toEqual([path, matchRoutes(table, path)![0]!.route]);
  });

  it('gives every page of the table (docs/FRONTEND.md "Pages") its row in the tables of the states that reach it', () => {
    const pages: Page[] = Object.values(PAGES);
    for (const page of pages) {
      const address = page.path.replace(/:\w+/g, 'x-1');
      const tables = { signedOut: [signedOutOwners], signedIn: [signedInOwners], both: [signedOutOwners, signedInOwners] }[page.access];
      for (const table of tables) expect([page.path, ownerOf(table, address).path]).toEqual([page.path, routeOf(page)]);
    }
    // The catch-all of each state is its last row.
    for (const table of [signedOutOwners, signedInOwners]) expect(table.map((row) => row.path).indexOf('*')).toBe(table.length - 1);
  });

  it('reads a route path as the router does', () => {
    expect(pathMatches('/dashboard/*', '/dashboard')).toBe(true);
    expect(pathMatches('/dashboard/*', '/dashboards')).toBe(false);
    expect(pathMatches('/invite/:code', '/invite')).toBe(false);
    expect(pathMatches('/invite/:code', '/invite/ABC/more')).toBe(false);
    expect(pathMatches('*', '/any/path')).toBe(true);
  });
});
