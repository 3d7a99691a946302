/** Renders this remote's routes as the shell would, with a fake session and a probe of the current path. */
import { createMockSession, MockProviders, type MockSession } from '@blockpilot/shared/mock';
import { render, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import App from './App';

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="location">{pathname}</p>;
}

export function renderApp(path: string, session: MockSession = createMockSession({ accessToken: null, account: null, ready: false })) {
  const view = render(
    <MockProviders initialPath={path} session={session}>
      <App />
      <Where />
    </MockProviders>,
  );
  return { ...view, session, location: () => screen.getByTestId('location').textContent };
}
