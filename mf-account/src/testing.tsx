/** Renders this remote's routes as the shell would: a fake session, a fake server, a probe of the current path. */
import type { MembershipPlan } from '@blockpilot/shared';
import { createMockSession, MockProviders, mockApi, type MockApi, type MockHandler, type MockSession } from '@blockpilot/shared/mock';
import type { Envelope } from '@blockpilot/shared';
import { act, render, screen } from '@testing-library/react';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import App from './App';

export const PLANS: MembershipPlan[] = [
  { id: 'week', name: 'Weekly', price: 1499, days: 7, description: 'No fees on accepted blocks for 7 days.' },
  { id: 'month', name: 'Monthly', price: 4999, days: 30 },
];

/** The fake server with the plans the credit section loads on every render of the page. */
export function mockAccountApi(routes: Record<string, MockHandler | Envelope> = {}): MockApi {
  return mockApi({ 'GET /store/getMembershipPlans': { data: PLANS }, ...routes });
}

function Probe({ onNavigate }: { onNavigate: (navigate: NavigateFunction) => void }) {
  onNavigate(useNavigate());
  return <p data-testid="location">{useLocation().pathname}</p>;
}

export function renderApp(path: string, session: MockSession = createMockSession()) {
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
    location: () => screen.getByTestId('location').textContent,
    /** Follow an in-app link to `to`, as the shell's navigation bar would. */
    go: (to: string) => act(() => void navigate(to)),
  };
}

/** The header button of an account section. */
export const sectionHeader = (name: string | RegExp) => screen.getByRole('button', { name });

/** Waits until the credit section's plans have arrived (open or closed), so no update lands after a test. */
export const plansLoaded = () => screen.findByRole('list', { name: 'Membership plans', hidden: true });
