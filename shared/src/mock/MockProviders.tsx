/**
 * Everything a remote's screen expects from the shell, for tests: the theme, a memory router and
 * a session whose actions are recorded.
 */
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { TranslationProvider } from '../i18n/react';
import { SessionContext, type SessionValue } from '../session/context';
import type { LiveEvent, SearchStatus } from '../types';
import { theme } from '../theme';
import { mockAccount } from './fixtures';

/** A session for tests; `actions` lists what the screen asked the shell to do. */
export interface MockSession extends SessionValue {
  actions: string[];
  /** Delivers a live event to what the screen subscribed with `onLive`. */
  emitLive(event: LiveEvent): void;
}

/** A stopped search, known: what most screens are tested with. */
export function mockSearchStatus(overrides: Partial<SearchStatus> = {}): SearchStatus {
  return { searching: false, pausedFor: null, missed: { count: 0, valueCents: 0 }, feesCovered: 8, lowCredit: false, noEligibleStation: false, ...overrides };
}

export function createMockSession(overrides: Partial<SessionValue> = {}): MockSession {
  const actions: string[] = [];
  const listeners = new Set<(event: LiveEvent) => void>();
  const session: MockSession = {
    accessToken: 'test-token',
    account: mockAccount(),
    locale: 'en-US',
    serviceAreas: null,
    searching: overrides.searching ?? false,
    searchStatus: mockSearchStatus({ searching: overrides.searching ?? false }),
    schedule: null,
    ready: true,
    signIn: (token) => void actions.push(`signIn:${token}`),
    signOut: () => void actions.push('signOut'),
    refresh: async () => void actions.push('refresh'),
    setSearchStatus: (status) => {
      actions.push(`setSearchStatus:${status.searching}${status.pausedFor ? `:${status.pausedFor}` : ''}`);
      session.searchStatus = status;
      session.searching = status.searching;
    },
    onLive(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emitLive(event) {
      for (const listener of [...listeners]) listener(event);
    },
    actions,
    ...overrides,
  };
  return session;
}

export function MockProviders({ children, session = createMockSession(), initialPath = '/' }: { children: ReactNode; session?: SessionValue; initialPath?: string }) {
  return (
    <ThemeProvider theme={theme}>
      <TranslationProvider>
        <SessionContext.Provider value={session}>
          <MemoryRouter initialEntries={[initialPath]}>{children}</MemoryRouter>
        </SessionContext.Provider>
      </TranslationProvider>
    </ThemeProvider>
  );
}

/**
 * Which route a remote's App rendered at a path: the `data-route` its screen frame carries. For
 * tests of a remote's route table.
 */
export function routeRenderedAt(container: HTMLElement, remote: string): string | null | undefined {
  return container.querySelector(`[data-remote="${remote}"]`)?.getAttribute('data-route');
}
