import type { Role } from '@blockpilot/shared';
import { createMockSession, mockAccount, MockProviders } from '@blockpilot/shared/mock';
import { render, screen } from '@testing-library/react';
import { loadRemoteApp } from '../federation/remotes';
import { ShellRoutes } from './ShellRoutes';

jest.mock('../federation/remotes', () => ({ loadRemoteApp: jest.fn() }));
const loader = jest.mocked(loadRemoteApp);

function Console() {
  return <p>operator console</p>;
}

const renderAt = (path: string, role: Role) =>
  render(
    <MockProviders session={createMockSession({ account: mockAccount({ role }) })} initialPath={path}>
      <ShellRoutes />
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
