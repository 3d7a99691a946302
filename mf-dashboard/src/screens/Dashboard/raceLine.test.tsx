import type { LogEntry } from '@blockpilot/shared';
import { createMockSession, mockApi, mockLogEntry, mockServiceAreas, type MockApi } from '@blockpilot/shared/mock';
import { cleanup, screen, within } from '@testing-library/react';
import { expectNoRawKeys, flush, inSpanish, renderApp, renderAppIn } from '../../testing';

const NOW = new Date(2025, 0, 6, 15, 4, 30).getTime();
const start = Math.floor(NOW / 1000) + 3 * 3600;

function raced(id: string, overrides: Partial<LogEntry>): LogEntry {
  return mockLogEntry({ _id: id, discoveredAt: NOW - 60_000, startTime: start, endTime: start + 4 * 3600, ...overrides });
}

const entries = [
  raced('lost', { action: 'BLOCK_IGNORE', reason: 'taken', cost: undefined, race: { listedAt: NOW - 60_000, sentAfterMs: 3.2, answer: 'taken', answeredAfterMs: 1196.8 } }),
  raced('won', { cost: 350, race: { listedAt: NOW - 60_000, sentAfterMs: 2, answer: 'accepted', answeredAfterMs: 40 } }),
  raced('plain', { action: 'BLOCK_IGNORE', reason: 'time', cost: undefined }),
];

describe('the race line of a log entry (docs/ENGINE.md "Race timelines")', () => {
  let server: MockApi;
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
    localStorage.clear();
    server = mockApi({ 'POST /user/getLogs': { data: entries } });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    server.restore();
    jest.useRealTimers();
  });

  const session = () => createMockSession({ serviceAreas: mockServiceAreas });
  const lineOf = (id: string) => document.querySelector(`[data-log-id="${id}"] [data-race-line]`)?.textContent ?? null;

  it('says how soon after listing a lost block was taken and how fast BlockPilot answered; a won block how soon it was booked', async () => {
    renderApp('/dashboard/logs', session());
    await flush();
    expect(within(screen.getByRole('region', { name: 'Offers' })).getAllByRole('listitem')).toHaveLength(3);
    expect(lineOf('lost')).toBe('Taken by another driver 1.2 s after it was listed; we answered in 3.2 ms');
    expect(lineOf('won')).toBe('Booked 42 ms after it was listed; we answered in 2.0 ms');
    expect(lineOf('plain')).toBeNull();
  });

  describe('in Spanish', () => {
    inSpanish();
    it('says the same in Spanish', async () => {
      await renderAppIn('/dashboard/logs', session());
      await flush();
      expect(lineOf('lost')).toBe('Otro conductor lo tomó 1.2 s después de aparecer; respondimos en 3.2 ms');
      expect(lineOf('won')).toBe('Reservado 42 ms después de aparecer; respondimos en 2.0 ms');
      expectNoRawKeys();
    });
  });
});
