import type { Role } from '@blockpilot/shared';
import { createMockSession, mockAccount, MockProviders } from '@blockpilot/shared/mock';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
import { NavBar } from './NavBar';
import { isActiveLink } from './links';

function renderAt(path: string, signedIn: boolean, role?: Role) {
  const session = createMockSession({ accessToken: signedIn ? 'token' : null, ...(role ? { account: mockAccount({ role }) } : {}) });
  let navigate: (to: string) => void = () => undefined;
  function Navigator() {
    navigate = useNavigate();
    return null;
  }
  render(
    <MockProviders session={session} initialPath={path}>
      <NavBar />
      <Navigator />
    </MockProviders>,
  );
  return { go: (to: string) => act(() => navigate(to)) };
}

const mainLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('the navigation bar', () => {
  it('shows Home, Contact, Login, Register to a visitor', () => {
    renderAt('/', false);
    expect(mainLinks()).toEqual(['BlockPilot', 'Home', 'Contact', 'Login', 'Register']);
  });

  it('shows Dashboard, Help, Account, Logout to a signed-in user, then the knowledge base', () => {
    renderAt('/dashboard', true);
    expect(mainLinks()).toEqual(['BlockPilot', 'Dashboard', 'Help', 'Account', 'Knowledge base', 'Logout']);
  });

  it('has the knowledge base in the menu drawer too, highlighted on its page', async () => {
    renderAt('/knowledgeBase', true);
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const drawer = screen.getByTestId('nav-drawer');
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Help', 'Account', 'Knowledge base', 'Logout']);
    const link = within(drawer).getByRole('link', { name: 'Knowledge base' });
    expect(link).toHaveAttribute('href', '/knowledgeBase');
    expect(link).toHaveAttribute('aria-current', 'page');
  });

  it.each([
    ['user', ['BlockPilot', 'Dashboard', 'Help', 'Account', 'Knowledge base', 'Logout']],
    ['support', ['BlockPilot', 'Dashboard', 'Help', 'Account', 'Knowledge base', 'Admin', 'Logout']],
    ['admin', ['BlockPilot', 'Dashboard', 'Help', 'Account', 'Knowledge base', 'Admin', 'Logout']],
  ] as const)('shows the Admin link to operators only (%s)', (role, links) => {
    renderAt('/dashboard', true, role);
    expect(mainLinks()).toEqual(links);
  });

  it('loads the logo from /logo.png', () => {
    renderAt('/', false);
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/logo.png');
  });

  it('highlights only the link whose path equals the current lowercased path', () => {
    const { go } = renderAt('/LOGIN', false);
    const current = () => screen.queryAllByRole('link', { current: 'page' }).map((a) => a.textContent);
    expect(current()).toEqual(['Login']);
    go('/askaquestion');
    expect(current()).toEqual(['Contact']);
    go('/login/extra');
    expect(current()).toEqual([]);
  });

  it('takes any list of routes', () => {
    const session = createMockSession();
    render(
      <MockProviders session={session} initialPath="/b">
        <NavBar
          routes={[
            { path: '/a', name: 'A' },
            { path: '/b', name: 'B' },
          ]}
        />
      </MockProviders>,
    );
    expect(screen.getByRole('link', { name: 'B' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'A' })).not.toHaveAttribute('aria-current');
  });

  it('opens a top drawer from the menu button and closes it when the path changes', async () => {
    const { go } = renderAt('/', false);
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('nav-drawer')).toBeNull();

    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const drawer = screen.getByTestId('nav-drawer');
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Contact', 'Login', 'Register']);

    go('/register');
    expect(screen.queryByTestId('nav-drawer')).toBeNull();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the drawer on Escape and gives focus back to the menu button', async () => {
    renderAt('/', false);
    const menu = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    await userEvent.tab();
    expect(within(screen.getByTestId('nav-drawer')).getAllByRole('link')).toContain(document.activeElement);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('nav-drawer')).toBeNull();
    expect(menu).toHaveFocus();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it("offers a skip link to the page's main content as the first stop of the keyboard", async () => {
    renderAt('/', true);
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main-content');
  });

  it('closes the drawer when one of its links is followed', async () => {
    renderAt('/', false);
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.click(within(screen.getByTestId('nav-drawer')).getByRole('link', { name: 'Login' }));
    expect(screen.queryByTestId('nav-drawer')).toBeNull();
  });

  it('compares link and path case-insensitively', () => {
    expect(isActiveLink({ path: '/askAQuestion', name: 'Contact' }, '/askaquestion')).toBe(true);
    expect(isActiveLink({ path: '/dashboard', name: 'Dashboard' }, '/dashboard/logs')).toBe(false);
  });
});
