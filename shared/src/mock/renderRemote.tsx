/**
 * Renders a remote's App the way the shell does (theme, router at a path, a session), with a probe
 * of the current path and the router's navigate, for tests of any remote.
 */
import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { createMockSession, MockProviders, type MockSession } from './MockProviders';

function Probe({ onNavigate }: { onNavigate: (navigate: NavigateFunction) => void }) {
  onNavigate(useNavigate());
  return <p data-testid="location">{useLocation().pathname}</p>;
}

export function renderRemote(App: ComponentType, path: string, session: MockSession = createMockSession()) {
  let navigate!: NavigateFunction;
  const view = render(
    <MockProviders initialPath={path} session={session}>
      <App />
      <Probe onNavigate={(fn) => (navigate = fn)} />
    </MockProviders>,
  );
  return {
    ...view,
    session,
    /** The router's current path. */
    location: () => screen.getByTestId('location').textContent,
    /** Follows an in-app link to `to`, as the shell's navigation bar would. */
    go: (to: string) => act(() => void navigate(to)),
  };
}

/** Makes `matchMedia` answer as a window this wide would (jsdom has no layout). Returns the undo. */
export function setScreenWidth(width: number): () => void {
  const original = window.matchMedia;
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
  return () => {
    window.matchMedia = original;
  };
}
