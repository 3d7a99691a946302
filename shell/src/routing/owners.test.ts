import { ownerOf, signedInOwners, signedOutOwners } from './owners';

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
    ['/login', { redirect: '/dashboard' }],
    ['/', { redirect: '/dashboard' }],
    ['/nowhere', { redirect: '/dashboard' }],
  ])('signed in: %s', (path, owner) => {
    expect(ownerOf(signedInOwners, path)).toMatchObject(owner);
  });

  it('matches paths case-insensitively, as the router does', () => {
    expect(ownerOf(signedOutOwners, '/LOGIN')).toMatchObject({ remote: 'mf_auth' });
  });
});
