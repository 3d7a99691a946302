import { describe, it } from 'node:test';
import { expect } from 'expect';
import { FORFEIT_GRACE_MS, FORFEIT_MIN_LEAD_MS } from '@blockpilot/shared/constants';
import { forfeitAllowed } from './forfeitWindow.js';

const START_MS = Date.UTC(2025, 5, 4, 14, 0, 0);
const MINUTE = 60_000;
/** A log entry discovered long ago (the grace arm never applies) or at a given time. */
const entry = (discoveredAt = START_MS - 24 * 60 * MINUTE, startMs = START_MS) => ({ startTime: startMs / 1000, discoveredAt });

describe('forfeitAllowed: docs/PRODUCT.md section 9 window', () => {
  it('uses the constants 2,700,000 ms and 300,000 ms', () => {
    expect(FORFEIT_MIN_LEAD_MS).toBe(2_700_000);
    expect(FORFEIT_GRACE_MS).toBe(300_000);
  });

  it('more than 45 minutes before start: allowed; exactly 45 minutes: not', () => {
    expect(forfeitAllowed(entry(), START_MS - 45 * MINUTE - 1)).toBe(true);
    expect(forfeitAllowed(entry(), START_MS - 45 * MINUTE)).toBe(false);
    expect(forfeitAllowed(entry(), START_MS - 45 * MINUTE + 1)).toBe(false);
  });

  it('discovered less than 5 minutes ago: allowed even close to start; exactly 5 minutes: not', () => {
    const discoveredAt = START_MS - 20 * MINUTE;
    expect(forfeitAllowed(entry(discoveredAt), discoveredAt)).toBe(true);
    expect(forfeitAllowed(entry(discoveredAt), discoveredAt + 5 * MINUTE - 1)).toBe(true);
    expect(forfeitAllowed(entry(discoveredAt), discoveredAt + 5 * MINUTE)).toBe(false);
  });

  it('never once the block has started, even inside the grace period', () => {
    const discoveredAt = START_MS - MINUTE;
    expect(forfeitAllowed(entry(discoveredAt), START_MS - 1)).toBe(true);
    expect(forfeitAllowed(entry(discoveredAt), START_MS)).toBe(false);
    expect(forfeitAllowed(entry(discoveredAt), START_MS + 1)).toBe(false);
  });

  it('reads a start time with a fraction of a second exactly', () => {
    const startMs = START_MS + 500;
    expect(forfeitAllowed(entry(undefined, startMs), startMs - 45 * MINUTE - 1)).toBe(true);
    expect(forfeitAllowed(entry(undefined, startMs), startMs - 45 * MINUTE)).toBe(false);
  });
});
