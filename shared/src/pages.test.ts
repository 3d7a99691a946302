import { PAGES, type Page, pageLinks, pathPrefix, pathTo, routeLabel, routeOf, SUB_PAGES } from './pages';

describe('the page table (docs/FRONTEND.md "Pages")', () => {
  it('puts every sub-page below its page', () => {
    for (const [name, subPages] of Object.entries(SUB_PAGES)) {
      const page = PAGES[name as keyof typeof SUB_PAGES];
      const below = routeOf(page) === '*' ? '/' : `${page.path}/`;
      for (const path of Object.values(subPages)) expect([name, path.startsWith(below)]).toEqual([name, true]);
    }
  });

  it('gives each address once', () => {
    // The two catch-alls share `/`: the landing page for a visitor, the home for a signed-in person.
    const pages: Page[] = Object.values(PAGES);
    const paths = [...pages.filter((page) => routeOf(page) !== '*').map((page) => page.path), ...Object.values(SUB_PAGES).flatMap((subPages) => Object.values(subPages))];
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('fills in parameters and names patterns as the screens do', () => {
    expect(pathTo('/a/:first/b/:second', { first: 'x', second: 2 })).toBe('/a/x/b/2');
    expect(pageLinks.invite('AB CD')).toBe('/invite/AB%20CD');
    expect(pageLinks.promotionOptOut('v1:iv:tag:text')).toBe('/promotionOptOut/v1:iv:tag:text');
    expect(pageLinks.resetPassword('t-1')).toBe('/resetPassword/t-1');
    expect(pageLinks.processingPurchase('o-1')).toBe('/account/processingPurchase/o-1');
    expect([pageLinks.adminUser('u-1'), pageLinks.adminTicket(7)]).toEqual(['/admin/users/u-1', '/admin/tickets/7']);
    expect(routeLabel(SUB_PAGES.account.processingOrder)).toBe('/account/processingPurchase/{orderStatusId}');
    expect(pathPrefix(PAGES.promotionOptOut.path)).toBe('/promotionOptOut/');
  });
});
