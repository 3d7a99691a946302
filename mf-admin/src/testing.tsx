/** This remote's test fixtures: the console rendered as the shell would for an operator, and sample data. */
import type { AdminUserDetail, AdminUserSummary, Role } from '@blockpilot/shared';
import { TranslationProvider } from '@blockpilot/shared/i18n';
import { createMockSession, mockAccount, renderRemote } from '@blockpilot/shared/mock';
import { renderHook } from '@testing-library/react';
import App from './App';
import { useT, type AdminT } from './i18n';

export const renderConsole = (path: string, role: Role = 'admin') => renderRemote(App, path, createMockSession({ account: mockAccount({ role }) }));

/** This remote's `t` in the page's language now, for the helpers that take one (engineHealth.ts). */
export function translator(): AdminT {
  return renderHook(() => useT(), { wrapper: TranslationProvider }).result.current;
}

export function mockUserSummary(overrides: Partial<AdminUserSummary> = {}): AdminUserSummary {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    emailAddress: 'zelda@example.com',
    displayName: 'Zelda Quickwheel',
    role: 'user',
    credit: 1250,
    searching: true,
    suspended: false,
    platformUserId: 'amzn1.account.ZELDA42',
    createdAt: Date.UTC(2025, 0, 2),
    ...overrides,
  };
}

export function mockUserDetail(overrides: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    ...mockUserSummary(),
    phoneNumber: '+1 555 555 0100',
    countryCode: 'US',
    currencySymbol: '$',
    suspendedAt: null,
    shareableCode: 'ZELDA123',
    ledger: [{ key: 'signup:1', kind: 'signup', amountCents: 1000, createdAt: Date.UTC(2025, 0, 2) }],
    orders: [
      {
        id: 'order-1',
        kind: 'topup',
        amountCents: 2000,
        currency: 'usd',
        membershipPlanId: null,
        status: 'paid',
        createdAt: Date.UTC(2025, 0, 3),
        settledAt: Date.UTC(2025, 0, 3),
        refundedAt: null,
      },
    ],
    trialEndsAt: null,
    membershipEndsAt: null,
    invitedBy: null,
    invited: [],
    search: {
      flexConnected: true,
      puzzleRequired: false,
      platformAccount: { region: 'NA', platformUserId: 'amzn1.account.ZELDA42', connectedAt: Date.UTC(2025, 0, 2) },
      recentLog: [],
    },
    notifications: { emailAddress: 'zelda@example.com', whatsAppNumber: '', telegramConnected: false, promotionsOptedOutAt: null },
    tickets: [],
    ...overrides,
  };
}
