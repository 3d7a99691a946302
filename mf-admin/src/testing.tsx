/** This remote's test fixtures: the console rendered as the shell would for an operator, and sample data. */
import type { AdminUserDetail, AdminUserSummary, EngineHealthMinute, EngineWorker, Promotion, Role } from '@blockpilot/shared';
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
    currencySymbol: '$',
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
    suspendedAt: null,
    shareableCode: 'ZELDA123',
    ledger: [{ key: 'signup:1', kind: 'signup', amountCents: 1000, reason: null, createdAt: Date.UTC(2025, 0, 2) }],
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

/** The engine's first minute in the fixtures: local, so its clock reads 10:00 in any time zone. */
export const ENGINE_T0 = new Date(2026, 0, 5, 10, 0).getTime();

/** The engine's `i`th minute from {@link ENGINE_T0}, idle unless told. */
export function mockEngineMinute(i: number, overrides: Partial<EngineHealthMinute> = {}): EngineHealthMinute {
  return {
    at: ENGINE_T0 + i * 60_000,
    offersSeen: 0,
    accepted: 0,
    throttled: 0,
    puzzles: 0,
    backingOff: 0,
    errors: {},
    raceP50Ms: null,
    raceP95Ms: null,
    raceP99Ms: null,
    ...overrides,
  };
}

/** A search worker, running an hour before {@link ENGINE_T0} and heard from just before it. */
export function mockEngineWorker(id: string, overrides: Partial<EngineWorker> = {}): EngineWorker {
  return {
    id,
    host: 'search-1',
    pid: 4242,
    startedAt: ENGINE_T0 - 3_600_000,
    lastSeenAt: ENGINE_T0 - 1_000,
    alive: true,
    capacity: 3000,
    drivers: 12,
    leases: 12,
    searchesStarted: 15,
    leasesLost: 0,
    jobsLost: 1,
    handedOver: 0,
    ...overrides,
  };
}

/** A promotion sent to every recipient in `batches` batches, `unconfirmed` of its e-mails unconfirmed. */
export function mockSentPromotion(id: number, { at, recipients, batches, unconfirmed }: { at: number; recipients: number; batches: number; unconfirmed: number }): Promotion {
  return {
    id,
    subject: `Promotion ${id}`,
    text: 'More blocks.',
    status: 'sent',
    createdByEmail: 'ops@blockpilot.test',
    createdAt: at,
    sendStartedAt: at,
    sentAt: at,
    delivery: { recipients, pending: 0, sent: recipients - unconfirmed - 1, skipped: 1, failed: 0, unconfirmed },
    batches: { total: batches, done: batches },
  };
}
