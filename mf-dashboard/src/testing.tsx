/** This remote's test fixtures: its routes rendered as the shell would, screen widths, flushing timers. */
import { theme } from '@blockpilot/shared';
import { createMockSession, renderRemote, type MockSession } from '@blockpilot/shared/mock';
import { act } from '@testing-library/react';
import App from './App';

export const DESKTOP_WIDTH = theme.breakpoints.lg;
export const PHONE_WIDTH = 360;

export const renderApp = (path: string, session: MockSession = createMockSession()) => renderRemote(App, path, session);

/** Lets pending promises (mock API answers) and timers due by now run, inside act. */
export async function flush(ms = 0): Promise<void> {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}
