/**
 * The search-engine routes over HTTP (app.inject) with a simulator as the platform: connecting an
 * account, service areas, schedule, Start/Stop, the log and forfeits, and the embedded dev tools.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import { expect } from 'expect';
import type { LightMyRequestResponse } from 'fastify';
import type { Simulator } from '@blockpilot/platform-sim';
import { codeChallengeFor } from '@blockpilot/platform-sim';
import { signInAsDriver } from '../../../test/platformFixture.js';
import { withEmbeddedSimulator } from '../../adapters/platform/config.js';
import { recordAccept } from '../../stores/offerLog.js';
import { TestClock } from '../../../test/clock.js';
import { bearer, call, expectFieldErrors, expectSignInRequired, signUp, startTestApp, type TestApp, type TestDriver } from '../../../test/app.js';
import { simulatorEnv } from '../../../test/config.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { startSimulator, tomorrowAt, waitFor } from '../../../test/platform.js';
import { hashToken } from '../../security/tokens.js';
import { entriesOf } from '../../domain/ledger.js';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../logs/query.js';
import { testContext } from '../../../test/context.js';
import type { AppContext } from '../../context.js';
import { loadPlatformAccount } from '../../domain/platformAccounts.js';
import { openPlatformSession } from '../../domain/platformSession.js';

/** The spec's words the driver reads (exact English). */
const PASTE_THE_URL =
  "Paste the address of Amazon's 'Looking for Something?' page here: after you sign in on Amazon's page, copy the whole address from your browser's address bar.";
const ACCOUNT_TAKEN =
  'This Amazon Flex account is already connected to another BlockPilot account. Sign in to that BlockPilot account to use it, or sign in to Amazon with a different Flex account and paste the new URL.';
const PASSWORD_NOT_TAKEN = "BlockPilot never asks for your Amazon password. Press 'Take me to Amazon', sign in on Amazon's own page, then paste the URL of the page you land on.";
const PLATFORM_TRIAL_USED = 'This Amazon Flex account has already had its free trial (on this or another BlockPilot account).';
const NO_FEE_PAYABLE = 'Your credit is used up. Top up your credit, or start your free trial, to start searching.';
const NO_FILTER = 'Enable a filter and choose at least one service area in it before starting.';
const WINDOW_CLOSED = 'This block can no longer be forfeited here: it starts in 45 minutes or less and was accepted more than 5 minutes ago.';

const MINUTE = 60_000;

describeEachDatabase('search-engine routes', (database) => {
  let sim: Simulator;
  let simUrl: string;
  let t: TestApp;
  let clock: TestClock;
  /** Services on the suite's database and simulator, to act as the platform's own app would. */
  let helper: AppContext;

  before(async () => {
    ({ sim, url: simUrl } = await startSimulator());
    clock = new TestClock(Date.now());
    t = await startTestApp(database(), { env: simulatorEnv(simUrl), clock });
    helper = testContext(database(), { env: simulatorEnv(simUrl) });
  });
  after(async () => {
    await t.app.close();
    await helper.platform.close();
    await sim.close();
  });

  /** The driver's platform session, as the platform's own app would hold it. */
  async function platformApp(userId: string) {
    const account = await loadPlatformAccount(helper.db, helper.tokenCipher, userId);
    return openPlatformSession(helper, account!);
  }

  const post = (url: string, payload: object, token?: string) => call(t.app, { method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });
  const get = (url: string, token?: string) => call(t.app, { method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) });
  const db = () => t.database.db;

  /** The connect page's first call: its challenge. */
  async function challenge(token: string): Promise<{ challenge_url: string; code_verifier: string }> {
    const res = await post('/api/user/connectAccount', {}, token);
    expect(res.statusCode).toBe(400);
    return res.json().challenge_session;
  }

  /** A driver with the platform account of `platformEmail` connected through the routes. */
  async function connected(overrides: Record<string, unknown> = {}, platformEmail?: string): Promise<TestDriver & { accountId: string }> {
    const driver = await signUp(t.app, t.database, overrides);
    const { challenge_url, code_verifier } = await challenge(driver.token);
    const landing = await signInAsDriver(challenge_url, platformEmail ?? driver.email);
    const res = await post('/api/user/connectAccount', { challenge_response: landing, code_verifier }, driver.token);
    expect(res.statusCode).toBe(200);
    const account = await loadPlatformAccount(helper.db, helper.tokenCipher, driver.id);
    return { ...driver, accountId: account!.platformUserId };
  }

  it('requires a live access token on every route', async () => {
    const routes: Array<[string, string, object?]> = [
      ['POST', '/api/user/connectAccount', {}],
      ['POST', '/api/user/getServiceAreas', {}],
      ['GET', '/api/user/getSearchState'],
      ['GET', '/api/user/getSchedule'],
      ['POST', '/api/user/toggleSearchState', { timezoneOffset: 0 }],
      ['POST', '/api/user/getLogs', { query: {} }],
      ['POST', '/api/user/forfeitBlock', { logId: '00000000-0000-4000-8000-000000000000' }],
    ];
    for (const [method, url, payload] of routes) {
      for (const headers of [{}, bearer('not-a-token')]) {
        expectSignInRequired(await t.app.inject({ method: method as 'GET' | 'POST', url, headers, ...(payload ? { payload } : {}) }));
      }
    }
  });

  describe('POST /api/user/connectAccount', () => {
    it('first call: fails on purpose with the challenge session only (no alert to show), bound to the driver', async () => {
      const driver = await signUp(t.app, t.database);
      const res = await post('/api/user/connectAccount', {}, driver.token);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['challenge_session', 'code']);
      expect(body.code).toBe('BP_ERR_PLATFORM_CHALLENGE');
      const { challenge_url, code_verifier } = body.challenge_session;
      const url = new URL(challenge_url);
      expect(`${url.origin}${url.pathname}`).toBe(`${simUrl}/ap/signin`);
      expect(url.searchParams.get('openid.oa2.code_challenge')).toBe(codeChallengeFor(code_verifier));
      expect(url.searchParams.get('openid.assoc_handle')).toBe('amzn_device_na');
      const stored = await db().selectFrom('platform_challenges').selectAll().where('user_id', '=', driver.id).execute();
      expect(stored).toEqual([expect.objectContaining({ verifier_hash: hashToken(code_verifier), region: 'NA' })]);
    });

    it('the e-mail + password form gets a challenge too, with a message that the password is never taken', async () => {
      const driver = await signUp(t.app, t.database);
      const res = await post('/api/user/connectAccount', { emailAddress: driver.email, password: 'my amazon password', otp: '123456' }, driver.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'BP_ERR_PLATFORM_CHALLENGE',
        alert: PASSWORD_NOT_TAKEN,
        challenge_session: { challenge_url: expect.any(String), code_verifier: expect.any(String) },
      });
    });

    it("a UK driver's challenge is for the EU region's sign-in", async () => {
      const driver = await signUp(t.app, t.database, { country_code: 'UK', phoneNumber: '+44 20 7946 0958' });
      const { challenge_url } = await challenge(driver.token);
      expect(new URL(challenge_url).searchParams.get('openid.assoc_handle')).toBe('amzn_device_uk');
      expect((await db().selectFrom('platform_challenges').select('region').where('user_id', '=', driver.id).executeTakeFirstOrThrow()).region).toBe('EU');
    });

    it('second call: the pasted landing URL connects the account; tokens are sealed at rest', async () => {
      const driver = await connected();
      const account = await get('/api/user', driver.token);
      expect(account.json().data).toMatchObject({ flexConnected: true, puzzleRequired: false });
      const row = await db().selectFrom('platform_accounts').selectAll().where('user_id', '=', driver.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ region: 'NA', instance_id: expect.stringMatching(/^[0-9a-f-]{36}$/), platform_user_id: driver.accountId });
      for (const sealed of [row.refresh_token, row.access_token]) {
        expect(sealed).toMatch(/^v1:/);
        expect(sealed).not.toMatch(/Atn[ar]\|/);
      }
      expect(await db().selectFrom('platform_challenges').selectAll().where('user_id', '=', driver.id).execute()).toEqual([]);
    });

    it('connecting again keeps the instance id for the same platform account, and not for another one', async () => {
      const driver = await connected();
      const instance = async () => (await db().selectFrom('platform_accounts').select('instance_id').where('user_id', '=', driver.id).executeTakeFirstOrThrow()).instance_id;
      const first = await instance();
      const reconnect = async (platformEmail: string) => {
        const { challenge_url, code_verifier } = await challenge(driver.token);
        const landing = await signInAsDriver(challenge_url, platformEmail);
        expect((await post('/api/user/connectAccount', { challenge_response: landing, code_verifier }, driver.token)).statusCode).toBe(200);
      };
      await reconnect(driver.email);
      expect(await instance()).toBe(first);
      await reconnect(`other-${driver.email}`);
      expect(await instance()).not.toBe(first);
    });

    it("a wrong, foreign or code-less URL, a spent or expired sign-in, another driver's verifier: errors.challenge_response", async () => {
      const driver = await signUp(t.app, t.database);
      const other = await signUp(t.app, t.database);
      const { challenge_url, code_verifier } = await challenge(driver.token);
      const landing = await signInAsDriver(challenge_url, driver.email);
      const connect = (challenge_response: string, verifier = code_verifier, token = driver.token) =>
        post('/api/user/connectAccount', { challenge_response, code_verifier: verifier }, token);
      const foreign = landing.replace(new URL(landing).origin, 'https://evil.example.com');
      for (const pasted of ['not a url', foreign, landing.replace('/ap/maplanding', '/ap/other'), `${simUrl}/ap/maplanding?openid.mode=id_res`]) {
        expectFieldErrors(await connect(pasted), ['challenge_response']);
      }
      // Done with an empty box: what to paste, under the box (not a new sign-in, not "Something went wrong").
      for (const empty of ['', '   ']) {
        const res = await connect(empty);
        expectFieldErrors(res, ['challenge_response']);
        expect(res.json().errors.challenge_response).toBe(PASTE_THE_URL);
      }
      expectFieldErrors(await connect(landing, code_verifier, other.token), ['challenge_response']);
      expectFieldErrors(await connect(landing, 'x'.repeat(43)), ['challenge_response']);
      // A made-up code on the right page: the platform refuses it.
      expectFieldErrors(await connect(landing.replace(/authorization_code=[^&]+/, 'authorization_code=ANnotARealCode00')), ['challenge_response']);
      expect((await connect(landing)).statusCode).toBe(200);
      // Spent: the challenge is gone once used; a new challenge with the old URL is refused by the platform.
      expectFieldErrors(await connect(landing), ['challenge_response']);
      const again = await challenge(driver.token);
      expectFieldErrors(await connect(landing, again.code_verifier), ['challenge_response']);
      // Expired.
      const late = await challenge(other.token);
      const lateLanding = await signInAsDriver(late.challenge_url, other.email);
      clock.advance(31 * MINUTE);
      try {
        expectFieldErrors(await connect(lateLanding, late.code_verifier, other.token), ['challenge_response']);
      } finally {
        clock.advance(-31 * MINUTE);
      }
    });
  });

  describe('service areas, schedule, search state and Start/Stop', () => {
    it("getServiceAreas: 409 until connected, then the region's areas (station code as short name), cached", async () => {
      const driver = await signUp(t.app, t.database);
      const refused = await post('/api/user/getServiceAreas', {}, driver.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'BP_ERR_PLATFORM_NOT_CONNECTED', alert: expect.any(String), redirect: '/connectAccount' });

      const linked = await connected();
      const areas = await post('/api/user/getServiceAreas', {}, linked.token);
      expect(areas.statusCode).toBe(200);
      const list = areas.json().data as Array<{ id: string; shortName: string; fullName: string }>;
      expect(list.length).toBe(sim.control.state().serviceAreas.length);
      for (const area of list) {
        const known = sim.control.state().serviceAreas.find((a) => a.serviceAreaId === area.id)!;
        expect(area).toEqual({ id: known.serviceAreaId, shortName: known.stationCode, fullName: known.serviceAreaName, eligible: expect.any(Boolean) });
      }
      expect((await post('/api/user/getServiceAreas', {}, linked.token)).json().data).toEqual(list);
      const fetched = sim.control.readRecord({ accountId: linked.accountId }).requests.filter((r) => r.path === '/getOfferFiltersOptions');
      expect(fetched).toHaveLength(1);
      expectFieldErrors(await post('/api/user/getServiceAreas', { extra: 1 }, linked.token), ['extra']);
    });

    it("getSchedule: the driver's booked blocks from the platform, one read shared for 8 s; a refused account disconnects the driver", async () => {
      const driver = await connected();
      const reads = () => sim.control.readRecord({ accountId: driver.accountId }).requests.filter((r) => r.path === '/scheduledAssignments').length;
      expect((await get('/api/user/getSchedule', driver.token)).json()).toEqual({ data: [] });
      const offer = sim.control.injectOffer({ startTime: tomorrowAt(3), durationHours: 2, priceAmount: 80 });
      expect((await (await platformApp(driver.id)).acceptOffer(offer.offerId)).ok).toBe(true);
      // Another device a moment later: the same read, not another request to the platform.
      expect((await get('/api/user/getSchedule', driver.token)).json()).toEqual({ data: [] });
      expect(reads()).toBe(1);
      // Past the 8 s, and in a new window of the driver's share for views.
      clock.advance(10_000);
      expect((await get('/api/user/getSchedule', driver.token)).json()).toEqual({
        data: [{ startTime: offer.startTime, endTime: offer.endTime, serviceAreaId: offer.serviceAreaId, price: 80 }],
      });
      expect(reads()).toBe(2);
      sim.control.deregisterDevice({ accountId: driver.accountId });
      clock.advance(10_000);
      const refused = await get('/api/user/getSchedule', driver.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().redirect).toBe('/connectAccount');
      expect((await get('/api/user', driver.token)).json().data.flexConnected).toBe(false);
    });

    it("getSchedule keeps to the driver's share of the platform's limit: a stored read when it is spent, 429 when there is none", async () => {
      // The views' share (5% of 20 per 10 s) is one read per window; forfeits have a share of
      // their own. One platform account backs one driver, so "no stored read" is made by
      // forgetting the stored one.
      const a = await connected();
      const forgetStoredRead = () => db().updateTable('platform_accounts').set({ schedule: null, schedule_read_at: null }).where('user_id', '=', a.id).execute();
      const reads = () => sim.control.readRecord({ accountId: a.accountId }).requests.filter((r) => r.path === '/scheduledAssignments').length;
      expect((await get('/api/user/getSchedule', a.token)).statusCode).toBe(200);
      await forgetStoredRead();
      const spent = await get('/api/user/getSchedule', a.token);
      expect(spent.statusCode).toBe(429);
      expect(spent.headers['retry-after']).toBeDefined();
      expect(reads()).toBe(1);
      // A stale stored read while the share is still spent: the stored read rather than an error.
      await db()
        .updateTable('platform_accounts')
        .set({ schedule: '[]', schedule_read_at: new Date(clock.now().getTime() - 9000) })
        .where('user_id', '=', a.id)
        .execute();
      expect((await get('/api/user/getSchedule', a.token)).json()).toEqual({ data: [] });
      expect(reads()).toBe(1);
    });

    it('one platform account backs one BlockPilot account: a second connection is refused, saying what to do', async () => {
      const platformEmail = `shared-${Date.now()}@example.com`;
      const owner = await connected({}, platformEmail);
      const farmer = await signUp(t.app, t.database);
      const { challenge_url, code_verifier } = await challenge(farmer.token);
      const landing = await signInAsDriver(challenge_url, platformEmail);
      const refused = await post('/api/user/connectAccount', { challenge_response: landing, code_verifier }, farmer.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'BP_ERR_PLATFORM_ACCOUNT_TAKEN', alert: ACCOUNT_TAKEN });
      expect((await get('/api/user', farmer.token)).json().data.flexConnected).toBe(false);
      expect((await get('/api/user', owner.token)).json().data.flexConnected).toBe(true);
    });

    it('the trial is granted once per platform account, ever, and needs a connected account', async () => {
      const unconnected = await signUp(t.app, t.database);
      const refused = await post('/api/user/startTrial', {}, unconnected.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().redirect).toBe('/connectAccount');

      const platformEmail = `trial-${Date.now()}@example.com`;
      const first = await connected({}, platformEmail);
      const started = await post('/api/user/startTrial', {}, first.token);
      expect(started.statusCode).toBe(200);
      expect(started.json()).toEqual({ data: null, alert: expect.stringContaining('2 days') });
      expect((await get('/api/user', first.token)).json().data).toMatchObject({ trialEligible: false, trialEndsAt: clock.now().getTime() + 2 * 86_400_000 });
      expect((await post('/api/user/startTrial', {}, first.token)).statusCode).toBe(409);
      // The first driver moves to another platform account; a new BlockPilot account takes the trialled one.
      const { challenge_url, code_verifier } = await challenge(first.token);
      const moved = await post('/api/user/connectAccount', { challenge_response: await signInAsDriver(challenge_url, `other-${platformEmail}`), code_verifier }, first.token);
      expect(moved.statusCode).toBe(200);
      const second = await connected({}, platformEmail);
      expect((await get('/api/user', second.token)).json().data.trialEligible).toBe(false);
      const again = await post('/api/user/startTrial', {}, second.token);
      expect(again.statusCode).toBe(409);
      expect(again.json().alert).toBe(PLATFORM_TRIAL_USED);
    });

    it('toggleSearchState: refuses with an alert when not connected, without a filter or without a way to pay', async () => {
      const notConnected = await signUp(t.app, t.database);
      const refused = await post('/api/user/toggleSearchState', { timezoneOffset: 300 }, notConnected.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'BP_ERR_PLATFORM_NOT_CONNECTED', alert: expect.any(String), redirect: '/connectAccount' });

      const driver = await connected();
      // The default filter names no service area yet.
      expect((await post('/api/user/toggleSearchState', { timezoneOffset: 300 }, driver.token)).json()).toEqual({ code: 'BP_ERR_CONFLICT', alert: NO_FILTER });
      const [area] = sim.control.state().serviceAreas;
      const filter = (await get('/api/user', driver.token)).json().data.filters[0];
      expect((await post('/api/user/saveFilter', { filter: { ...filter, enabled: false, serviceAreas: [area!.serviceAreaId] } }, driver.token)).statusCode).toBe(200);
      expect((await post('/api/user/toggleSearchState', { timezoneOffset: 300 }, driver.token)).json()).toEqual({ code: 'BP_ERR_CONFLICT', alert: NO_FILTER });
      expect((await post('/api/user/saveFilter', { filter: { ...filter, serviceAreas: [area!.serviceAreaId] } }, driver.token)).statusCode).toBe(200);
      await db().updateTable('users').set({ credit_cents: 0 }).where('id', '=', driver.id).execute();
      const broke = await post('/api/user/toggleSearchState', { timezoneOffset: 300 }, driver.token);
      expect(broke.statusCode).toBe(409);
      expect(broke.json()).toEqual({ code: 'BP_ERR_CONFLICT', alert: NO_FEE_PAYABLE });
      expect((await get('/api/user/getSearchState', driver.token)).json()).toEqual({ data: false });
      // A trial pays nothing: Start works with no credit.
      expect((await post('/api/user/startTrial', {}, driver.token)).statusCode).toBe(200);
      const started = await post('/api/user/toggleSearchState', { timezoneOffset: 300 }, driver.token);
      expect(started.json()).toEqual({ data: { searching: true, status: expect.objectContaining({ searching: true }) }, alert: expect.any(String) });
      await post('/api/user/toggleSearchState', { timezoneOffset: 300 }, driver.token);
    });

    it('toggleSearchState: starts (time zone stored, puzzle cleared, search running), then stops; bad bodies are 400', async () => {
      const driver = await connected();
      const eligible = await (await platformApp(driver.id)).eligibleServiceAreas();
      const filter = (await get('/api/user', driver.token)).json().data.filters[0];
      await post('/api/user/saveFilter', { filter: { ...filter, serviceAreas: eligible.ok ? eligible.value : [] } }, driver.token);
      for (const body of [{}, { timezoneOffset: '300' }, { timezoneOffset: 1.5 }, { timezoneOffset: 5000 }, { timezoneOffset: 0, extra: true }]) {
        expect((await post('/api/user/toggleSearchState', body, driver.token)).statusCode).toBe(400);
      }
      await db().updateTable('users').set({ puzzle_required: true }).where('id', '=', driver.id).execute();
      const started = await post('/api/user/toggleSearchState', { timezoneOffset: -330 }, driver.token);
      expect(started.statusCode).toBe(200);
      expect(started.json().data).toMatchObject({ searching: true });
      expect((await get('/api/user/getSearchState', driver.token)).json()).toEqual({ data: true });
      const row = await db().selectFrom('users').select(['searching', 'timezone_offset', 'puzzle_required']).where('id', '=', driver.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ searching: true, timezone_offset: -330, puzzle_required: false });
      await waitFor('the search polling', () => sim.control.readRecord({ accountId: driver.accountId }).requests.some((r) => r.path === '/GetOffersForProviderPost'));
      const stopped = await post('/api/user/toggleSearchState', { timezoneOffset: -330 }, driver.token);
      expect(stopped.json()).toEqual({ data: { searching: false, status: expect.objectContaining({ searching: false }) }, alert: 'Searching stopped.' });
      expect((await get('/api/user/getSearchState', driver.token)).json()).toEqual({ data: false });
      const polls = sim.control.readRecord({ accountId: driver.accountId }).requests.filter((r) => r.path === '/GetOffersForProviderPost').length;
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(sim.control.readRecord({ accountId: driver.accountId }).requests.filter((r) => r.path === '/GetOffersForProviderPost')).toHaveLength(polls);
    });
  });

  describe('POST /api/user/getLogs', () => {
    let driver: TestDriver;
    let base: number;
    const groupSize = 70;
    before(async () => {
      driver = await signUp(t.app, t.database);
      base = Date.now() - 3_600_000;
      const row = (i: number, at: number, action: 'BLOCK_ACCEPT' | 'BLOCK_IGNORE' = 'BLOCK_IGNORE') => ({
        user_id: driver.id,
        offer_id: `offer-${i}`,
        action,
        reason: action === 'BLOCK_IGNORE' ? ('filter' as const) : null,
        discovered_at: new Date(at),
        start_time: 1_800_000_000 + i,
        end_time: 1_800_010_000 + i,
        service_area_id: 'area',
        price_amount: 50 + i,
        currency: 'USD',
        cost_cents: action === 'BLOCK_ACCEPT' ? 175 : 0,
      });
      // 60 single entries a second apart (every tenth accepted), then one poll's 70 offers at one time.
      await db()
        .insertInto('offer_logs')
        .values(Array.from({ length: 60 }, (_, i) => row(i, base + i * 1000, i % 10 === 0 ? 'BLOCK_ACCEPT' : 'BLOCK_IGNORE')))
        .execute();
      await db()
        .insertInto('offer_logs')
        .values(Array.from({ length: groupSize }, (_, i) => row(100 + i, base + 100_000)))
        .execute();
      const other = await signUp(t.app, t.database);
      await db()
        .insertInto('offer_logs')
        .values({ ...row(0, base + 200_000), user_id: other.id })
        .execute();
    });
    const logs = async (query: object) => {
      const res = await post('/api/user/getLogs', { query }, driver.token);
      expect(res.statusCode).toBe(200);
      return res.json().data as Array<{ _id: string; discoveredAt: number; action: string; cost?: number; startTime: number }>;
    };
    const single = (i: number) => base + i * 1000;

    it('answers the LogEntry shape, newest first, a bounded page; a page ending inside one poll takes the whole poll', async () => {
      const newest = await logs({});
      expect(newest).toHaveLength(groupSize);
      expect(new Set(newest.map((e) => e.discoveredAt))).toEqual(new Set([base + 100_000]));
      expect(newest[0]).toEqual({
        _id: expect.any(String),
        action: 'BLOCK_IGNORE',
        discoveredAt: base + 100_000,
        startTime: expect.any(Number),
        endTime: expect.any(Number),
        serviceAreaId: 'area',
        rateInfo: { priceAmount: expect.any(Number), currency: 'USD' },
        reason: 'filter',
      });
      expect(groupSize).toBeLessThanOrEqual(MAX_PAGE_SIZE);
    });

    it('$lt pages back through older entries, $gt catches up oldest-first without skipping any', async () => {
      const older = await logs({ discoveredAt: { $lt: base + 100_000 } });
      expect(older.map((e) => e.discoveredAt)).toEqual(Array.from({ length: PAGE_SIZE }, (_, i) => single(59 - i)));
      const oldest = await logs({ discoveredAt: { $lt: older[older.length - 1]!.discoveredAt } });
      expect(oldest.map((e) => e.discoveredAt)).toEqual(Array.from({ length: 10 }, (_, i) => single(9 - i)));
      expect(await logs({ discoveredAt: { $lt: single(0) } })).toEqual([]);

      const next = await logs({ discoveredAt: { $gt: single(0) } });
      expect(next.map((e) => e.discoveredAt)).toEqual(Array.from({ length: PAGE_SIZE }, (_, i) => single(PAGE_SIZE - i)));
      const rest = await logs({ discoveredAt: { $gt: next[0]!.discoveredAt } });
      expect(rest).toHaveLength(9 + groupSize);
      expect(rest.slice(groupSize).map((e) => e.discoveredAt)).toEqual(Array.from({ length: 9 }, (_, i) => single(59 - i)));
      expect(await logs({ discoveredAt: { $gt: base + 100_000 } })).toEqual([]);
    });

    it('action.$in keeps the chosen actions; accepted entries carry their cost', async () => {
      const accepted = await logs({ action: { $in: ['BLOCK_ACCEPT'] } });
      expect(accepted.map((e) => e.startTime)).toEqual([50, 40, 30, 20, 10, 0].map((i) => 1_800_000_000 + i));
      for (const entry of accepted) expect(entry).toMatchObject({ action: 'BLOCK_ACCEPT', cost: 175 });
      expect(await logs({ action: { $in: [] } })).toEqual([]);
      expect(await logs({ action: { $in: ['BLOCK_ACCEPT', 'BLOCK_IGNORE'] }, discoveredAt: { $lt: single(1) } })).toHaveLength(1);
    });

    it('rejects every other operator, field and type with 400, before any query', async () => {
      const bad = [
        { query: { discoveredAt: { $ne: null } } },
        { query: { discoveredAt: { $gt: 1, $lt: 2 } } },
        { query: { discoveredAt: {} } },
        { query: { discoveredAt: { $gt: '5' } } },
        { query: { discoveredAt: { $gt: { $ne: 1 } } } },
        { query: { discoveredAt: 5 } },
        { query: { action: { $nin: ['BLOCK_ACCEPT'] } } },
        { query: { action: { $in: ['BLOCK_ACCEPT'], $ne: 'x' } } },
        { query: { action: { $in: ['DROP TABLE'] } } },
        { query: { action: 'BLOCK_ACCEPT' } },
        { query: { $where: 'this.cost > 0' } },
        { query: { user_id: driver.id } },
        { query: [] },
        {},
        { query: {}, extra: true },
      ];
      for (const body of bad) {
        const res = await post('/api/user/getLogs', body, driver.token);
        expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
        expect(Object.keys(res.json().errors ?? {})).not.toHaveLength(0);
      }
    });
  });

  describe('POST /api/user/forfeitBlock', () => {
    let driver: TestDriver & { accountId: string };
    before(async () => {
      driver = await connected();
    });

    /** A block booked on the platform and logged as accepted with its fee, as the engine writes it. */
    async function acceptedBlock({ startMs, discoveredAt }: { startMs: number; discoveredAt: number }): Promise<string> {
      const offer = sim.control.injectOffer({ startTime: startMs / 1000, durationHours: 2, priceAmount: 100 });
      expect((await (await platformApp(driver.id)).acceptOffer(offer.offerId)).ok).toBe(true);
      const at = new Date(discoveredAt);
      const facts = { offerId: offer.offerId, startTime: offer.startTime, endTime: offer.endTime, serviceAreaId: offer.serviceAreaId, priceAmount: 100, currency: 'USD' };
      const recorded = await recordAccept(db(), { userId: driver.id, offer: facts, discoveredAt: at, feeCents: 350, createdAt: at });
      if (recorded.status !== 'recorded') throw new Error('not recorded');
      return recorded.logId;
    }
    const forfeit = (logId: string, token = driver.token) => post('/api/user/forfeitBlock', { logId }, token);
    // A forfeit that reaches the platform spends the driver's forfeit share, two per window of the
    // platform's limit at 20 per 10 s (docs/ENGINE.md "Request budget"): each test starts a window.
    beforeEach(() => clock.advance(10_000));
    const credit = async () => (await db().selectFrom('users').select('credit_cents').where('id', '=', driver.id).executeTakeFirstOrThrow()).credit_cents;
    const scheduled = () => sim.control.schedule(driver.accountId).length;
    const inLog = async (logId: string) => (await post('/api/user/getLogs', { query: {} }, driver.token)).json().data.some((e: { _id: string }) => e._id === logId);

    function expectUnchanged(res: LightMyRequestResponse, status: number, before: { credit: number; scheduled: number }) {
      expect(res.statusCode).toBe(status);
      expect(typeof res.json().alert).toBe('string');
      return Promise.all([credit(), Promise.resolve(scheduled())]).then(([c, s]) => expect({ credit: c, scheduled: s }).toEqual(before));
    }

    it('at exactly 45 minutes before start and exactly 5 minutes after discovery the window is closed: nothing changes', async () => {
      const now = clock.now().getTime();
      const logId = await acceptedBlock({ startMs: now + 45 * MINUTE, discoveredAt: now - 5 * MINUTE });
      const before = { credit: await credit(), scheduled: scheduled() };
      const res = await forfeit(logId);
      await expectUnchanged(res, 409, before);
      expect(res.json().alert).toBe(WINDOW_CLOSED);
      expect(await inLog(logId)).toBe(true);
      // One millisecond earlier, both arms hold again.
      clock.advance(-1);
      try {
        expect((await forfeit(logId)).statusCode).toBe(200);
      } finally {
        clock.advance(1);
      }
    });

    it('inside the window: the platform forfeits, exactly the fee is refunded once, the entry leaves the log', async () => {
      const now = clock.now().getTime();
      // Starts in 10 minutes but was accepted 4:59.999 ago: the grace arm.
      const logId = await acceptedBlock({ startMs: now + 10 * MINUTE, discoveredAt: now - 5 * MINUTE + 1 });
      const creditBefore = await credit();
      const scheduledBefore = scheduled();
      const res = await forfeit(logId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: null, alert: 'Block forfeited. Your fee of $3.50 was refunded.' });
      expect(await credit()).toBe(creditBefore + 350);
      expect(scheduled()).toBe(scheduledBefore - 1);
      expect(await inLog(logId)).toBe(false);
      // Forfeited already (as from another device): 410 says it has left the log, nothing changes.
      const again = await forfeit(logId);
      expect(again.statusCode).toBe(410);
      expect(again.json()).toEqual({ code: 'BP_ERR_ALREADY_FORFEITED', alert: 'This block was already forfeited, and its fee refunded. It has left your log.' });
      expect(await credit()).toBe(creditBefore + 350);
      const refunds = (await entriesOf(db(), driver.id)).filter((e) => e.key === `refund:${logId}`);
      expect(refunds).toEqual([expect.objectContaining({ amountCents: 350 })]);
      // Gone from the live log, kept in the credit history with its fee and refund.
      const history = (await get('/api/user/getCreditHistory', driver.token)).json().data;
      expect(history.slice(0, 2)).toEqual([
        expect.objectContaining({ kind: 'refund', amountCents: 350, block: expect.objectContaining({ forfeited: true, priceAmount: 100 }) }),
        expect.objectContaining({ kind: 'fee', amountCents: -350, block: expect.objectContaining({ forfeited: true }) }),
      ]);
    });

    it("says it in the request's language: the refund in Spanish money for es, and the second forfeit's refusal with the same code", async () => {
      const now = clock.now().getTime();
      const logId = await acceptedBlock({ startMs: now + 3 * 3_600_000, discoveredAt: now });
      const inSpanish = () => call(t.app, { method: 'POST', url: '/api/user/forfeitBlock', payload: { logId }, headers: { ...bearer(driver.token), 'accept-language': 'es-MX' } });
      const done = await inSpanish();
      expect([done.statusCode, done.json()]).toEqual([200, { data: null, alert: 'Bloque liberado. Se te devolvió tu comisión de $3.50.' }]);
      const again = await inSpanish();
      expect([again.statusCode, again.json()]).toEqual([
        410,
        { code: 'BP_ERR_ALREADY_FORFEITED', alert: 'Este bloque ya se liberó y se te devolvió su comisión. Ya no está en tu registro.' },
      ]);
    });

    it("refuses another driver's entry, an ignored offer, a block the platform no longer has, and a started block", async () => {
      const now = clock.now().getTime();
      const mine = await acceptedBlock({ startMs: now + 3 * 3_600_000, discoveredAt: now });
      const other = await signUp(t.app, t.database);
      expect((await forfeit(mine, other.token)).statusCode).toBe(404);
      expectFieldErrors(await forfeit('not-a-uuid'), ['logId']);

      const ignored = await db()
        .insertInto('offer_logs')
        .values({
          user_id: driver.id,
          offer_id: 'ignored-one',
          action: 'BLOCK_IGNORE',
          reason: 'filter',
          discovered_at: new Date(now),
          start_time: now / 1000 + 7200,
          end_time: now / 1000 + 9000,
          service_area_id: 'a',
          price_amount: 10,
          currency: 'USD',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const before = { credit: await credit(), scheduled: scheduled() };
      await expectUnchanged(await forfeit(ignored.id), 409, before);

      // The platform has no block at that time (forfeited in its own app): 409, nothing refunded.
      const gone = await acceptedBlock({ startMs: now + 4 * 3_600_000, discoveredAt: now });
      const goneEntry = await db().selectFrom('offer_logs').select('start_time').where('id', '=', gone).executeTakeFirstOrThrow();
      expect((await (await platformApp(driver.id)).forfeit(goneEntry.start_time)).ok).toBe(true);
      const creditBefore = await credit();
      // A fresh window of the driver's share of the platform's limit (the tests above spent it).
      clock.advance(10_000);
      const refused = await forfeit(gone);
      expect(refused.statusCode).toBe(409);
      expect(await credit()).toBe(creditBefore);
      expect(await inLog(gone)).toBe(true);

      const started = await acceptedBlock({ startMs: now + 60 * MINUTE, discoveredAt: now });
      clock.advance(61 * MINUTE);
      try {
        expect((await forfeit(started)).statusCode).toBe(409);
      } finally {
        clock.advance(-61 * MINUTE);
      }
    });
  });

  describe('embedded dev tools', () => {
    it('GET /dev/platform tells where the embedded simulator is, only when embedded and only to this machine', async () => {
      const embedded = await startTestApp(database(), { configure: (c) => ({ ...c, platform: withEmbeddedSimulator(c.platform, 'http://127.0.0.1:4999') }) });
      const plain = t;
      try {
        expect((await embedded.app.inject({ url: '/dev/platform', remoteAddress: '127.0.0.1' })).json()).toEqual({
          data: { simulatorUrl: 'http://127.0.0.1:4999', controlUrl: 'http://127.0.0.1:4999/__control' },
        });
        expect((await embedded.app.inject({ url: '/dev/platform', remoteAddress: '203.0.113.9' })).statusCode).toBe(403);
        expect((await plain.app.inject({ url: '/dev/platform', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);

        // Telegram linking end to end with the embedded bot: /start gives a code, the driver enters it.
        const driver = await signUp(plain.app, plain.database);
        const started = await plain.app.inject({ method: 'POST', url: '/dev/telegram/start', payload: { chatId: '777001' }, remoteAddress: '127.0.0.1' });
        const { code, reply } = started.json().data;
        expect(reply).toContain(code);
        const saved = await plain.app.inject({
          method: 'POST',
          url: '/api/user/saveNotificationPreferences',
          headers: bearer(driver.token),
          payload: { notificationPreferences: { emailAddress: driver.email, whatsAppNumber: '', telegramAuthCode: code } },
        });
        expect(saved.statusCode).toBe(200);
        expect((await plain.app.inject({ url: '/api/user', headers: bearer(driver.token) })).json().data.notificationPreferences.telegramConnected).toBe(true);
        const messages = await plain.app.inject({ url: '/dev/messages?channel=telegram&to=777001', remoteAddress: '127.0.0.1' });
        expect(messages.json().data).toEqual([expect.objectContaining({ channel: 'telegram', to: '777001', text: reply })]);
        expect((await plain.app.inject({ url: '/dev/messages', remoteAddress: '203.0.113.9' })).statusCode).toBe(403);
      } finally {
        await embedded.app.close();
      }
    });
  });
});
