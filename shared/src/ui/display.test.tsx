import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { MockProviders } from '../mock';
import { theme } from '../theme';
import { BottomTabBar, ButtonLink, Chip, Collapsible, FieldErrors, Notice, Page, SubmitButton, TabPanel, Tabs } from '.';

const wrap = (ui: React.ReactElement, initialPath = '/') => render(<MockProviders initialPath={initialPath}>{ui}</MockProviders>);

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

describe('Collapsible', () => {
  it('opens and closes its content from the header button (aria-expanded, aria-controls)', async () => {
    wrap(
      <Collapsible title="What does it cost?">
        <p>3.5% of each accepted block.</p>
      </Collapsible>,
    );
    const header = screen.getByRole('button', { name: 'What does it cost?' });
    const content = document.getElementById(header.getAttribute('aria-controls')!)!;
    expect(header).toHaveAttribute('aria-expanded', 'false');
    expect(content).not.toBeVisible();
    await userEvent.click(header);
    expect(header).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('3.5% of each accepted block.')).toBeVisible();
    header.focus();
    await userEvent.keyboard('{Enter}');
    expect(header).toHaveAttribute('aria-expanded', 'false');
  });

  it('can be open by default, and sits under a heading of the chosen level', () => {
    wrap(
      <Collapsible title="Credit" defaultOpen headingLevel={2} summary="$10.00">
        <p>Top up</p>
      </Collapsible>,
    );
    expect(screen.getByRole('heading', { level: 2, name: /Credit/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Credit/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Top up')).toBeVisible();
    expect(screen.getByText('$10.00')).toBeInTheDocument();
  });

  it('can be controlled by its parent (e.g. opened by the route)', async () => {
    const changes: boolean[] = [];
    function Controlled() {
      const [open, setOpen] = useState(true);
      return (
        <Collapsible
          title="Invite Code"
          open={open}
          onOpenChange={(next) => {
            changes.push(next);
            setOpen(next);
          }}
        >
          <p>Share your link</p>
        </Collapsible>
      );
    }
    wrap(<Controlled />);
    expect(screen.getByText('Share your link')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Invite Code' }));
    expect(changes).toEqual([false]);
    expect(screen.getByText('Share your link')).not.toBeVisible();
  });
});

describe('Chip', () => {
  it('shows its text with an optional dot in a theme colour', () => {
    wrap(
      <>
        <Chip dot="success">System Started</Chip>
        <Chip dot="error">System Stopped</Chip>
        <Chip>Credit: $10.00</Chip>
      </>,
    );
    const started = screen.getByText('System Started').querySelector('[data-dot]')!;
    expect(started).toHaveAttribute('aria-hidden', 'true');
    expect(started).toHaveStyle({ background: theme.palette.success });
    expect(screen.getByText('System Stopped').querySelector('[data-dot]')).toHaveStyle({ background: theme.palette.error });
    expect(screen.getByText('Credit: $10.00').querySelector('[data-dot]')).toBeNull();
  });
});

describe('Tabs', () => {
  function Harness() {
    const [value, setValue] = useState<'settings' | 'logs'>('settings');
    const items = [
      { value: 'settings', label: 'Settings' },
      { value: 'logs', label: 'Logs' },
    ] as const;
    return (
      <>
        <Tabs label="Dashboard" idPrefix="dash" items={items} value={value} onChange={setValue} />
        <TabPanel idPrefix="dash" value="settings" selected={value === 'settings'}>
          Filters here
        </TabPanel>
        <TabPanel idPrefix="dash" value="logs" selected={value === 'logs'}>
          Logs here
        </TabPanel>
      </>
    );
  }

  it('selects by click and by arrow keys, with one tab stop and linked panels', async () => {
    wrap(<Harness />);
    const settings = screen.getByRole('tab', { name: 'Settings' });
    const logs = screen.getByRole('tab', { name: 'Logs' });
    expect(screen.getByRole('tablist', { name: 'Dashboard' })).toBeInTheDocument();
    expect(settings).toHaveAttribute('aria-selected', 'true');
    expect(logs).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Settings' })).toHaveTextContent('Filters here');

    await userEvent.click(logs);
    expect(logs).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Logs' })).toHaveTextContent('Logs here');

    await userEvent.keyboard('{ArrowRight}');
    expect(settings).toHaveAttribute('aria-selected', 'true');
    expect(settings).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(logs).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(settings).toHaveAttribute('aria-selected', 'true');
  });
});

describe('BottomTabBar', () => {
  const items = [
    { to: '/dashboard/settings', label: 'Settings' },
    { to: '/dashboard/logs', label: 'Logs' },
  ];

  it('links to each sub-page and marks the current one', async () => {
    wrap(
      <Routes>
        <Route
          path="*"
          element={
            <>
              <BottomTabBar label="Dashboard sections" items={items} fallback="/dashboard/settings" />
              <Where />
            </>
          }
        />
      </Routes>,
      '/dashboard',
    );
    const nav = screen.getByRole('navigation', { name: 'Dashboard sections' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('link', { name: 'Logs' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/logs');
    expect(screen.getByRole('link', { name: 'Logs' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Settings' })).not.toHaveAttribute('aria-current');
  });
});

describe('FieldErrors', () => {
  it('lists messages (all or only some fields) as an alert, and nothing when empty', () => {
    const { rerender } = wrap(<FieldErrors errors={{ days: 'Pick at least one day', pay: 'Too low' }} only={['days']} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Pick at least one day');
    expect(screen.queryByText('Too low')).not.toBeInTheDocument();
    rerender(
      <MockProviders>
        <FieldErrors errors={{ days: 'Pick at least one day', pay: 'Too low' }} />
      </MockProviders>,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Pick at least one day', 'Too low']);
    rerender(
      <MockProviders>
        <FieldErrors errors={{}} />
      </MockProviders>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Notice', () => {
  it('is a status, or an alert for errors', () => {
    wrap(
      <>
        <Notice tone="success" title="Check your inbox">
          We sent you a link.
        </Notice>
        <Notice tone="error">Could not load.</Notice>
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Check your inboxWe sent you a link.');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load.');
  });
});

describe('SubmitButton', () => {
  it('is disabled and says so while pending', () => {
    const { rerender } = wrap(<SubmitButton pending={false}>Send</SubmitButton>);
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    rerender(
      <MockProviders>
        <SubmitButton pending>Send</SubmitButton>
      </MockProviders>,
    );
    const button = screen.getByRole('button', { name: 'Just a moment' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('type', 'submit');
  });
});

describe('Page and ButtonLink', () => {
  it('renders the title as the one h1, sets the document title and marks route and remote', () => {
    wrap(
      <Page title="Sign in" intro="Welcome back." route="/login" remote="mf_auth">
        <ButtonLink to="/register">Try free</ButtonLink>
      </Page>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(document.title).toBe('Sign in · BlockPilot');
    expect(screen.getByRole('main')).toHaveAttribute('data-remote', 'mf_auth');
    expect(screen.getByRole('link', { name: 'Try free' })).toHaveAttribute('href', '/register');
  });
});
