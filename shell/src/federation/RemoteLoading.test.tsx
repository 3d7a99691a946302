import { EARLY_SEARCH_STATE, EARLY_SEARCH_STATE_ATTRIBUTE, PAGE_STYLE, SEARCH_STATES } from '@blockpilot/shared';
import { createMockSession, mockAccount, MockProviders, mockSearchStatus } from '@blockpilot/shared/mock';
import { render, screen } from '@testing-library/react';
import { PrerenderedRemoteLoading, RemoteLoading } from './RemoteLoading';

describe('the page while its remote loads, live', () => {
  it("says what a connected driver's search is doing under the loading line", () => {
    const session = createMockSession({ account: mockAccount({ flexConnected: true }), searchStatus: mockSearchStatus({ searching: true, pausedFor: 'credit' }) });
    render(
      <MockProviders session={session}>
        <RemoteLoading />
      </MockProviders>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.getByText('Paused: not enough credit')).toBeInTheDocument();
  });

  it.each([
    ['a driver whose platform account is not connected', { account: mockAccount({ flexConnected: false }) }],
    ['a search state not known yet', { account: mockAccount({ flexConnected: true }), searchStatus: null }],
    ['a visitor', { accessToken: null, account: null, searchStatus: null }],
  ])('shows only the loading line for %s', (_case, overrides) => {
    const { container } = render(
      <MockProviders session={createMockSession(overrides)}>
        <RemoteLoading />
      </MockProviders>,
    );
    expect(container).toHaveTextContent(/^Loading…?$/);
  });
});

describe('the page while its remote loads, prerendered into the shell page', () => {
  /** The copies the page's style shows, with the page script's state on `<html>` (or none). */
  function shownWith(state: string | undefined): string[] {
    const style = document.createElement('style');
    style.textContent = PAGE_STYLE;
    document.head.appendChild(style);
    if (state) document.documentElement.dataset[EARLY_SEARCH_STATE] = state;
    try {
      const { container } = render(
        <MockProviders>
          <PrerenderedRemoteLoading />
        </MockProviders>,
      );
      return [...container.querySelectorAll<HTMLElement>(`[${EARLY_SEARCH_STATE_ATTRIBUTE}]`)]
        .filter((copy) => getComputedStyle(copy).display !== 'none')
        .map((copy) => copy.textContent ?? '');
    } finally {
      style.remove();
      delete document.documentElement.dataset[EARLY_SEARCH_STATE];
    }
  }

  it('carries one copy per state, and the style shows none until the page script knows the state', () => {
    expect(shownWith(undefined)).toEqual([]);
  });

  it.each(SEARCH_STATES.map((state, i) => [state, ['System Stopped', 'Paused: not enough credit', 'Waiting: no eligible station selected', 'System Started'][i]]))(
    'shows exactly the copy of %s',
    (state, text) => {
      expect(shownWith(state)).toEqual([text]);
    },
  );
});
