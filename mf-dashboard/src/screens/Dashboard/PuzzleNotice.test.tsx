import { DEFAULT_WORK_LIMITS } from '@blockpilot/shared/api/schemas';
import { SessionContext, type Account } from '@blockpilot/shared';
import { createMockSession, MockProviders, mockAccount, mockApi, mockSearchStatus, mockServiceAreas, type MockApi } from '@blockpilot/shared/mock';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import App from '../../App';
import { flush } from '../../testing';

describe('the puzzle pause (docs/LIVE.md "Puzzle pause")', () => {
  let server: MockApi;
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
    server = mockApi({ 'POST /user/getLogs': { data: [] }, 'GET /user/workLimits': { data: DEFAULT_WORK_LIMITS } });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    server.restore();
    jest.useRealTimers();
  });

  /**
   * The dashboard with a session whose account is reloaded by `refresh` as the server would answer
   * it: `accountAfter` says whether the platform still wants the puzzle once the search restarted.
   */
  function renderDashboard(accountAfter: () => Partial<Account>) {
    const base = createMockSession({ serviceAreas: mockServiceAreas, searchStatus: mockSearchStatus({ searching: false }) });
    function LiveSession() {
      const [account, setAccount] = useState(mockAccount({ puzzleRequired: true }));
      const session = {
        ...base,
        account,
        refresh: async () => {
          base.actions.push('refresh');
          const after = accountAfter();
          // A puzzle still wanted stops the search again at the engine's first poll.
          if (after.puzzleRequired) base.searchStatus = mockSearchStatus({ searching: false });
          setAccount((current) => ({ ...current, ...after }));
        },
      };
      return (
        <SessionContext.Provider value={session}>
          <App />
        </SessionContext.Provider>
      );
    }
    render(
      <MockProviders initialPath="/dashboard/settings" session={base}>
        <LiveSession />
      </MockProviders>,
    );
    return base;
  }
  const resume = () => screen.getByRole('button', { name: 'I solved it, resume' });
  const noticeTitle = 'Searching stopped: Amazon asks you to solve a puzzle';

  it('restarts the search with the wanted state and clears the notice once the account says the puzzle is solved', async () => {
    server.on('POST /user/toggleSearchState', { data: { searching: true, status: mockSearchStatus({ searching: true }) } });
    const session = renderDashboard(() => ({ puzzleRequired: false }));
    await flush();
    expect(screen.getByText(noticeTitle)).toBeInTheDocument();
    resume().focus();
    fireEvent.click(resume());
    await flush();
    // The focus goes to the search button that replaces the notice's, never to the page.
    expect(screen.getByRole('button', { name: /^(Start|Stop)$/ })).toHaveFocus();
    expect(server.callsTo('POST /user/toggleSearchState').map((c) => c.body)).toEqual([
      expect.objectContaining({ searching: true, timezoneOffset: new Date().getTimezoneOffset() }),
    ]);
    expect(session.actions).toEqual(expect.arrayContaining(['setSearchStatus:true', 'refresh']));
    expect(screen.queryByText(noticeTitle)).not.toBeInTheDocument();
  });

  it('comes back saying so when the platform still wants the puzzle', async () => {
    server.on('POST /user/toggleSearchState', { data: { searching: true, status: mockSearchStatus({ searching: true }) } });
    renderDashboard(() => ({ puzzleRequired: true }));
    await flush();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.click(resume());
    await flush();
    expect(screen.getByText(noticeTitle)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Amazon still asks for the puzzle, so searching stopped again.');
    expect(resume()).toBeEnabled();
  });

  it('goes on a second device as soon as the live status says the search resumed elsewhere', async () => {
    function SecondDevice({ searching }: { searching: boolean }) {
      const session = createMockSession({ serviceAreas: mockServiceAreas, account: mockAccount({ puzzleRequired: true }), searchStatus: mockSearchStatus({ searching }) });
      return (
        <SessionContext.Provider value={session}>
          <App />
        </SessionContext.Provider>
      );
    }
    const base = createMockSession({ serviceAreas: mockServiceAreas });
    const { rerender } = render(
      <MockProviders initialPath="/dashboard/settings" session={base}>
        <SecondDevice searching={false} />
      </MockProviders>,
    );
    await flush();
    expect(screen.getByText(noticeTitle)).toBeInTheDocument();
    rerender(
      <MockProviders initialPath="/dashboard/settings" session={base}>
        <SecondDevice searching />
      </MockProviders>,
    );
    await flush();
    expect(screen.queryByText(noticeTitle)).not.toBeInTheDocument();
    expect(server.callsTo('POST /user/toggleSearchState')).toEqual([]);
  });

  it('stays, with its button ready again, when the Start is refused', async () => {
    server.on('POST /user/toggleSearchState', { status: 409, body: { alert: 'Your credit is used up.', code: 'BP_ERR_CONFLICT' } as never });
    renderDashboard(() => ({}));
    await flush();
    fireEvent.click(resume());
    expect(screen.getByRole('button', { name: 'Resuming…' })).toBeDisabled();
    await flush();
    expect(screen.getByText(noticeTitle)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(resume()).toBeEnabled();
  });
});
