/**
 * The account health panel's figures and verdict from an account's sums (docs/LIVE.md "Account
 * health"). Worst first: refused, puzzles, throttled, faster than the platform's pace, not
 * searched, else steady. "Faster" leaves 10 % of slack: a minute's first and last polls and the
 * poll's round trip move the count a little either way.
 */
import type { AccountHealth, AccountHealthVerdict } from '@blockpilot/shared/types';
import { ACCOUNT_HEALTH_DAYS } from '@blockpilot/shared/api/schemas';
import type { AccountHealthTotals } from '../../stores/accountHealthStore.js';

const FAST_SLACK = 1.1;

/** Two decimals are all a pace needs. */
const rounded = (value: number) => Math.round(value * 100) / 100;

export function accountHealthOf(connected: boolean, totals: AccountHealthTotals): AccountHealth {
  const pollsPerMinute = totals.pollMinutes > 0 ? rounded(totals.polls / totals.pollMinutes) : null;
  const platformPollsPerMinute = totals.refreshIntervalMs ? rounded(60_000 / totals.refreshIntervalMs) : null;
  return {
    connected,
    days: ACCOUNT_HEALTH_DAYS,
    verdict: verdictOf(totals, pollsPerMinute, platformPollsPerMinute),
    polls: totals.polls,
    minutesSearched: totals.pollMinutes,
    pollsPerMinute,
    platformPollsPerMinute,
    throttled: totals.throttled,
    puzzles: totals.puzzles,
    refused: totals.refused,
    backedOff: totals.backedOff,
    paused: totals.paused,
  };
}

function verdictOf(totals: AccountHealthTotals, pollsPerMinute: number | null, platformPollsPerMinute: number | null): AccountHealthVerdict {
  if (totals.refused > 0) return 'refused';
  if (totals.puzzles > 0) return 'puzzles';
  if (totals.throttled > 0) return 'throttled';
  if (pollsPerMinute !== null && platformPollsPerMinute !== null && pollsPerMinute > platformPollsPerMinute * FAST_SLACK) return 'fast';
  if (totals.polls === 0) return 'notSearched';
  return 'steady';
}
