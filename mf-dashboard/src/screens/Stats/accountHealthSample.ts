/** An account health answer for the stats screen's tests: a steady week unless told otherwise. */
import type { AccountHealth } from '@blockpilot/shared';

export const sampleHealth = (overrides: Partial<AccountHealth> = {}): AccountHealth => ({
  connected: true,
  days: 7,
  verdict: 'steady',
  polls: 600,
  minutesSearched: 20,
  pollsPerMinute: 30,
  platformPollsPerMinute: 30,
  throttled: 0,
  puzzles: 0,
  refused: 0,
  backedOff: 0,
  paused: 0,
  ...overrides,
});
