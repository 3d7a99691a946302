import { MockProviders } from '@blockpilot/shared/mock';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteApp } from './RemoteApp';

function Working() {
  return <p>remote content</p>;
}

function Crashing(): never {
  throw new Error('render exploded');
}

describe('loading a remote inside the shell', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

  it('shows a spinner, then the remote', async () => {
    const loader = jest.fn().mockResolvedValue(Working);
    render(<MockProviders><RemoteApp name="mf_auth" loader={loader} /></MockProviders>);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByText('remote content')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('mf_auth', { retry: false });
  });

  it('shows a fallback with Retry when the remote fails to load, and loads it again on Retry', async () => {
    const loader = jest.fn().mockRejectedValueOnce(new Error('Failed to fetch remoteEntry.js')).mockResolvedValueOnce(Working);
    render(<MockProviders><RemoteApp name="mf_dashboard" loader={loader} /></MockProviders>);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This page could not be loaded');
    expect(alert).toHaveTextContent('mf_dashboard: Failed to fetch remoteEntry.js');

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('remote content')).toBeInTheDocument();
    expect(loader).toHaveBeenLastCalledWith('mf_dashboard', { retry: true });
  });

  it('keeps offering Retry while the remote stays down', async () => {
    const loader = jest.fn().mockRejectedValue(new Error('offline'));
    render(<MockProviders><RemoteApp name="mf_account" loader={loader} /></MockProviders>);
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('mf_account: offline');
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('contains a remote that crashes while rendering', async () => {
    const loader = jest.fn().mockResolvedValueOnce(Crashing).mockResolvedValueOnce(Working);
    render(
      <MockProviders>
        <p>shell keeps working</p>
        <RemoteApp name="mf_landing" loader={loader} />
      </MockProviders>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('render exploded');
    expect(screen.getByText('shell keeps working')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('remote content')).toBeInTheDocument();
  });
});
