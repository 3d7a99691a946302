/** This remote's test fixtures: the routes rendered as the shell would, a fake server with plans. */
import type { AutoTopUp, MembershipPlan } from '@blockpilot/shared';
import { createMockSession, mockApi, renderRemote, type MockApi, type MockHandler, type MockSession } from '@blockpilot/shared/mock';
import type { Envelope } from '@blockpilot/shared';
import { screen } from '@testing-library/react';
import App from './App';

export const PLANS: MembershipPlan[] = [
  { id: 'week', name: 'Weekly', price: 1499, days: 7, description: 'No fees on accepted blocks for 7 days.' },
  { id: 'month', name: 'Monthly', price: 4999, days: 30 },
];

/** A driver who never set up automatic top-up. */
export const AUTO_TOP_UP_OFF: AutoTopUp = { enabled: false, amount: 1000, threshold: 500, card: null, lastCharge: null, lastFailure: null };

/** A server's VAPID public key (65 bytes, base64url), as GET /user/pushDevices answers it. */
export const VAPID_PUBLIC_KEY = `BA${'A'.repeat(85)}`;

/** The fake server with what the credit section loads on every render of the page (plans, history, automatic top-up). */
export function mockAccountApi(routes: Record<string, MockHandler | Envelope> = {}): MockApi {
  return mockApi({
    'GET /store/getMembershipPlans': { data: PLANS },
    'GET /user/getCreditHistory': { data: [] },
    'GET /store/autoTopUp': { data: AUTO_TOP_UP_OFF },
    'GET /publicConfig': { data: { supportEmail: 'help@example.test', telegramBot: null } },
    'GET /user/pushDevices': { data: { publicKey: VAPID_PUBLIC_KEY, devices: [] } },
    ...routes,
  });
}

export const renderApp = (path: string, session: MockSession = createMockSession()) => renderRemote(App, path, session);

/** The header button of an account section. */
export const sectionHeader = (name: string | RegExp) => screen.getByRole('button', { name });

/** Waits until the credit section's plans have arrived (open or closed), so no update lands after a test. */
export const plansLoaded = () => screen.findByRole('list', { name: 'Membership plans', hidden: true });
