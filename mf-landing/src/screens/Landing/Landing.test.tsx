import { DEFAULT_SUPPORT_EMAIL, PUBLIC_CONFIG_ELEMENT_ID } from '@blockpilot/shared';
import { mockApi, type MockApi } from '@blockpilot/shared/mock';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../testing';

describe('Landing page (/ and any other signed-out path)', () => {
  let server: MockApi;
  let answerConfig: (supportEmail: string) => void;
  beforeEach(() => {
    server = mockApi({
      'GET /publicConfig': () => new Promise((resolve) => (answerConfig = (supportEmail) => resolve({ data: { supportEmail, telegramBot: null } }))),
    });
  });
  afterEach(() => server.restore());

  it('has a hero with Sign-in and Try free buttons to /login and /register', () => {
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Never miss a block again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Try free' })).toHaveAttribute('href', '/register');
  });

  it('opens the sign-up form from Try free', async () => {
    const { location } = renderApp('/');
    await userEvent.click(screen.getByRole('link', { name: 'Try free' }));
    expect(location()).toBe('/register');
  });

  it('describes the four features: Filter Offers, Watch in real-time, Search automatically, Get Notified', () => {
    renderApp('/');
    const features = screen.getByRole('region', { name: 'What BlockPilot does for you' });
    const titles = within(features)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual(['Filter Offers', 'Watch in real-time', 'Search automatically', 'Get Notified']);
    for (const item of within(features).getAllByRole('listitem')) {
      // Each blurb says something real, not a placeholder.
      expect(item.querySelector('p')!.textContent!.length).toBeGreaterThan(80);
    }
  });

  it('has a Q&A list whose answers open under their questions, with no script needed (details/summary)', async () => {
    renderApp('/');
    const faq = screen.getByRole('region', { name: 'Questions and answers' });
    expect(faq.querySelectorAll('details > summary').length).toBeGreaterThanOrEqual(5);
    const cost = within(faq).getByText('What does it cost?').closest('details')!;
    expect(cost).not.toHaveAttribute('open');
    expect(within(faq).getByText(/3\.5% of the value of each block/)).not.toBeVisible();
    await userEvent.click(within(faq).getByText('What does it cost?'));
    expect(cost).toHaveAttribute('open');
    expect(within(faq).getByText(/3\.5% of the value of each block/)).toBeVisible();
    expect(within(faq).getByText(/\$10 free credit/)).toBeVisible();
  });

  it('keeps the answers the visitor opened in the prerendered copy when the live page takes over', () => {
    // The server's static copy, as the visitor left it: the second answer open.
    const staticCopy = document.createElement('div');
    staticCopy.innerHTML = '<details id="faq-2" open><summary>Q</summary></details>';
    document.body.append(staticCopy);
    // Rendered while the static copy is still in the page, as the shell does when it takes over.
    renderApp('/');
    staticCopy.remove();
    const items = screen.getByRole('region', { name: 'Questions and answers' }).querySelectorAll('details');
    expect([...items].map((item) => item.open)).toEqual([...items].map((_, i) => i === 1));
  });

  it('has a footer with Terms of Service, Privacy policy and a contact e-mail link', () => {
    renderApp('/');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(within(footer).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(within(footer).getByRole('link', { name: /@/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:\S+@\S+\.\S+$/));
  });

  it("shows the server's one support address (its default until the server answers), in the footer and the Q&A", async () => {
    renderApp('/');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: DEFAULT_SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${DEFAULT_SUPPORT_EMAIL}`);
    await waitFor(() => expect(server.callsTo('GET /publicConfig')).toHaveLength(1));
    await act(async () => answerConfig('help@example.test'));
    expect(within(footer).getByRole('link', { name: 'help@example.test' })).toHaveAttribute('href', 'mailto:help@example.test');
    expect(screen.getAllByRole('link', { name: 'help@example.test' })).toHaveLength(2);
    expect(screen.queryByText(DEFAULT_SUPPORT_EMAIL)).not.toBeInTheDocument();
    expect(server.callsTo('GET /publicConfig')).toHaveLength(1);
  });

  it('reads the support address the server wrote into the page, without asking the API', () => {
    const embedded = document.createElement('script');
    embedded.type = 'application/json';
    embedded.id = PUBLIC_CONFIG_ELEMENT_ID;
    embedded.textContent = JSON.stringify({ supportEmail: 'page@example.test', telegramBot: null });
    document.head.append(embedded);
    try {
      renderApp('/');
      expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'page@example.test' })).toHaveAttribute('href', 'mailto:page@example.test');
      expect(server.callsTo('GET /publicConfig')).toHaveLength(0);
    } finally {
      embedded.remove();
    }
  });

  it.each([
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy policy'],
  ])('%s is a real page with its sections and the footer', (path, title) => {
    renderApp(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(4);
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('is what any other signed-out path shows', () => {
    renderApp('/some/unknown/path');
    expect(screen.getByRole('heading', { level: 1, name: 'Never miss a block again' })).toBeInTheDocument();
  });

  it.each(['/help', '/knowledgeBase'])('is what a visitor (signed out) sees on the signed-in page %s', (path) => {
    renderApp(path);
    expect(screen.getByRole('heading', { level: 1, name: 'Never miss a block again' })).toBeInTheDocument();
  });
});

describe('Invite link (/invite/{inviteCode})', () => {
  beforeEach(() => localStorage.clear());

  it('stores the code for registration and sends the visitor to "/"', () => {
    const { location } = renderApp('/invite/DANA1234');
    expect(location()).toBe('/');
    expect(JSON.parse(localStorage.getItem('inviteCode')!)).toBe('DANA1234');
    expect(screen.getByRole('heading', { level: 1, name: 'Never miss a block again' })).toBeInTheDocument();
  });
});
