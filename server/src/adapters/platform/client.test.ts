import { describe, it, before, after, afterEach } from 'node:test';
import { expect } from 'expect';
import { userIdForEmail, type FaultRule } from '@blockpilot/platform-sim';
import { createPlatformClient, simulatorEndpoints } from './client.js';
import { newDeviceSerial } from './pkce.js';
import { authorizationCodeFromLandingUrl, createSignInChallenge } from './signIn.js';
import type { PlatformResult } from './types.js';
import { connectAccount, signInAsDriver, startPlatform, type ConnectedAccount, type PlatformFixture } from '../../../test/platformFixture.js';

/** The value of a successful result; fails the test with the failure otherwise. */
function value<T>(result: PlatformResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result)}`);
  return result.value;
}

describe('platform client against the simulator', () => {
  let platform: PlatformFixture;
  let account: ConnectedAccount;
  let areaId: string;

  before(async () => {
    platform = await startPlatform();
    account = await connectAccount(platform.client, 'driver@example.com');
    areaId = value(await platform.client.eligibleServiceAreas(account.credentials))[0]!;
  });
  after(() => platform.close());
  afterEach(() => void platform.sim.control.setFaults({ rules: [] }));

  const fault = (rule: Omit<FaultRule, 'accountId'>) => platform.sim.control.setFaults({ rules: [{ ...rule, accountId: account.userId }] });

  describe('connecting (register) and refreshing', () => {
    it('registers through the real sign-in flow: user id and tokens with their lifetime', () => {
      expect(account.userId).toBe(userIdForEmail('driver@example.com'));
      expect(account.tokens.accessToken).toMatch(/^Atna\|/);
      expect(account.tokens.refreshToken).toMatch(/^Atnr\|/);
      expect(account.tokens.issuedAtMs).toBe(platform.clock.now());
      expect(account.tokens.expiresAtMs - account.tokens.issuedAtMs).toBe(3_600_000);
    });

    it('a wrong verifier, a spent code and a made-up code are invalidAuthorizationCode', async () => {
      const challenge = createSignInChallenge(platform.client.endpoints, platform.client.device, newDeviceSerial());
      const code = authorizationCodeFromLandingUrl(await signInAsDriver(challenge.url, 'second@example.com'), platform.client.endpoints)!;
      const input = { authorizationCode: code, codeVerifier: challenge.codeVerifier, deviceSerial: challenge.deviceSerial };
      expect(await platform.client.register({ ...input, codeVerifier: 'x'.repeat(43) })).toMatchObject({ ok: false, kind: 'invalidAuthorizationCode', code: 'InvalidValue' });
      expect(await platform.client.register({ ...input, deviceSerial: newDeviceSerial() })).toMatchObject({ kind: 'invalidAuthorizationCode' });
      // A failed exchange does not spend the code; a successful one does.
      expect((await platform.client.register(input)).ok).toBe(true);
      expect(await platform.client.register(input)).toMatchObject({ kind: 'invalidAuthorizationCode' });
      expect(await platform.client.register({ ...input, authorizationCode: 'ANnotARealCodeAtAll00' })).toMatchObject({ kind: 'invalidAuthorizationCode' });
    });

    it('refresh gives a new, working access token with its lifetime from the client clock', async () => {
      platform.clock.advance(1000);
      // A device of its own: the refresh supersedes that device's earlier token, which the other tests keep using.
      const own = await connectAccount(platform.client, 'refreshing-driver@example.com');
      const grant = value(await platform.client.refresh(own.tokens.refreshToken));
      expect(grant.accessToken).not.toBe(own.tokens.accessToken);
      expect(grant.issuedAtMs).toBe(platform.clock.now());
      expect(grant.expiresAtMs).toBe(platform.clock.now() + 3_600_000);
      expect((await platform.client.eligibleServiceAreas({ ...own.credentials, accessToken: grant.accessToken })).ok).toBe(true);
      // The token it replaced is refused as expired, so a client refreshes rather than gives up.
      expect(await platform.client.eligibleServiceAreas(own.credentials)).toMatchObject({ ok: false, kind: 'tokenExpired' });
    });

    it('an unknown refresh token is deviceDeregistered', async () => {
      expect(await platform.client.refresh('Atnr|unknown')).toEqual({ ok: false, kind: 'deviceDeregistered' });
    });
  });

  describe('work calls: shapes', () => {
    it('eligibleServiceAreas and getOfferFiltersOptions: ids, and names for every area', async () => {
      const eligible = value(await platform.client.eligibleServiceAreas(account.credentials));
      const pool = value(await platform.client.getOfferFiltersOptions(account.credentials));
      expect(eligible.length).toBeGreaterThan(0);
      expect(pool.length).toBeGreaterThanOrEqual(eligible.length);
      for (const area of pool) {
        expect(area).toMatchObject({ id: expect.any(String), name: expect.stringMatching(/\(.+\)/) });
        // The simulator's stations carry their place (docs/PLATFORM.md): the travel check reads it.
        expect(area.location).toEqual({ latitude: expect.any(Number), longitude: expect.any(Number) });
      }
      for (const id of eligible) expect(pool.map((a) => a.id)).toContain(id);
    });

    it('getOffers normalises each offer once: integer ms, cents, fractions kept on the wire fields', async () => {
      const startTime = platform.clock.now() / 1000 + 3 * 3600 + 0.25;
      platform.sim.control.injectOffer({ serviceAreaId: areaId, offerId: 'shape-1', startTime, durationHours: 3.5, priceAmount: 90.1, isSurge: true, surgeMultiplier: 1.2 });
      const page = value(await platform.client.getOffers(account.credentials, [areaId]));
      expect(page.refreshIntervalMs).toBe(1000);
      expect(page.refreshTimeoutMs).toBe(1_800_000);
      expect(page.malformedOffers).toBe(0);
      expect(page.offers.find((o) => o.offerId === 'shape-1')).toEqual({
        offerId: 'shape-1',
        serviceAreaId: areaId,
        startTime,
        endTime: startTime + 3.5 * 3600,
        startMs: Math.round(startTime * 1000),
        endMs: Math.round((startTime + 3.5 * 3600) * 1000),
        priceAmount: 90.1,
        priceCents: 9010,
        currency: 'USD',
        isSurge: true,
        surgeMultiplier: 1.2,
        expirationDate: expect.any(Number),
        offerType: 'NON_EXCLUSIVE',
        hidden: false,
      });
    });

    it('accept books the block; the schedule shows it; forfeit (fractional start) removes it; a second forfeit is notFound', async () => {
      const startTime = platform.clock.now() / 1000 + 26 * 3600 + 0.5;
      platform.sim.control.injectOffer({ serviceAreaId: areaId, offerId: 'book-1', startTime, durationHours: 2, priceAmount: 44 });
      expect(await platform.client.acceptOffer(account.credentials, 'book-1')).toEqual({ ok: true, value: undefined });
      const schedule = value(await platform.client.scheduledAssignments(account.credentials));
      expect(schedule).toContainEqual({ startTime, endTime: startTime + 7200, serviceAreaId: areaId, price: 44 });
      expect(value(await platform.client.forfeit(account.credentials, startTime))).toBeUndefined();
      expect(value(await platform.client.scheduledAssignments(account.credentials)).map((b) => b.startTime)).not.toContain(startTime);
      expect(await platform.client.forfeit(account.credentials, startTime)).toEqual({ ok: false, kind: 'notFound' });
    });

    it('a missing instance id is an unexpected 400, not throttling', async () => {
      expect(await platform.client.eligibleServiceAreas({ ...account.credentials, instanceId: '' })).toMatchObject({ ok: false, kind: 'unexpected', status: 400 });
    });
  });

  describe('races (410)', () => {
    it('accepting an offer twice: the second is offerTaken', async () => {
      platform.sim.control.injectOffer({ serviceAreaId: areaId, offerId: 'twice-1' });
      expect((await platform.client.acceptOffer(account.credentials, 'twice-1')).ok).toBe(true);
      expect(await platform.client.acceptOffer(account.credentials, 'twice-1')).toEqual({ ok: false, kind: 'offerTaken' });
    });

    it('an offer a rival took is offerTaken', async () => {
      platform.sim.control.injectOffer({ serviceAreaId: areaId, offerId: 'rival-1', rivalDelayMs: 500 });
      platform.clock.advance(600);
      expect(await platform.client.acceptOffer(account.credentials, 'rival-1')).toEqual({ ok: false, kind: 'offerTaken' });
    });

    it('two drivers accepting one offer at once: exactly one wins, the other is offerTaken', async () => {
      const rival = await connectAccount(platform.client, 'rival@example.com');
      platform.sim.control.injectOffer({ serviceAreaId: areaId, offerId: 'contested-1' });
      const results = await Promise.all([platform.client.acceptOffer(account.credentials, 'contested-1'), platform.client.acceptOffer(rival.credentials, 'contested-1')]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok && r.kind === 'offerTaken')).toHaveLength(1);
    });
  });

  describe('every error of section 3, injected by the simulator', () => {
    const cases: [string, Omit<FaultRule, 'accountId'>, object][] = [
      ['serverError 503', { kind: 'serverError' }, { kind: 'transient', cause: 'serverError', status: 503 }],
      ['serverError 500', { kind: 'serverError', status: 500 }, { kind: 'transient', cause: 'serverError', status: 500 }],
      ['reset', { kind: 'reset' }, { kind: 'transient', cause: 'connection', status: null }],
      ['captcha', { kind: 'captcha' }, { kind: 'captchaRequired', challengeType: 'ARKOSE_LEVEL_2' }],
      ['signing', { kind: 'signing' }, { kind: 'signingRequired' }],
      ['unauthorized', { kind: 'unauthorized' }, { kind: 'unauthorized' }],
      ['tokenExpiry', { kind: 'tokenExpiry' }, { kind: 'tokenExpired' }],
      ['throttle', { kind: 'throttle' }, { kind: 'throttled' }],
    ];
    for (const [name, rule, expected] of cases) {
      it(`${name} -> ${(expected as { kind: string }).kind}`, async () => {
        // Tokens the tokenExpiry fault kills are replaced, so later tests keep a working one.
        const own = await connectAccount(platform.client, `${name.replace(/\W/g, '')}@example.com`);
        platform.sim.control.setFaults({ rules: [{ ...rule, accountId: own.userId, paths: ['/GetOffersForProviderPost'] }] });
        expect(await platform.client.getOffers(own.credentials, [areaId])).toMatchObject({ ok: false, ...expected });
      });
    }

    it('a captcha carries the WebUrl to send the driver to', async () => {
      fault({ kind: 'captcha' });
      const result = await platform.client.getOffers(account.credentials, [areaId]);
      expect(!result.ok && result.kind === 'captchaRequired' && new URL(result.webUrl).origin).toBe(platform.base);
    });

    it('the access token of a deregistered device is unauthorized, its refresh token deviceDeregistered', async () => {
      const gone = await connectAccount(platform.client, 'gone@example.com');
      expect(platform.sim.control.deregisterDevice({ accountId: gone.userId })).toEqual({ deregistered: 1 });
      expect(await platform.client.scheduledAssignments(gone.credentials)).toEqual({ ok: false, kind: 'unauthorized' });
      expect(await platform.client.refresh(gone.tokens.refreshToken)).toEqual({ ok: false, kind: 'deviceDeregistered' });
    });

    it('latency under the deadline is only slower; over it, a transient timeout at the deadline, not later', async () => {
      const slow = createPlatformClient({ endpoints: simulatorEndpoints(platform.base), timeoutMs: 300, now: platform.clock.now });
      try {
        fault({ kind: 'latency', latencyMs: 100, remaining: 1 });
        expect((await slow.eligibleServiceAreas(account.credentials)).ok).toBe(true);
        fault({ kind: 'latency', latencyMs: 1500, remaining: 1 });
        const started = performance.now();
        const result = await slow.eligibleServiceAreas(account.credentials);
        const elapsed = performance.now() - started;
        expect(result).toMatchObject({ ok: false, kind: 'transient', cause: 'timeout', status: null });
        // At the 300 ms deadline, not when the answer comes at 1.5 s (a busy machine may delay timers).
        expect(elapsed).toBeGreaterThanOrEqual(290);
        expect(elapsed).toBeLessThan(1_500);
        // The pool recovers: the next call works.
        expect((await slow.eligibleServiceAreas(account.credentials)).ok).toBe(true);
      } finally {
        await slow.close();
      }
    });
  });

  it('real rate limiting (per-token sliding window) is throttled', async () => {
    const limited = await startPlatform({ sim: { rateLimitMax: 2 } });
    try {
      const own = await connectAccount(limited.client, 'busy@example.com');
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await limited.client.eligibleServiceAreas(own.credentials));
      expect(results.map((r) => (r.ok ? 'ok' : r.kind))).toEqual(['ok', 'ok', 'throttled']);
    } finally {
      await limited.close();
    }
  });

  it('a closed port is a transient connection failure, promptly', async () => {
    const closed = await startPlatform();
    const base = closed.base;
    await closed.close();
    const client = createPlatformClient({ endpoints: simulatorEndpoints(base), timeoutMs: 2000 });
    try {
      expect(await client.eligibleServiceAreas(account.credentials)).toMatchObject({ ok: false, kind: 'transient', cause: 'connection' });
    } finally {
      await client.close();
    }
  });
});
