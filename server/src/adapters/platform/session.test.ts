import { describe, it, before, after, afterEach } from 'node:test';
import { expect } from 'expect';
import type { RequestRecord } from '@blockpilot/platform-sim';
import { PlatformSession, type PlatformSessionOptions } from './session.js';
import type { AccessTokenGrant, PlatformClient, PlatformResult, PlatformTokens } from './types.js';
import { connectAccount, startPlatform, type ConnectedAccount, type PlatformFixture } from '../../../test/platformFixture.js';

const LIFETIME_MS = 3_600_000;

describe('platform session: tokens kept usable', () => {
  let platform: PlatformFixture;
  let email = 0;

  before(async () => {
    platform = await startPlatform();
  });
  after(() => platform.close());
  afterEach(() => void platform.sim.control.setFaults({ rules: [] }));

  /** A fresh account (each test reads only its own record) and a session over it. */
  async function session(options: Partial<PlatformSessionOptions> = {}): Promise<{ account: ConnectedAccount; session: PlatformSession; refreshed: PlatformTokens[] }> {
    const account = await connectAccount(platform.client, `session-${++email}@example.com`);
    const refreshed: PlatformTokens[] = [];
    const s = new PlatformSession({
      client: platform.client,
      tokens: account.tokens,
      instanceId: account.instanceId,
      now: platform.clock.now,
      onTokensRefreshed: (tokens) => refreshed.push(tokens),
      ...options,
    });
    return { account, session: s, refreshed };
  }

  /** The account's requests after the sign-in: "work <status> <tokenId>" and "refresh <status>". */
  function traffic(account: ConnectedAccount): string[] {
    return platform.sim.control
      .readRecord({ accountId: account.userId })
      .requests.filter((r: RequestRecord) => r.path !== '/auth/register')
      .map((r: RequestRecord) => (r.kind === 'auth' ? `refresh ${r.status}` : `work ${r.status} #${r.tokenId}`));
  }

  /** Resolves at the next onTokensRefreshed call; rejects if none comes within a second. */
  function nextRefresh(refreshed: PlatformTokens[]): Promise<PlatformTokens> {
    const count = refreshed.length;
    const deadline = performance.now() + 1000;
    return new Promise((resolve, reject) => {
      const poll = () => {
        if (refreshed.length > count) resolve(refreshed[count]!);
        else if (performance.now() > deadline) reject(new Error('no refresh happened'));
        else setTimeout(poll, 5);
      };
      poll();
    });
  }

  it('uses the stored token as is while it is young', async () => {
    const { account, session: s } = await session();
    platform.clock.advance(LIFETIME_MS * 0.89);
    expect((await s.eligibleServiceAreas()).ok).toBe(true);
    expect(traffic(account)).toHaveLength(1);
    expect(traffic(account)[0]).toMatch(/^work 200/);
    expect(s.refreshDueAtMs).toBe(account.tokens.issuedAtMs + LIFETIME_MS * 0.9);
  });

  it('at 90% of its lifetime, refreshes in the background: this call goes on with the old token, the next uses the new one', async () => {
    const { account, session: s, refreshed } = await session();
    platform.clock.advance(LIFETIME_MS * 0.9);
    const refreshing = nextRefresh(refreshed);
    expect((await s.eligibleServiceAreas()).ok).toBe(true);
    const tokens = await refreshing;
    expect(tokens.accessToken).not.toBe(account.tokens.accessToken);
    expect(tokens.refreshToken).toBe(account.tokens.refreshToken);
    expect(tokens.expiresAtMs).toBe(platform.clock.now() + LIFETIME_MS);
    expect(s.tokens).toEqual(tokens);
    expect((await s.eligibleServiceAreas()).ok).toBe(true);
    const seen = traffic(account);
    expect(seen.filter((t) => t.startsWith('refresh'))).toEqual(['refresh 200']);
    const work = seen.filter((t) => t.startsWith('work'));
    // The platform supersedes the old token the moment the refresh lands: the call that went on
    // with it may meet that first and get one 403, then is retried once with the new token (no
    // second refresh). Either way every call ended with a 200 on the new token.
    const answered = work.filter((t) => / 200/.test(t));
    expect(answered).toHaveLength(2);
    expect(work.length - answered.length).toBeLessThanOrEqual(1);
    expect(work.filter((t) => / 403/.test(t)).length).toBe(work.length - answered.length);
  });

  it('once expired, refreshes before the call (no 403 on the wire)', async () => {
    const { account, session: s, refreshed } = await session();
    platform.clock.advance(LIFETIME_MS + 1);
    expect((await s.getOffers([])).ok).toBe(true);
    expect(traffic(account)).toEqual(['refresh 200', expect.stringMatching(/^work 200/)]);
    expect(refreshed).toHaveLength(1);
  });

  it('single-flight: twenty concurrent calls on an expired token share one refresh', async () => {
    const { account, session: s } = await session();
    platform.clock.advance(LIFETIME_MS * 2);
    const results = await Promise.all(Array.from({ length: 20 }, () => s.eligibleServiceAreas()));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(traffic(account).filter((t) => t.startsWith('refresh'))).toEqual(['refresh 200']);
    expect(new Set(traffic(account).filter((t) => t.startsWith('work'))).size).toBe(1);
  });

  it('a 403 the session did not foresee: one refresh, one retry', async () => {
    const { account, session: s } = await session();
    platform.sim.control.expireToken({ accountId: account.userId });
    expect((await s.scheduledAssignments()).ok).toBe(true);
    expect(traffic(account)).toEqual([expect.stringMatching(/^work 403/), 'refresh 200', expect.stringMatching(/^work 200/)]);
  });

  it('a 403 again after the refresh is returned, not retried again', async () => {
    const { account, session: s } = await session();
    platform.sim.control.setFaults({ rules: [{ kind: 'tokenExpiry', accountId: account.userId }] });
    expect(await s.eligibleServiceAreas()).toEqual({ ok: false, kind: 'tokenExpired' });
    expect(traffic(account)).toEqual([expect.stringMatching(/^work 403/), 'refresh 200', expect.stringMatching(/^work 403/)]);
  });

  it('concurrent 403s share one refresh', async () => {
    const { account, session: s } = await session();
    platform.sim.control.expireToken({ accountId: account.userId });
    const results = await Promise.all(Array.from({ length: 8 }, () => s.eligibleServiceAreas()));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(traffic(account).filter((t) => t.startsWith('refresh'))).toHaveLength(1);
  });

  it('other failures pass through untouched, with no refresh', async () => {
    const { account, session: s } = await session();
    platform.sim.control.setFaults({ rules: [{ kind: 'throttle', accountId: account.userId, remaining: 1 }] });
    expect(await s.getOffers([])).toEqual({ ok: false, kind: 'throttled' });
    expect(await s.acceptOffer('no-such-offer')).toEqual({ ok: false, kind: 'offerTaken' });
    expect(traffic(account).some((t) => t.startsWith('refresh'))).toBe(false);
  });

  it('a deregistered device: deviceDeregistered when a refresh is needed, then at once with no traffic', async () => {
    const { account, session: s } = await session();
    platform.sim.control.deregisterDevice({ accountId: account.userId });
    platform.clock.advance(LIFETIME_MS);
    expect(await s.getOffers([])).toEqual({ ok: false, kind: 'deviceDeregistered' });
    expect(s.isDeregistered).toBe(true);
    const before = platform.sim.control.readRecord().totals.requests;
    expect(await s.acceptOffer('x')).toEqual({ ok: false, kind: 'deviceDeregistered' });
    expect(await s.refresh()).toEqual({ ok: false, kind: 'deviceDeregistered' });
    expect(platform.sim.control.readRecord().totals.requests).toBe(before);
  });

  it('forfeit goes through the session too', async () => {
    const { session: s } = await session();
    const areas = await s.eligibleServiceAreas();
    const startTime = platform.clock.now() / 1000 + 86_400;
    platform.sim.control.injectOffer({ serviceAreaId: areas.ok ? areas.value[0] : undefined, offerId: `forfeit-${email}`, startTime });
    expect((await s.acceptOffer(`forfeit-${email}`)).ok).toBe(true);
    expect((await s.forfeit(startTime)).ok).toBe(true);
    expect(await s.scheduledAssignments()).toEqual({ ok: true, value: [] });
  });
});

describe('platform session: refresh failures (client double)', () => {
  const issuedAtMs = 1_000_000;
  const tokens: PlatformTokens = { accessToken: 'old', refreshToken: 'r', issuedAtMs, expiresAtMs: issuedAtMs + LIFETIME_MS };

  /** A client whose refresh answers from a script and whose work calls always succeed. */
  function scriptedClient(refreshAnswers: PlatformResult<AccessTokenGrant>[]): { client: PlatformClient; refreshCalls: () => number; usedTokens: string[] } {
    let calls = 0;
    const usedTokens: string[] = [];
    const client = {
      refresh: async () => refreshAnswers[Math.min(calls++, refreshAnswers.length - 1)]!,
      eligibleServiceAreas: async (c: { accessToken: string }) => {
        usedTokens.push(c.accessToken);
        return { ok: true as const, value: ['a'] };
      },
    } as unknown as PlatformClient;
    return { client, refreshCalls: () => calls, usedTokens };
  }

  it('after a failed background refresh, waits refreshRetryMs before trying again', async () => {
    let now = issuedAtMs + LIFETIME_MS * 0.95;
    const grant = { accessToken: 'new', issuedAtMs: now, expiresAtMs: now + LIFETIME_MS };
    const { client, refreshCalls, usedTokens } = scriptedClient([
      { ok: false, kind: 'transient', cause: 'serverError', status: 503, detail: '' },
      { ok: true, value: grant },
    ]);
    const s = new PlatformSession({ client, tokens, instanceId: 'i', now: () => now, refreshRetryMs: 5000 });
    await s.eligibleServiceAreas();
    await new Promise(setImmediate);
    expect(refreshCalls()).toBe(1);
    now += 4999;
    await s.eligibleServiceAreas();
    expect(refreshCalls()).toBe(1);
    now += 1;
    await s.eligibleServiceAreas();
    await new Promise(setImmediate);
    expect(refreshCalls()).toBe(2);
    await s.eligibleServiceAreas();
    expect(usedTokens).toEqual(['old', 'old', 'old', 'new']);
  });

  it('a failed refresh of an expired token is the call result (the engine backs off)', async () => {
    const failure = { ok: false as const, kind: 'transient' as const, cause: 'timeout' as const, status: null, detail: '' };
    const { client, usedTokens } = scriptedClient([failure]);
    const s = new PlatformSession({ client, tokens, instanceId: 'i', now: () => issuedAtMs + LIFETIME_MS });
    expect(await s.eligibleServiceAreas()).toEqual(failure);
    expect(usedTokens).toEqual([]);
  });

  it('a throwing onTokensRefreshed in a background refresh surfaces from the next call', async () => {
    const now = issuedAtMs + LIFETIME_MS * 0.95;
    const { client } = scriptedClient([{ ok: true, value: { accessToken: 'new', issuedAtMs: now, expiresAtMs: now + LIFETIME_MS } }]);
    const bug = new Error('store failed');
    const s = new PlatformSession({
      client,
      tokens,
      instanceId: 'i',
      now: () => now,
      onTokensRefreshed: () => {
        throw bug;
      },
    });
    expect((await s.eligibleServiceAreas()).ok).toBe(true);
    await new Promise(setImmediate);
    await expect(s.eligibleServiceAreas()).rejects.toBe(bug);
    expect((await s.eligibleServiceAreas()).ok).toBe(true);
  });

  it('a 403 for a token another call already replaced is retried with the new token, without a second refresh', async () => {
    let releaseSecond!: () => void;
    const secondAnswers = new Promise<void>((resolve) => (releaseSecond = resolve));
    let oldTokenCalls = 0;
    let refreshes = 0;
    const used: string[] = [];
    const client = {
      refresh: async () => {
        refreshes++;
        return { ok: true, value: { accessToken: 'new', issuedAtMs, expiresAtMs: issuedAtMs + LIFETIME_MS } };
      },
      eligibleServiceAreas: async (c: { accessToken: string }) => {
        used.push(c.accessToken);
        if (c.accessToken === 'new') return { ok: true, value: [] };
        // The second call's 403 arrives only after the first call's refresh is done.
        if (oldTokenCalls++ === 1) await secondAnswers;
        return { ok: false, kind: 'tokenExpired' };
      },
    } as unknown as PlatformClient;
    const s = new PlatformSession({ client, tokens, instanceId: 'i', now: () => issuedAtMs });
    const first = s.eligibleServiceAreas();
    const second = s.eligibleServiceAreas();
    expect((await first).ok).toBe(true);
    releaseSecond();
    expect((await second).ok).toBe(true);
    expect(refreshes).toBe(1);
    expect(used).toEqual(['old', 'old', 'new', 'new']);
  });

  it('refuses a refresh fraction outside (0, 1]', () => {
    const { client } = scriptedClient([]);
    expect(() => new PlatformSession({ client, tokens, instanceId: 'i', refreshAtFraction: 0 })).toThrow(RangeError);
    expect(() => new PlatformSession({ client, tokens, instanceId: 'i', refreshAtFraction: 1.5 })).toThrow(RangeError);
  });
});
