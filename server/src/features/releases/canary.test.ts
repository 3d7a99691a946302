import { describe, it } from 'node:test';
import { expect } from 'expect';
import { canaryBucket, canaryVerdict, seesCanary } from './canary.js';

const users = Array.from({ length: 2000 }, (_, i) => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, email: `d${i}@example.com` }));

describe('canary assignment', () => {
  it('is sticky: the same user gets the same answer every time', () => {
    const plan = { releaseId: 'r-2', percent: 50, users: [] };
    for (const user of users.slice(0, 50)) expect(seesCanary(plan, user)).toBe(seesCanary(plan, user));
  });

  it('gives about the percentage of users the canary, and none at 0 or all at 100', () => {
    const share = (percent: number) => users.filter((u) => seesCanary({ releaseId: 'r-2', percent, users: [] }, u)).length / users.length;
    expect(share(0)).toBe(0);
    expect(share(100)).toBe(1);
    expect(share(30)).toBeGreaterThan(0.25);
    expect(share(30)).toBeLessThan(0.35);
  });

  it('widening the percentage keeps everyone who already had the canary', () => {
    const at = (percent: number) => new Set(users.filter((u) => seesCanary({ releaseId: 'r-2', percent, users: [] }, u)).map((u) => u.id));
    const ten = at(10);
    const fifty = at(50);
    for (const id of ten) expect(fifty.has(id)).toBe(true);
  });

  it('draws independent buckets for two canaries', () => {
    const same = users.filter((u) => canaryBucket('r-2', u.id) === canaryBucket('r-3', u.id)).length;
    expect(same).toBeLessThan(users.length / 10);
  });

  it('always includes a named user (by id or e-mail) and never a signed-out visitor', () => {
    expect(seesCanary({ releaseId: 'r', percent: 0, users: ['d7@example.com'] }, users[7]!)).toBe(true);
    expect(seesCanary({ releaseId: 'r', percent: 0, users: [users[8]!.id] }, users[8]!)).toBe(true);
    expect(seesCanary({ releaseId: 'r', percent: 100, users: [] }, null)).toBe(false);
  });
});

describe('canary verdict', () => {
  const policy = { minReports: 10, maxFailureRate: 0.2 };
  const counts = (healthy: number, failed: number) => ({ healthy, failed, users: healthy + failed });
  it('waits for enough distinct users, however many of them failed', () => expect(canaryVerdict(counts(0, 9), policy)).toBe('waiting'));
  it('fails over the rate', () => expect(canaryVerdict(counts(7, 3), policy)).toBe('failing'));
  it('keeps a canary at or under the rate', () => expect(canaryVerdict(counts(8, 2), policy)).toBe('healthy'));
  it('counts users, not votes: the threshold is on distinct users', () => expect(canaryVerdict({ healthy: 0, failed: 9, users: 9 }, { ...policy, minReports: 9 })).toBe('failing'));
});
