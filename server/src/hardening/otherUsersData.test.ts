/**
 * Suite 2, other users' data: driver B, signed in, aims every call that names or acts on an
 * object at driver A's objects, and every route that needs a token is tried with each token that
 * does not belong there (none, malformed, expired, revoked by logout, by a password change or a
 * reset, a reset token on an access route and the reverse). Every attempt must be refused or act
 * on B's own data only, answer nothing of A's, and leave A's rows exactly as they were.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { after, before, it } from 'node:test';
import { expect } from 'expect';
import { DEFAULT_WORK_LIMITS } from '@blockpilot/shared/api/schemas';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Simulator } from '@blockpilot/platform-sim';
import { signInAsDriver } from '../../test/platformFixture.js';
import type { AppContext } from '../context.js';
import { logIgnored, recordAccept, writeIntent } from '../stores/offerLog.js';
import { issueToken } from '../features/auth/tokens.js';
import { loadPlatformAccount } from '../domain/platformAccounts.js';
import { openPlatformSession } from '../domain/platformSession.js';
import { optOutKey } from '../features/support/promotions.js';
import { issueTelegramLinkCode } from '../features/user/telegramLinks.js';
import { bearer, PASSWORD, type TestDriver } from '../../test/app.js';
import { simulatorEnv } from '../../test/config.js';
import { testContext } from '../../test/context.js';
import { describeEachDatabase } from '../../test/databases.js';
import { anyBlockFilter, connectWithAnyBlockFilter, eligibleAreas, setFilters, startSimulator, tomorrowAt, userRow } from '../../test/platform.js';
import { changedTables, snapshotDatabase, snapshotUserRows } from '../../test/hardening/dbSnapshot.js';
import { refusalProblems } from '../../test/hardening/envelopeCheck.js';
import { exampleRequest } from '../../test/hardening/fuzzRequests.js';
import { itLoggedNoSecrets, startHardenedApp, type HardenedApp } from '../../test/hardening/hardenedApp.js';
import { documentedOperations, type Operation } from '../../test/hardening/routeInventory.js';

const DAY = 86_400_000;

/** A browser's push subscription at a listed push service (its keys are real; nothing is sent to it). */
function browserSubscription(name: string): { endpoint: string; p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  return { endpoint: `https://fcm.googleapis.com/fcm/send/${name}`, p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}
const SESSION_TTL_MS = 30 * DAY;

describeEachDatabase("other users' data and tokens that do not belong", (database) => {
  let h: HardenedApp;
  let sim: Simulator;
  /** Services on the suite's database, talking to the same simulator as the app. */
  let ctx: AppContext;
  let a: TestDriver;
  let b: TestDriver;
  /** Values only A's data holds: none may appear in an answer to anyone else. */
  let markersOfA: string[];
  let idsOfA: string[];
  /** A's offer-log entries: an accepted block (charged, on A's platform schedule) and an ignored offer. */
  let logsOfA: { accepted: string; ignored: string };
  /** A's push device (a browser subscription at a listed push service; nothing is ever sent to it here). */
  let pushDeviceOfA: { id?: string; endpoint: string; p256dh: string; auth: string };
  /** A's platform account id, and the start of the block A booked through BlockPilot. */
  let platformOfA: { accountId: string; blockStart: number };
  const figures = { crossUserCases: 0, tokenCases: 0, leaks: 0, changesToA: 0 };
  /** Routes each kind of case was tried on. */
  const tried = { crossUser: new Set<string>(), tokens: new Set<string>() };
  /** Tokens that must be refused on access routes, by what is wrong with them. */
  const badAccessTokens: Array<[string, string | undefined]> = [];

  before(async () => {
    let url: string;
    ({ sim, url } = await startSimulator());
    h = await startHardenedApp(database(), { env: simulatorEnv(url) });
    ctx = testContext(h.database, { env: simulatorEnv(url) });
    // Signed up first and then aged past the session lifetime: everyone else signs up after.
    const aged = await h.signUp();
    h.clock.advance(SESSION_TTL_MS + 1);
    const loggedOut = await h.signUp();
    await h.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(loggedOut.token) });
    const changed = await h.signUp();
    const secondSession = (await h.inject({ method: 'POST', url: '/api/auth/login', payload: { emailAddress: changed.email, password: PASSWORD } })).json().data
      .accessToken as string;
    const newPassword = 'a changed password 1';
    h.secrets.add('changed password', newPassword);
    expect(
      (
        await h.inject({
          method: 'POST',
          url: '/api/user/changePassword',
          headers: bearer(secondSession),
          payload: { currentPassword: PASSWORD, newPassword, confirmNewPassword: newPassword },
        })
      ).statusCode,
    ).toBe(200);
    const reset = await h.signUp();
    const resetToken = await issueToken(h.database.db, reset.id, 'reset', h.clock.now(), 3_600_000);
    expect(
      (await h.inject({ method: 'POST', url: '/api/auth/changePassword', headers: bearer(resetToken), payload: { password: newPassword, confirmPassword: newPassword } }))
        .statusCode,
    ).toBe(200);

    a = await h.signUp({ phoneNumber: '+1 555 010 7777' });
    b = await h.signUp();
    await giveAObjects();
    const liveResetOfA = await issueToken(h.database.db, a.id, 'reset', h.clock.now(), 3_600_000);
    h.secrets.add('reset token of A', liveResetOfA);
    badAccessTokens.push(
      ['no token', undefined],
      ['a malformed header', 'Bearer'],
      ['garbage', 'Bearer garbage'],
      ['another scheme', `Basic ${Buffer.from(`${a.email}:${PASSWORD}`).toString('base64')}`],
      ["A's token without its scheme", a.token],
      ["A's token with a character more", `Bearer ${a.token}x`],
      ["A's token with a character less", `Bearer ${a.token.slice(0, -1)}`],
      ["A's token and more words", `Bearer ${a.token} ${b.token}`],
      ['an expired token', `Bearer ${aged.token}`],
      ['a token revoked by logout', `Bearer ${loggedOut.token}`],
      ['a token revoked by a password change', `Bearer ${changed.token}`],
      ['a token revoked by a password reset', `Bearer ${reset.token}`],
      ["A's live reset token", `Bearer ${liveResetOfA}`],
    );
  });
  after(async () => {
    await h.app.close();
    await ctx.platform.close();
    await sim.close();
  });

  /** A's work limits: an away range no other driver has. */
  const LIMITS_OF_A = { ...DEFAULT_WORK_LIMITS, awayDates: [{ from: '2031-07-14', to: '2031-07-15' }], maxWeekMinutes: 1230 };

  /** A's order, a named filter, notification channels, work limits and a linked Telegram chat. */
  async function giveAObjects(): Promise<void> {
    const order = await h.inject({ method: 'POST', url: '/api/store/createStripeOrder', headers: bearer(a.token), payload: { topup_amount: 1500 } });
    expect(order.statusCode).toBe(200);
    const account = (await h.inject({ url: '/api/user', headers: bearer(a.token) })).json().data;
    const filterName = `A secret filter ${a.id.slice(0, 8)}`;
    expect(
      (await h.inject({ method: 'POST', url: '/api/user/saveFilter', headers: bearer(a.token), payload: { filter: { ...account.filters[0], name: filterName } } })).statusCode,
    ).toBe(200);
    const code = await issueTelegramLinkCode(h.database.db, '424242', h.clock.now());
    const preferences = { emailAddress: `alerts-${a.email}`, whatsAppNumber: '+1 555 010 9999', telegramAuthCode: code };
    expect(
      (await h.inject({ method: 'POST', url: '/api/user/saveNotificationPreferences', headers: bearer(a.token), payload: { notificationPreferences: preferences } })).statusCode,
    ).toBe(200);
    expect((await h.inject({ method: 'POST', url: '/api/user/saveWorkLimits', headers: bearer(a.token), payload: { workLimits: LIMITS_OF_A } })).statusCode).toBe(200);
    const orders = await h.database.db.selectFrom('orders').select('id').where('user_id', '=', a.id).execute();
    pushDeviceOfA = browserSubscription(`A-secret-device-${a.id.slice(0, 8)}`);
    const device = await h.inject({ method: 'POST', url: '/api/user/pushDevices', headers: bearer(a.token), payload: pushDeviceOfA });
    expect(device.statusCode).toBe(200);
    pushDeviceOfA.id = device.json().data.id;
    await giveAPlatformAccountAndLog();
    idsOfA = [a.id, account.filters[0].id, ...orders.map((o) => o.id), logsOfA.accepted, logsOfA.ignored, pushDeviceOfA.id];
    markersOfA = [
      ...[a.email, '+1 555 010 7777', filterName, preferences.emailAddress, preferences.whatsAppNumber, code, account.shareableCode, ...orders.map((o) => o.id)],
      ...[pushDeviceOfA.endpoint, pushDeviceOfA.p256dh, pushDeviceOfA.auth],
      ...[logsOfA.accepted, logsOfA.ignored, platformOfA.accountId, String(platformOfA.blockStart)],
      LIMITS_OF_A.awayDates[0]!.from,
    ];
  }

  /**
   * A's platform account, connected and searching, with a block A's search booked on the platform
   * (logged and charged as the engine writes it) and an offer it ignored.
   */
  async function giveAPlatformAccountAndLog(): Promise<void> {
    const { area } = await connectWithAnyBlockFilter(ctx, await userRow(ctx, a.id));
    const platform = (await loadPlatformAccount(ctx.db, ctx.tokenCipher, a.id))!;
    // Minutes past the hour: a start no other value in an answer would show by chance.
    const blockStart = tomorrowAt(7) + 17 * 60;
    const offer = { offerId: `offer-of-A-${a.id.slice(0, 8)}`, startTime: blockStart, endTime: blockStart + 3 * 3600, serviceAreaId: area, priceAmount: 150, currency: 'USD' };
    sim.control.injectOffer({ serviceAreaId: area, offerId: offer.offerId, startTime: blockStart, durationHours: 3, priceAmount: 150 });
    const now = h.clock.now();
    const attempt = { userId: a.id, offer, discoveredAt: now, feeCents: 525, createdAt: now };
    await writeIntent(ctx.db, attempt);
    expect((await openPlatformSession(ctx, platform).acceptOffer(offer.offerId)).ok).toBe(true);
    const recorded = await recordAccept(ctx.db, attempt);
    if (recorded.status !== 'recorded') throw new Error("A's block was not recorded");
    const ignored = { ...offer, offerId: `ignored-by-A-${a.id.slice(0, 8)}`, startTime: blockStart + 86_400, endTime: blockStart + 86_400 + 3600 };
    await logIgnored(ctx.db, a.id, now, [{ offer: ignored, reason: 'filter' }]);
    const ignoredRow = await ctx.db.selectFrom('offer_logs').select('id').where('user_id', '=', a.id).where('offer_id', '=', ignored.offerId).executeTakeFirstOrThrow();
    await ctx.db.updateTable('users').set({ searching: true }).where('id', '=', a.id).execute();
    logsOfA = { accepted: recorded.logId, ignored: ignoredRow.id };
    platformOfA = { accountId: platform.platformUserId, blockStart };
  }

  /** Calls the platform saw for A's account (a call made with B's token must never be one of them). */
  const platformCallsOfA = () => sim.control.readRecord({ accountId: platformOfA.accountId }).requests.length;

  /** A's markers found in an answer to someone else. */
  const leakedIn = (text: string) => markersOfA.filter((marker) => text.includes(marker));
  const leaked = (response: LightMyRequestResponse) => leakedIn(response.body);

  /** Sends B's request; counts and reports leaks of A's data and changes to A's rows. */
  const isOperatorRoute = (op: Operation) => op.path.startsWith('/api/admin/');

  async function asB(route: string, request: InjectOptions): Promise<LightMyRequestResponse> {
    const before = await snapshotUserRows(h.database.db, a.id);
    const response = await h.inject({ ...request, headers: { ...request.headers, ...bearer(b.token) } });
    const changed = changedTables(before, await snapshotUserRows(h.database.db, a.id));
    figures.crossUserCases += 1;
    tried.crossUser.add(route);
    figures.leaks += leaked(response).length;
    figures.changesToA += changed.length;
    expect({ route, status: response.statusCode < 500, leaked: leaked(response), changed }).toEqual({ route, status: true, leaked: [], changed: [] });
    return response;
  }

  it("never shows B A's log or lets B forfeit A's blocks, and B's platform and search calls act on B's account only", async () => {
    const callsBefore = platformCallsOfA();
    for (const query of [{}, { discoveredAt: { $gt: 0 } }, { discoveredAt: { $lt: 253402300799999 } }, { action: { $in: ['BLOCK_ACCEPT', 'BLOCK_IGNORE'] } }]) {
      const logs = await asB('POST /api/user/getLogs', { method: 'POST', url: '/api/user/getLogs', payload: { query } });
      expect({ query, status: logs.statusCode, data: logs.json().data }).toEqual({ query, status: 200, data: [] });
    }
    for (const logId of [logsOfA.accepted, logsOfA.ignored]) {
      const forfeit = await asB('POST /api/user/forfeitBlock', { method: 'POST', url: '/api/user/forfeitBlock', payload: { logId } });
      expect(forfeit.statusCode).toBe(404);
      expect(refusalProblems(forfeit)).toEqual([]);
    }
    // B is not connected: every platform call is refused, none reaches A's account.
    for (const [route, request] of [
      ['POST /api/user/getServiceAreas', { method: 'POST', url: '/api/user/getServiceAreas', payload: {} }],
      ['GET /api/user/getSchedule', { url: '/api/user/getSchedule' }],
      ['POST /api/user/toggleSearchState', { method: 'POST', url: '/api/user/toggleSearchState', payload: { timezoneOffset: 0 } }],
    ] as const) {
      const refused = await asB(route, request as InjectOptions);
      expect({ route, status: refused.statusCode, redirect: refused.json().redirect, problems: refusalProblems(refused) }).toEqual({
        route,
        status: 409,
        redirect: '/connectAccount',
        problems: [],
      });
    }
    expect((await asB('GET /api/user/getSearchState', { url: '/api/user/getSearchState' })).json().data).toBe(false);

    // B connects B's own platform account: A's stays as it was (asB compares A's rows).
    const challenge = await asB('POST /api/user/connectAccount', { method: 'POST', url: '/api/user/connectAccount', payload: {} });
    const { challenge_url, code_verifier } = challenge.json().challenge_session;
    const landing = await signInAsDriver(challenge_url, b.email);
    const connected = await asB('POST /api/user/connectAccount', { method: 'POST', url: '/api/user/connectAccount', payload: { challenge_response: landing, code_verifier } });
    expect(connected.statusCode).toBe(200);
    const platformOfB = (await loadPlatformAccount(ctx.db, ctx.tokenCipher, b.id))!;
    expect(platformOfB.platformUserId).not.toBe(platformOfA.accountId);

    const areas = await asB('POST /api/user/getServiceAreas', { method: 'POST', url: '/api/user/getServiceAreas', payload: {} });
    expect(areas.statusCode).toBe(200);
    expect((await asB('GET /api/user/getSchedule', { url: '/api/user/getSchedule' })).json().data).toEqual([]);
    await setFilters(ctx, b.id, [anyBlockFilter([(await eligibleAreas(ctx, b.id))[0]!])]);
    const start = await asB('POST /api/user/toggleSearchState', { method: 'POST', url: '/api/user/toggleSearchState', payload: { timezoneOffset: 0 } });
    expect(start.json().data).toMatchObject({ searching: true, status: { searching: true } });
    expect((await asB('GET /api/user/getSearchState', { url: '/api/user/getSearchState' })).json().data).toBe(true);
    expect((await asB('GET /api/user/getSearchStatus', { url: '/api/user/getSearchStatus' })).json().data).toMatchObject({ searching: true });
    expect((await asB('GET /api/user/getCreditHistory', { url: '/api/user/getCreditHistory' })).json().data).toEqual([expect.objectContaining({ kind: 'signup' })]);
    // The live stream never ends: B's first event (B's own status) is read off it, then it is dropped.
    const stream = await h.inject({ url: '/api/user/events', headers: bearer(b.token), payloadAsStream: true });
    expect(stream.statusCode).toBe(200);
    const firstEvent = await new Promise<string>((resolve) => stream.stream().once('data', (chunk: Buffer) => resolve(String(chunk))));
    stream.stream().destroy();
    expect(JSON.parse(firstEvent.replace(/^data: /, ''))).toMatchObject({ type: 'status', status: { searching: true } });
    expect(leakedIn(firstEvent)).toEqual([]);
    tried.crossUser.add('GET /api/user/events');
    const stop = await asB('POST /api/user/toggleSearchState', { method: 'POST', url: '/api/user/toggleSearchState', payload: { timezoneOffset: 0 } });
    expect(stop.json().data).toMatchObject({ searching: false });
    // A's account saw none of it: A's block is still booked, A still searching.
    expect(platformCallsOfA()).toBe(callsBefore);
    expect(sim.control.schedule(platformOfA.accountId).map((block) => block.startTime)).toEqual([platformOfA.blockStart]);
    expect((await ctx.db.selectFrom('users').select('searching').where('id', '=', a.id).executeTakeFirstOrThrow()).searching).toBe(true);
  });

  it("shows B none of A's blocks, stats or account health, and B's calendar feed calls leave A's feed as it was (docs/LIVE.md \"The driver's app\")", async () => {
    const feedOfA = new URL((await h.inject({ method: 'POST', url: '/api/user/calendarFeed', headers: bearer(a.token) })).json().data.url).pathname;
    const blockDay = new Date(platformOfA.blockStart * 1000).toISOString().slice(0, 10);
    const range = `from=${blockDay}&to=${new Date(platformOfA.blockStart * 1000 + 2 * DAY).toISOString().slice(0, 10)}`;
    // Whatever B's own search booked meanwhile, none of A's (asB looks for A's log ids and block start).
    const blocksOfB = (await asB('GET /api/user/blocks', { url: `/api/user/blocks?${range}` })).json().data as Array<{ _id: string }>;
    const stats = await asB('GET /api/user/stats', { url: `/api/user/stats?${range}` });
    expect(stats.json().data.totals.accepted).toBe(blocksOfB.length);
    // B reads and saves B's own work limits: never A's away dates, and A's stay as A saved them.
    expect((await asB('GET /api/user/workLimits', { url: '/api/user/workLimits' })).json().data).toEqual(DEFAULT_WORK_LIMITS);
    const limitsOfB = { ...DEFAULT_WORK_LIMITS, maxDayMinutes: 300 };
    expect((await asB('POST /api/user/saveWorkLimits', { method: 'POST', url: '/api/user/saveWorkLimits', payload: { workLimits: limitsOfB } })).json().data).toEqual(limitsOfB);
    expect((await h.inject({ url: '/api/user/workLimits', headers: bearer(a.token) })).json().data).toEqual(LIMITS_OF_A);
    // B's account health is counted from B's own hours only (docs/LIVE.md "Account health"); asB looks for A's ids in it.
    expect((await asB('GET /api/user/accountHealth', { url: '/api/user/accountHealth' })).json().data).toMatchObject({ days: 7, connected: true });
    expect((await asB('GET /api/user/calendarFeed', { url: '/api/user/calendarFeed' })).json().data).toEqual({ createdAt: null });
    const feedOfB = new URL((await asB('POST /api/user/calendarFeed', { method: 'POST', url: '/api/user/calendarFeed' })).json().data.url).pathname;
    expect(leaked(await h.inject({ url: feedOfB }))).toEqual([]);
    expect((await asB('DELETE /api/user/calendarFeed', { method: 'DELETE', url: '/api/user/calendarFeed' })).statusCode).toBe(200);
    expect((await h.inject({ url: feedOfB })).statusCode).toBe(404);
    // A's link still works and still holds A's block.
    const stillA = await h.inject({ url: feedOfA });
    expect(stillA.statusCode).toBe(200);
    expect(stillA.body).toContain(`UID:${logsOfA.accepted}@blockpilot`);
  });

  it("refuses B on A's order, filter and opt-out link, and B's own calls change only B's data", async () => {
    const [orderOfA] = idsOfA.slice(2);
    const filterOfA = idsOfA[1]!;

    const status = await asB('GET /api/store/getOrderStatus', { url: `/api/store/getOrderStatus?orderStatusId=${orderOfA}&time=1` });
    expect(status.statusCode).toBe(404);
    expect(refusalProblems(status)).toEqual([]);

    const ownFilter = (await h.inject({ url: '/api/user', headers: bearer(b.token) })).json().data.filters[0];
    const save = await asB('POST /api/user/saveFilter', { method: 'POST', url: '/api/user/saveFilter', payload: { filter: { ...ownFilter, id: filterOfA, name: 'taken over' } } });
    expect(save.statusCode).toBe(404);
    expect(refusalProblems(save)).toEqual([]);

    // The opt-out call takes no token: a bare id (A's) is refused, a key only opts out its own driver.
    const bareId = await asB('POST /api/promotion/optOut', { method: 'POST', url: '/api/promotion/optOut', payload: { userId: a.id } });
    expect(bareId.statusCode).toBe(400);
    const own = await asB('POST /api/promotion/optOut', { method: 'POST', url: '/api/promotion/optOut', payload: { userId: optOutKey(testContext(h.database), b.id) } });
    expect(own.statusCode).toBe(200);

    // A's Telegram code (already used by A) does not link A's chat to B.
    const { telegramAuthCode } = (await h.inject({ url: '/api/user', headers: bearer(a.token) })).json().data.notificationPreferences;
    const preferences = await asB('POST /api/user/saveNotificationPreferences', {
      method: 'POST',
      url: '/api/user/saveNotificationPreferences',
      payload: { notificationPreferences: { emailAddress: a.email, whatsAppNumber: '', telegramAuthCode } },
    });
    expect(preferences.statusCode).toBe(400);
    expect(Object.keys(preferences.json().errors)).toEqual(['telegramAuthCode']);

    // Push devices: B lists and switches on B's own only, cannot switch A's off, and a test reaches B's channels only.
    expect((await asB('GET /api/user/pushDevices', { url: '/api/user/pushDevices' })).json().data.devices).toEqual([]);
    expect((await asB('DELETE /api/user/pushDevices/{id}', { method: 'DELETE', url: `/api/user/pushDevices/${pushDeviceOfA.id}` })).statusCode).toBe(404);
    expect((await asB('POST /api/user/sendTestNotification', { method: 'POST', url: '/api/user/sendTestNotification', payload: { channel: 'push' } })).statusCode).toBe(409);
    const ownDevice = browserSubscription('B-device');
    expect((await asB('POST /api/user/pushDevices', { method: 'POST', url: '/api/user/pushDevices', payload: ownDevice })).json().data.endpoint).toBe(ownDevice.endpoint);

    // Calls on the caller's own account: B's trial, B's name and language, B's password, B's order, B's account.
    expect((await asB('POST /api/user/startTrial', { method: 'POST', url: '/api/user/startTrial' })).statusCode).toBe(200);
    // B's address is verified already: nothing is sent again, to B or to A.
    expect((await asB('POST /api/auth/resendVerificationEmail', { method: 'POST', url: '/api/auth/resendVerificationEmail' })).statusCode).toBe(409);
    expect((await asB('POST /api/user/saveDisplayName', { method: 'POST', url: '/api/user/saveDisplayName', payload: { displayName: 'B' } })).statusCode).toBe(200);
    // B's language is B's: A's account keeps its own (the snapshot says so).
    expect((await asB('POST /api/user/saveLanguage', { method: 'POST', url: '/api/user/saveLanguage', payload: { language: 'es' } })).statusCode).toBe(200);
    // B's promotional e-mail choice is B's: A keeps taking them (the snapshot says so).
    expect((await asB('POST /api/user/savePromotionalEmails', { method: 'POST', url: '/api/user/savePromotionalEmails', payload: { promotionalEmails: false } })).statusCode).toBe(
      200,
    );
    // B's automatic top-up: B's settings and card only (A's stay as they are: the snapshot says so).
    expect((await asB('GET /api/store/autoTopUp', { url: '/api/store/autoTopUp' })).json().data).toMatchObject({ enabled: false });
    expect((await asB('PUT /api/store/autoTopUp', { method: 'PUT', url: '/api/store/autoTopUp', payload: { enabled: false, amount: 2000, threshold: 500 } })).statusCode).toBe(200);
    expect((await asB('POST /api/store/autoTopUp/card', { method: 'POST', url: '/api/store/autoTopUp/card' })).statusCode).toBe(200);
    expect((await asB('DELETE /api/store/autoTopUp/card', { method: 'DELETE', url: '/api/store/autoTopUp/card' })).statusCode).toBe(200);
    const newPassword = 'B has a new password';
    h.secrets.add('new password of B', newPassword);
    const change = await asB('POST /api/user/changePassword', {
      method: 'POST',
      url: '/api/user/changePassword',
      payload: { currentPassword: PASSWORD, newPassword, confirmNewPassword: newPassword },
    });
    expect(change.statusCode).toBe(200);
    // The change ended B's sessions and answered a fresh one.
    b = { ...b, token: change.json().data.accessToken };
    expect((await h.inject({ method: 'POST', url: '/api/auth/login', payload: { emailAddress: a.email, password: PASSWORD } })).statusCode).toBe(200);
    expect((await asB('POST /api/store/createStripeOrder', { method: 'POST', url: '/api/store/createStripeOrder', payload: { membership_plan_id: 'week' } })).statusCode).toBe(200);
    const account = await asB('GET /api/user', { url: '/api/user' });
    expect(account.json().data.emailAddress).toBe(b.email);
    for (const url of ['/api/user/locale', '/api/store/getMembershipPlans', '/api/knowledgeBase/']) await asB(`GET ${url}`, { url });
    expect((await asB('POST /api/auth/logout', { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    // Signed in again, so the next tests attack as a signed-in B (a signed-out B proves only the token check).
    const again = await h.inject({ method: 'POST', url: '/api/auth/login', payload: { emailAddress: b.email, password: newPassword } });
    expect(again.statusCode).toBe(200);
    b = { ...b, token: again.json().data.accessToken };
  });

  it("answers B nothing of A's and changes nothing of A's when every id field of every route holds one of A's ids", async () => {
    const takesAnId = (op: Operation) => JSON.stringify([op.body, op.query, op.params]).includes('"format":"uuid"');
    // Operator routes take any driver's id by design; B, a driver, is refused all of them (next test).
    const operations = documentedOperations(h.app).filter((op) => op.credential === 'access' && takesAnId(op) && !isOperatorRoute(op));
    expect(operations.length).toBeGreaterThanOrEqual(3);
    for (const operation of operations) {
      for (const id of idsOfA) {
        for (let seed = 0; seed < 4; seed++) {
          const request = exampleRequest(operation, { ids: [id], onlyThese: true }, seed);
          expect(JSON.stringify(request)).toContain(id);
          const response = await asB(`${operation.method} ${operation.path}`, request);
          if (response.statusCode >= 400) expect(refusalProblems(response)).toEqual([]);
        }
      }
    }
  });

  it("refuses B, a driver, every operator route (403 for a well-formed request, whatever ids it holds), changing nothing of A's", async () => {
    const operations = documentedOperations(h.app).filter(isOperatorRoute);
    expect(operations.length).toBeGreaterThanOrEqual(10);
    for (const operation of operations) {
      for (let seed = 0; seed < 4; seed++) {
        const request = exampleRequest(operation, { ids: idsOfA }, seed);
        const response = await asB(`${operation.method} ${operation.path}`, request);
        expect({ route: operation.path, status: response.statusCode }).toEqual({ route: operation.path, status: response.statusCode === 400 ? 400 : 403 });
        expect(refusalProblems(response)).toEqual([]);
      }
    }
  });

  it('refuses, on every route that needs a token, every token that does not belong there', async () => {
    const operations = documentedOperations(h.app).filter((op) => op.credential !== 'none');
    for (const [index, operation] of operations.entries()) {
      const request = exampleRequest(operation, { ids: idsOfA }, index);
      const tokens = operation.credential === 'reset' ? await badResetTokens() : badAccessTokens;
      const before = await snapshotDatabase(h.database.db);
      for (const [what, authorization] of tokens) {
        const { authorization: _, ...headers } = request.headers ?? {};
        const response = await h.inject({ ...request, headers: { ...headers, ...(authorization === undefined ? {} : { authorization }) } });
        figures.tokenCases += 1;
        figures.leaks += leaked(response).length;
        // A deploy token is no browser session: refused without sending anyone to a sign-in page.
        const redirect = operation.credential === 'reset' ? '/' : operation.credential === 'deploy' ? undefined : '/login';
        expect({
          route: `${operation.method} ${operation.path}`,
          what,
          status: response.statusCode,
          problems: refusalProblems(response),
          redirect: response.json().redirect,
          leaked: leaked(response),
        }).toEqual({
          route: `${operation.method} ${operation.path}`,
          what,
          status: 401,
          problems: [],
          redirect,
          leaked: [],
        });
      }
      expect({ route: operation.path, changed: changedTables(before, await snapshotDatabase(h.database.db)) }).toEqual({ route: operation.path, changed: [] });
      tried.tokens.add(`${operation.method} ${operation.path}`);
    }
  });

  /** Tokens that must be refused where only a reset token belongs: access tokens, and used or expired reset tokens. */
  async function badResetTokens(): Promise<Array<[string, string | undefined]>> {
    const used = await issueToken(h.database.db, b.id, 'reset', h.clock.now(), 3_600_000);
    await h.database.db.updateTable('auth_tokens').set({ revoked_at: h.clock.now() }).where('user_id', '=', b.id).where('kind', '=', 'reset').execute();
    const expired = await issueToken(h.database.db, a.id, 'reset', new Date(h.clock.now().getTime() - 2 * 3_600_000), 3_600_000);
    for (const token of [used, expired]) h.secrets.add('refused reset token', token);
    return [
      ['no token', undefined],
      ["A's access token", `Bearer ${a.token}`],
      ['a used reset token', `Bearer ${used}`],
      ['an expired reset token', `Bearer ${expired}`],
      ['garbage', 'Bearer garbage'],
    ];
  }

  it('tried every route that needs a token, and every access route with B against A', (t) => {
    const needToken = documentedOperations(h.app).filter((op: Operation) => op.credential !== 'none');
    const routes = needToken.map((op) => `${op.method} ${op.path}`);
    t.diagnostic(
      `figures: idor cases tried=${figures.crossUserCases + figures.tokenCases} (cross-user=${figures.crossUserCases} token=${figures.tokenCases}) routes=${routes.length} leaks=${figures.leaks} changes to A=${figures.changesToA}`,
    );
    expect(routes.filter((route) => !tried.tokens.has(route))).toEqual([]);
    const access = needToken.filter((op) => op.credential === 'access').map((op) => `${op.method} ${op.path}`);
    expect(access.filter((route) => !tried.crossUser.has(route))).toEqual([]);
    expect(figures).toMatchObject({ leaks: 0, changesToA: 0 });
  });

  itLoggedNoSecrets(() => h);
});
