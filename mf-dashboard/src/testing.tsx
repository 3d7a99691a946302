/** Renders this remote's routes as the shell would, with a fake session, a probe of the current path and a chosen screen width. */
import { theme } from '@blockpilot/shared';
import { createMockSession, MockProviders, type MockSession } from '@blockpilot/shared/mock';
import { act, render, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import App from './App';

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="location">{pathname}</p>;
}

/** Makes `matchMedia` answer as a window this wide would (jsdom has no layout). Returns the undo. */
export function setScreenWidth(width: number): () => void {
  const original = window.matchMedia;
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return { matches, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false } as MediaQueryList;
  };
  return () => {
    window.matchMedia = original;
  };
}

export const DESKTOP_WIDTH = theme.breakpoints.lg;
export const PHONE_WIDTH = 360;

export function renderApp(path: string, session: MockSession = createMockSession()) {
  const view = render(
    <MockProviders initialPath={path} session={session}>
      <App />
      <Where />
    </MockProviders>,
  );
  return { ...view, session, location: () => screen.getByTestId('location').textContent };
}

/** Lets pending promises (mock API answers) and timers due by now run, inside act. */
export async function flush(ms = 0): Promise<void> {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}
