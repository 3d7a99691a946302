/**
 * The canary guard's inputs (docs/RELEASES.md "Canary"): who may vote on a release's health, and
 * what the guard does with the votes. The attacks first: strangers, drivers outside the canary and
 * preview tabs must not be able to roll a canary back.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { RELEASE_PREVIEW_HEADER } from '@blockpilot/shared/constants';
import { bearer, expectFieldErrors, freshIp, mailTo, signUp, startTestApp, type TestApp, type TestDriver } from '../../../test/app.js';
import { TEST_LINK_SIGNING_KEY } from '../../../test/config.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { fakeFrontend } from '../../../test/frontend.js';
import { REACT_19, releaseBuild as build } from '../../../test/releaseBuild.js';
import { RATE_LIMITS } from '../../http/rateLimits.js';
import { LOAD_ASSIGNMENT_TTL_MS, loadAssignment } from './loadAssignment.js';

const RELEASE_TOKEN = 'release-token-for-the-load-report-tests-0123';
const admin = bearer(RELEASE_TOKEN);
const REMOTE = 'mf_dashboard';
/** The guard acts from this many distinct users on (RELEASE_CANARY_MIN_REPORTS of this suite). */
const MIN_USERS = 5;
/** mf_dashboard's team (RELEASE_TEAM_EMAILS), told when the guard rolls its canary back. */
const TEAM = 'dashboard-team@blockpilot.test';

describeEachDatabase('release load reports', (database) => {
  let t: TestApp;
  /** The canary release (2.0.0) and the drivers always in it. */
  let canaryId: string;
  let insiders: TestDriver[];
  before(async () => {
    const frontend = fakeFrontend();
    writeFileSync(path.join(frontend, 'shell/dist/mf-manifest.json'), JSON.stringify({ name: 'shell', shared: REACT_19, exposes: [] }));
    t = await startTestApp(database(), {
      env: {
        RELEASE_TOKEN,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bp-load-reports-')),
        FRONTEND_DIR: frontend,
        RELEASE_CANARY_MIN_REPORTS: String(MIN_USERS),
        RELEASE_CANARY_MAX_FAILURE_PERCENT: '10',
        RELEASE_TEAM_EMAILS: `${REMOTE}=${TEAM}`,
      },
      serveFrontend: true,
    });
    for (const version of ['1.0.0', '2.0.0', '3.0.0'])
      expect((await t.app.inject({ method: 'PUT', url: `/api/releases/${REMOTE}/${version}`, payload: build(REMOTE, `dashboard ${version}`), headers: admin })).statusCode).toBe(
        200,
      );
    expect((await promote({ remote: REMOTE, version: '1.0.0' })).statusCode).toBe(200);
    insiders = await Promise.all(Array.from({ length: MIN_USERS }, () => signUp(t.app, t.database)));
    canaryId = await startCanary('2.0.0', insiders);
  });
  after(async () => {
    await t.app.close();
  });

  function promote(body: object) {
    return t.app.inject({ method: 'POST', url: '/api/releases/channels/production/promote', payload: body, headers: admin });
  }
  /** The dashboard's entry in the remote list a client gets with these headers. */
  async function dashboardEntry(headers: Record<string, string> = {}) {
    const list = (await t.app.inject({ url: '/remotes.json', headers })).json() as {
      remotes: Array<{ name: string; release?: { id: string; version: string; assignment?: string } & Record<string, unknown> }>;
    };
    return list.remotes.find((r) => r.name === REMOTE)!;
  }
  /** The dashboard's entry on production as `status` shows it, with the votes. */
  async function productionEntry() {
    const channels = (await t.app.inject({ url: '/api/releases/channels', headers: admin })).json().data as Array<{ name: string; entries: Array<Record<string, unknown>> }>;
    return channels.find((c) => c.name === 'production')!.entries.find((e) => e.remote === REMOTE) as {
      release: { version: string; health: Record<string, unknown> };
      canary: { id: string; version: string; health: { healthy: number; failed: number; users: number; lastFailure: Record<string, unknown> | null }; verdict: string } | null;
    };
  }
  const NO_VOTES = { healthy: 0, failed: 0, users: 0, lastFailure: null };
  const FAILURE = { stage: 'render', errorName: 'TypeError', stackHash: 'c0ffee'.repeat(10) + 'c0ff' };
  /** A failure report for `releaseId`, as a browser sends it with the assignment it holds (if any). */
  const failureReport = (releaseId: string, assignment = `${Math.floor(Date.now() / 1000) + 600}.${'A'.repeat(43)}`) => ({ releaseId, assignment, failed: true, ...FAILURE });
  function report(payload: object, { headers = {}, address = '127.0.0.1' }: { headers?: Record<string, string>; address?: string } = {}) {
    return t.app.inject({ method: 'POST', url: '/api/releases/loadReports', payload, headers, remoteAddress: address });
  }
  /** What `/remotes.json` gave this driver with the dashboard's release. */
  const assignmentOf = async (driver: TestDriver) => (await dashboardEntry(bearer(driver.token))).release!.assignment!;

  /** Starts `version` as a 5% canary with `named` drivers always in it; returns its release id. */
  async function startCanary(version: string, named: TestDriver[]): Promise<string> {
    const started = await promote({ remote: REMOTE, version, percent: 5, users: named.map((d) => d.email) });
    expect(started.json().data).toMatchObject({ action: 'canary' });
    const entry = await dashboardEntry(bearer(named[0]!.token));
    expect(entry.release).toMatchObject({ version, canary: true, assignment: expect.any(String) });
    return entry.release!.id;
  }

  describe('attacks', () => {
    it("20 failure reports from 20 addresses without a session change nothing, even with an insider's assignment", async () => {
      const stolen = await assignmentOf(insiders[0]!);
      for (let i = 0; i < 20; i += 1) {
        const res = await report(failureReport(canaryId, stolen), { address: `127.0.0.${i + 2}` });
        expect([res.statusCode, res.json().code]).toEqual([401, 'BP_ERR_UNAUTHORIZED']);
      }
      expect((await productionEntry()).canary).toMatchObject({ version: '2.0.0', health: NO_VOTES, verdict: 'waiting' });
      expect((await dashboardEntry(bearer(insiders[0]!.token))).release).toMatchObject({ version: '2.0.0', canary: true });
    });

    it('failure reports from signed-in drivers the canary was not given change nothing', async () => {
      const outsiders: TestDriver[] = [];
      while (outsiders.length < 20) {
        const driver = await signUp(t.app, t.database);
        if ((await dashboardEntry(bearer(driver.token))).release?.version === '1.0.0') outsiders.push(driver);
      }
      for (const [i, driver] of outsiders.entries()) {
        // The best an outsider holds: their assignment of the stable release.
        const res = await report(failureReport(canaryId, await assignmentOf(driver)), { headers: bearer(driver.token), address: `127.0.1.${i + 2}` });
        expect([res.statusCode, res.json().code]).toEqual([403, 'BP_ERR_RELEASE_NOT_ASSIGNED']);
      }
      expect((await productionEntry()).canary).toMatchObject({ version: '2.0.0', health: NO_VOTES });
    });

    it('a tab previewing the canary release through a preview link gets no assignment and does not vote', async () => {
      const link = await t.app.inject({ method: 'POST', url: `/api/releases/${REMOTE}/2.0.0/previewLink`, payload: {}, headers: admin });
      const sealed = new URL(link.json().data.url).searchParams.get('releasePreview')!;
      for (let i = 0; i < MIN_USERS + 1; i += 1) {
        const previewer = await signUp(t.app, t.database);
        const entry = await dashboardEntry({ ...bearer(previewer.token), [RELEASE_PREVIEW_HEADER]: sealed });
        expect(entry.release).toMatchObject({ version: '2.0.0', preview: true });
        expect(entry.release).not.toHaveProperty('assignment');
        const res = await report(failureReport(entry.release!.id), { headers: bearer(previewer.token) });
        expect([res.statusCode, res.json().code]).toEqual([403, 'BP_ERR_RELEASE_NOT_ASSIGNED']);
      }
      expect((await productionEntry()).canary).toMatchObject({ version: '2.0.0', health: NO_VOTES });
    });

    it('refuses an assignment that is forged, expired, of another release, another driver or another channel', async () => {
      const [insider, other] = insiders;
      const held = await assignmentOf(insider!);
      const [expiry] = held.split('.');
      const key = Buffer.from(TEST_LINK_SIGNING_KEY, 'base64');
      const refused = [
        `${expiry}.${'A'.repeat(43)}`, // forged signature
        `${Number(expiry) + 3600}.${held.split('.')[1]}`, // its expiry moved
        loadAssignment(key, { userId: insider!.id, releaseId: await stableId(), channel: 'production' }, t.clock.now()), // the stable release's
        loadAssignment(key, { userId: other!.id, releaseId: canaryId, channel: 'production' }, t.clock.now()), // another driver's
        loadAssignment(key, { userId: insider!.id, releaseId: canaryId, channel: 'staging' }, t.clock.now()), // made on staging
        loadAssignment(Buffer.alloc(32, 1), { userId: insider!.id, releaseId: canaryId, channel: 'production' }, t.clock.now()), // another key
      ];
      for (const assignment of refused) {
        const res = await report(failureReport(canaryId, assignment), { headers: bearer(insider!.token) });
        expect([res.statusCode, res.json().code]).toEqual([403, 'BP_ERR_RELEASE_NOT_ASSIGNED']);
      }
      // Expired: past its lifetime, the driver's genuine assignment no longer counts.
      t.clock.advance(LOAD_ASSIGNMENT_TTL_MS + 5 * 60_000 + 1000);
      const expired = await report(failureReport(canaryId, held), { headers: bearer(insider!.token) });
      expect([expired.statusCode, expired.json().code]).toEqual([403, 'BP_ERR_RELEASE_NOT_ASSIGNED']);
      expect((await productionEntry()).canary).toMatchObject({ health: NO_VOTES });
    });
  });

  /** The stable release's id on production. */
  async function stableId(): Promise<string> {
    return (await dashboardEntry()).release!.id;
  }

  describe('the reports', () => {
    it('need a stage and an error name with a failure, and neither without one (400, nothing counted)', async () => {
      const insider = insiders[0]!;
      const assignment = await assignmentOf(insider);
      const bare = await report({ releaseId: canaryId, assignment, failed: true }, { headers: bearer(insider.token) });
      expectFieldErrors(bare, ['stage', 'errorName']);
      const stray = await report({ releaseId: canaryId, assignment, failed: false, errorName: 'TypeError' }, { headers: bearer(insider.token) });
      expectFieldErrors(stray, ['errorName']);
      const message = await report(
        { ...failureReport(canaryId, assignment), errorName: "Cannot read properties of null (reading 'useCallback')" },
        { headers: bearer(insider.token) },
      );
      expect(message.statusCode).toBe(400);
      expect((await productionEntry()).canary).toMatchObject({ health: NO_VOTES });
    });

    it('count once per driver: a failure replaces a success, a success never replaces a failure', async () => {
      const [first, second] = insiders;
      const success = async (d: TestDriver) => report({ releaseId: canaryId, assignment: await assignmentOf(d), failed: false }, { headers: bearer(d.token) });
      const failure = async (d: TestDriver, stage = 'render') => report({ ...failureReport(canaryId, await assignmentOf(d)), stage }, { headers: bearer(d.token) });
      for (let i = 0; i < 3; i += 1) expect((await success(first!)).statusCode).toBe(200);
      expect((await productionEntry()).canary!.health).toEqual({ healthy: 1, failed: 0, users: 1, lastFailure: null });
      expect((await failure(first!, 'mount')).statusCode).toBe(200);
      expect((await success(first!)).statusCode).toBe(200);
      t.clock.advance(1000);
      expect((await failure(second!, 'load')).statusCode).toBe(200);
      expect((await failure(second!, 'render')).statusCode).toBe(200);
      const { canary } = await productionEntry();
      expect(canary).toMatchObject({
        verdict: 'waiting',
        health: { healthy: 0, failed: 2, users: 2, lastFailure: { stage: 'load', errorName: 'TypeError', stackHash: FAILURE.stackHash } },
      });
    });
  });

  describe('the guard', () => {
    it('waits for enough distinct drivers, then rolls a failing canary back and tells the team what failed', async () => {
      // Two of the insiders failed above; the third and fourth render it, which is not enough users yet.
      for (const d of insiders.slice(2, 4))
        expect((await report({ releaseId: canaryId, assignment: await assignmentOf(d), failed: false }, { headers: bearer(d.token) })).statusCode).toBe(200);
      expect((await productionEntry()).canary).toMatchObject({ version: '2.0.0', verdict: 'waiting', health: { users: MIN_USERS - 1 } });
      // The fifth distinct driver's vote, a success, brings the users to the minimum: 2 of 5 failed is over 10%.
      const last = insiders[MIN_USERS - 1]!;
      expect((await report({ releaseId: canaryId, assignment: await assignmentOf(last), failed: false }, { headers: bearer(last.token) })).statusCode).toBe(200);
      expect((await productionEntry()).canary).toBeNull();
      expect((await dashboardEntry(bearer(last.token))).release).toMatchObject({ version: '1.0.0' });

      const [move] = (await t.app.inject({ url: `/api/releases/channels/production/history?remote=${REMOTE}`, headers: admin })).json().data;
      expect(move).toMatchObject({ action: 'canary-rollback', actor: 'canary-guard', fromVersion: '2.0.0', reason: expect.stringContaining('2 of 5 users failed to run it') });
      expect(move.reason).toContain(`TypeError while mounting (stack ${FAILURE.stackHash.slice(0, 12)}): 1 user`);
      const [mail] = await mailTo(t.database, TEAM);
      expect(mail!.text).toContain('Signed-in users who ran it: 5 (3 rendered it, 2 saw it fail).');
      expect(mail!.text).toContain(`- TypeError while loading (stack ${FAILURE.stackHash}): 1 user`);
    });

    it("judges a new canary on its own votes, not its predecessor's", async () => {
      const next = await startCanary('3.0.0', insiders);
      expect(next).not.toBe(canaryId);
      expect((await productionEntry()).canary).toMatchObject({ version: '3.0.0', health: NO_VOTES, verdict: 'waiting' });
      for (const d of insiders) expect((await report({ releaseId: next, assignment: await assignmentOf(d), failed: false }, { headers: bearer(d.token) })).statusCode).toBe(200);
      expect((await productionEntry()).canary).toMatchObject({ version: '3.0.0', verdict: 'healthy', health: { healthy: MIN_USERS, failed: 0, users: MIN_USERS } });
    });
  });

  describe('rate limits', () => {
    it('answer 429 past the reports one driver may send, and past those one address may send', async () => {
      const driver = await signUp(t.app, t.database);
      const address = freshIp();
      const body = { releaseId: (await dashboardEntry(bearer(driver.token))).release!.id, assignment: await assignmentOf(driver), failed: false };
      for (let i = 0; i < RATE_LIMITS.loadReportsPerUser.max; i += 1) expect((await report(body, { headers: bearer(driver.token), address: freshIp() })).statusCode).toBe(200);
      const limited = await report(body, { headers: bearer(driver.token), address });
      expect([limited.statusCode, limited.json().code]).toEqual([429, 'BP_ERR_RATE_LIMITED']);

      for (let i = 0; i < RATE_LIMITS.loadReportsPerAddress.max; i += 1) await report(body, { address });
      const fromAddress = await report(body, { headers: bearer(insiders[2]!.token), address });
      expect([fromAddress.statusCode, fromAddress.json().code]).toEqual([429, 'BP_ERR_RATE_LIMITED']);
    });
  });
});
