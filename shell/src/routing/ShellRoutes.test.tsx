import type { Role } from '@blockpilot/shared';
import { createMockSession, mockAccount, MockProviders } from '@blockpilot/shared/mock';
import { render, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { loadRemoteApp } from '../federation/remotes';
import { ShellRoutes } from './ShellRoutes';

jest.mock('../federation/remotes', () => ({ loadRemoteApp: jest.fn() }));
const loader = jest.mocked(loadRemoteApp);

function Console() {
  return <p>operator console</p>;
}

function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

const renderAt = (path: string, role: Role) =>
  render(
    <MockProviders session={createMockSession({ account: mockAccount({ role }) })} initialPath={path}>
      <ShellRoutes />
      <Where />
    </MockProviders>,
  );

describe('the operator console route (/admin)', () => {
  beforeEach(() => loader.mockReset().mockResolvedValue(Console));

  it('shows a driver "No access" and never loads the console remote', () => {
    renderAt('/admin/users', 'user');
    expect(screen.getByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(screen.getByText(/This page is for BlockPilot operators/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(loader).not.toHaveBeenCalled();
  });

  it.each(['support', 'admin'] as const)('loads mf_admin for %s', async (role) => {
    renderAt('/admin', role);
    expect(await screen.findByText('operator console')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('mf_admin', { retry: false });
  });
});

describe('where signing in leads: the role\'s home (docs/OPERATIONS.md "Roles")', () => {
  beforeEach(() => loader.mockReset().mockResolvedValue(Console));

  it.each(['support', 'admin'] as const)('an operator (%s) lands in the console', async (role) => {
    // The sign-in page goes to the signed-in home (PAGES.home) once the token is kept.
    renderAt('/', role);
    expect(await screen.findByText('operator console')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
    expect(loader).toHaveBeenCalledWith('mf_admin', { retry: false });
  });

  it('a driver lands on the dashboard, and so does an address the app has no page for', async () => {
    renderAt('/', 'user');
    await screen.findByText('operator console'); // the mocked loader answers for every remote
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
    expect(loader).toHaveBeenCalledWith('mf_dashboard', expect.anything());
    expect(loader).not.toHaveBeenCalledWith('mf_admin', expect.anything());
  });
});
