import { FORFEIT_GRACE_MS, FORFEIT_MIN_LEAD_MS } from '@blockpilot/shared';
import { mockLogEntry } from '@blockpilot/shared/mock';
import { canForfeit } from './forfeit';

const NOW = 1_736_000_000_000;
const MINUTE = 60_000;
const entry = ({ startsIn, discoveredAgo, action = 'BLOCK_ACCEPT' }: { startsIn: number; discoveredAgo: number; action?: 'BLOCK_ACCEPT' | 'BLOCK_IGNORE' }) =>
  mockLogEntry({ action, startTime: (NOW + startsIn) / 1000, endTime: (NOW + startsIn) / 1000 + 3600, discoveredAt: NOW - discoveredAgo });

describe('the forfeit window (docs/PRODUCT.md sections 4 and 9)', () => {
  it('is open while more than 45 minutes remain before the start, closed at exactly 45', () => {
    expect(canForfeit(entry({ startsIn: FORFEIT_MIN_LEAD_MS + 1, discoveredAgo: 60 * MINUTE }), NOW)).toBe(true);
    expect(canForfeit(entry({ startsIn: FORFEIT_MIN_LEAD_MS, discoveredAgo: 60 * MINUTE }), NOW)).toBe(false);
  });

  it('is open for a block discovered less than 5 minutes ago even when it starts soon, closed at exactly 5', () => {
    expect(canForfeit(entry({ startsIn: 10 * MINUTE, discoveredAgo: FORFEIT_GRACE_MS - 1 }), NOW)).toBe(true);
    expect(canForfeit(entry({ startsIn: 10 * MINUTE, discoveredAgo: FORFEIT_GRACE_MS }), NOW)).toBe(false);
  });

  it('is closed once the block has started, whatever else', () => {
    expect(canForfeit(entry({ startsIn: 0, discoveredAgo: 0 }), NOW)).toBe(false);
    expect(canForfeit(entry({ startsIn: -MINUTE, discoveredAgo: MINUTE }), NOW)).toBe(false);
  });

  it('never applies to ignored offers', () => {
    expect(canForfeit(entry({ startsIn: 3 * 60 * MINUTE, discoveredAgo: 0, action: 'BLOCK_IGNORE' }), NOW)).toBe(false);
  });
});
