/** Realistic sample entities for tests. */
import { NOTIFICATION_EVENTS } from '../constants';
import type { Account, Filter, LogEntry, ServiceArea } from '../types';

export function mockFilter(overrides: Partial<Filter> = {}): Filter {
  return {
    id: 'filter-1',
    name: 'My filter',
    enabled: true,
    serviceAreas: ['sa-1'],
    days: [1, 2, 3, 4, 5],
    time: [360, 1080],
    pay: [20, 100],
    payType: 'PER_BLOCK',
    duration: [2, 6],
    timeToArrive: 30,
    action: 'accept',
    ...overrides,
  };
}

export function mockAccount(overrides: Partial<Account> = {}): Account {
  return {
    display_name: 'Dana Driver',
    credit: 1000,
    emailAddress: 'dana@example.com',
    emailVerified: true,
    phoneNumber: '+15555550100',
    flexConnected: true,
    trialEligible: true,
    trialEndsAt: null,
    membershipEndsAt: null,
    shareableCode: 'DANA1234',
    notificationPreferences: {
      emailAddress: 'dana@example.com',
      whatsAppNumber: '',
      telegramAuthCode: '',
      telegramConnected: false,
      events: { email: [...NOTIFICATION_EVENTS], whatsapp: [...NOTIFICATION_EVENTS], telegram: [...NOTIFICATION_EVENTS], push: [...NOTIFICATION_EVENTS] },
    },
    filters: [mockFilter()],
    puzzleRequired: false,
    currency_symbol: '$',
    language: 'en',
    role: 'user',
    promotionalEmails: true,
    ...overrides,
  };
}

export const mockServiceAreas: ServiceArea[] = [
  { id: 'sa-1', shortName: 'DSE4', fullName: 'Seattle (DSE4) - Sodo' },
  { id: 'sa-2', shortName: 'DWA6', fullName: 'Bellevue (DWA6) - Eastgate' },
];

export function mockLogEntry(overrides: Partial<LogEntry> = {}): LogEntry {
  const now = Date.now();
  return {
    _id: `log-${now}`,
    action: 'BLOCK_ACCEPT',
    discoveredAt: now,
    startTime: Math.floor(now / 1000) + 3 * 3600,
    endTime: Math.floor(now / 1000) + 7 * 3600,
    serviceAreaId: 'sa-1',
    cost: 350,
    rateInfo: { priceAmount: 100, currency: 'USD' },
    ...overrides,
  };
}
