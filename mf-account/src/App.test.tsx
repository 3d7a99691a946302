import { createMockSession, mockAccount, routeRenderedAt, type MockApi } from '@blockpilot/shared/mock';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockAccountApi, plansLoaded, renderApp, sectionHeader } from './testing';

const HEADERS = {
  credit: /^Credit/,
  inviteCode: 'Invite Code',
  notificationPreferences: 'Notification Preferences',
  password: 'Password',
} as const;
type Section = keyof typeof HEADERS;

/** Which of the four sections are expanded. */
const openSections = () => (Object.keys(HEADERS) as Section[]).filter((id) => sectionHeader(HEADERS[id]).getAttribute('aria-expanded') === 'true');

describe('mf_account routes (docs/PRODUCT.md section 2)', () => {
  let server: MockApi;
  let scrolled: string[];
  beforeEach(() => {
    server = mockAccountApi();
    scrolled = [];
    // jsdom has no layout, hence no scrollIntoView: record which element asked to be shown.
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this.id);
    };
  });
  afterEach(() => {
    server.restore();
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it.each([
    ['/account', '/account', ['credit'], []],
    ['/account/inviteCode', '/account/inviteCode', ['inviteCode'], ['account-inviteCode']],
    ['/account/notificationPreferences', '/account/notificationPreferences', ['notificationPreferences'], ['account-notificationPreferences']],
    ['/account/credit', '/account/credit', ['credit'], ['account-credit']],
    ['/account/processingPurchase/order-7', '/account/processingPurchase/{orderStatusId}', ['credit'], []],
    ['/account/purchaseCompleted', '/account/purchaseCompleted', ['credit'], []],
    ['/account/other', '/account', ['credit'], []],
  ])('%s renders the account page as %s with %j open, scrolled to %j', async (path, route, open, scrolledTo) => {
    const { container } = renderApp(path);
    expect(routeRenderedAt(container, 'mf_account')).toBe(route);
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(openSections()).toEqual(open);
    expect(scrolled).toEqual(scrolledTo);
    expect(await plansLoaded()).toBeInTheDocument();
  });

  it('lists the sections as level-2 headings in the order of the spec, the trial first while eligible', async () => {
    renderApp('/account');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    // The spec's sections, and the driver's name and language (named in itself) before Password.
    expect(headings).toEqual(['2 day free trial', 'Credit$10.00', 'Invite Code', 'Notification Preferences', 'Your nameDana Driver', 'LanguageEnglish', 'Password']);
    await plansLoaded();
  });

  it('without an order id, processingPurchase goes to /account', async () => {
    const { location } = renderApp('/account/processingPurchase');
    expect(location()).toBe('/account');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await plansLoaded();
  });

  it('following a sub-route from inside the page opens that section and scrolls to it, keeping the others and what was typed', async () => {
    const { go, location } = renderApp('/account');
    await userEvent.click(sectionHeader('Password'));
    await userEvent.type(screen.getByLabelText('Current password', { selector: 'input' }), 'typed so far');
    go('/account/inviteCode');
    expect(location()).toBe('/account/inviteCode');
    expect(openSections()).toEqual(['credit', 'inviteCode', 'password']);
    expect(scrolled).toEqual(['account-inviteCode']);
    expect(screen.getByLabelText('Current password', { selector: 'input' })).toHaveValue('typed so far');
    // Closed by hand, then named by the route again: open again.
    await userEvent.click(sectionHeader('Invite Code'));
    expect(openSections()).toEqual(['credit', 'password']);
    go('/account/inviteCode');
    expect(openSections()).toEqual(['credit', 'inviteCode', 'password']);
    expect(scrolled).toEqual(['account-inviteCode', 'account-inviteCode']);
    await plansLoaded();
  });

  it('each section header opens and closes its own section', async () => {
    renderApp('/account');
    await userEvent.click(sectionHeader(HEADERS.credit));
    await userEvent.click(sectionHeader('Notification Preferences'));
    expect(openSections()).toEqual(['notificationPreferences']);
    expect(screen.getByRole('textbox', { name: 'WhatsApp number' })).toBeVisible();
    expect(screen.getByRole('slider', { name: 'Top-up amount', hidden: true })).not.toBeVisible();
    await plansLoaded();
  });

  it('shows a loading state until the account is there (standalone preview)', () => {
    renderApp('/account', createMockSession({ account: null, ready: false }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
    expect(screen.queryByRole('button', { name: HEADERS.credit })).not.toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });

  it('signed out (only possible in the standalone preview) it says to sign in and asks the server nothing', () => {
    renderApp('/account/processingPurchase/order-7', createMockSession({ accessToken: null, account: null, ready: false }));
    expect(screen.getByRole('status')).toHaveTextContent('Sign in to BlockPilot in this browser to see your account here.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });

  it('names the driver under the title', async () => {
    renderApp('/account', createMockSession({ account: mockAccount({ display_name: 'Sam Lee', emailAddress: 'sam@example.com' }) }));
    expect(screen.getByText('Sam Lee · sam@example.com')).toBeInTheDocument();
    await plansLoaded();
  });
});
