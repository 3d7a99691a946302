/**
 * Releases in the operator console (docs/OPERATIONS.md "Releases"): only admins read the channels
 * and move them (no session 401, a driver or support 403, nothing changes); a rollback and a
 * canary's end need a reason in words and the revision the screen showed; each move is audited in
 * the console's log and in the registry's (actor `admin:<e-mail>`), and every open live stream
 * hears that a release changed (docs/LIVE.md "New releases").
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import type { InjectOptions } from 'fastify';
import { bearer, call, expectFieldErrors, expectSignInRequired, type TestApp, type TestDriver } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { openDevice } from '../../../test/liveStream.js';
import { fakeFrontend } from '../../../test/frontend.js';
import { auditEntriesOf, auditEntryCount, callAs, startOperatorSuite } from '../../../test/operatorSuite.js';
import { REACT_19, releaseBuild } from '../../../test/releaseBuild.js';

const ADMIN_EMAIL = 'release-admin@blockpilot.test';
const RELEASE_TOKEN = 'release-token-for-the-console-tests-0123456789';
const NO_ID = '00000000-0000-4000-8000-000000000000';
const REMOTE = 'mf_account';

async function waitUntil(what: string, check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describeEachDatabase('releases in the operator console', (database) => {
  let t: TestApp;
  let admin: TestDriver;
  let supportUser: TestDriver;
  let driver: TestDriver;
  let baseUrl: string;

  before(async () => {
    // A shell build sharing the singletons the test builds share, as the gate requires (docs/RELEASES.md "Compatibility gate").
    const frontend = fakeFrontend();
    writeFileSync(path.join(frontend, 'shell/dist/mf-manifest.json'), JSON.stringify({ name: 'shell', shared: REACT_19, exposes: [] }));
    ({ t, admin, supportUser, driver } = await startOperatorSuite(database(), ADMIN_EMAIL, ADMIN_EMAIL, undefined, {
      RELEASE_TOKEN,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bp-console-releases-')),
      FRONTEND_DIR: frontend,
    }));
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  after(async () => {
    await t.app.close();
  });

  const as = (who: TestDriver, options: InjectOptions) => callAs(t, who, options);
  const deploy = (method: 'PUT' | 'POST', url: string, payload: object) => t.app.inject({ method, url, payload, headers: bearer(RELEASE_TOKEN) });
  const publish = async (version: string) => expect((await deploy('PUT', `/api/releases/${REMOTE}/${version}`, releaseBuild(REMOTE, `${REMOTE} ${version}`))).statusCode).toBe(200);
  const promote = async (body: object) => expect((await deploy('POST', '/api/releases/channels/production/promote', { remote: REMOTE, ...body })).statusCode).toBe(200);
  const channels = async () => (await as(admin, { url: '/api/admin/releases' })).json().data as Array<ConsoleChannel>;
  const production = async () => (await channels()).find((channel) => channel.name === 'production')!;
  const entryOf = async () => (await production()).entries.find((entry) => entry.remote === REMOTE)!;
  const rollback = (who: TestDriver, payload: object, channel = 'production') => as(who, { method: 'POST', url: `/api/admin/releases/channels/${channel}/rollback`, payload });
  const abortCanary = (who: TestDriver, payload: object) => as(who, { method: 'POST', url: '/api/admin/releases/channels/production/abortCanary', payload });
  const registryMoves = () => t.database.db.selectFrom('release_audit').selectAll().where('action', 'in', ['rollback', 'canary-rollback']).orderBy('id').execute();

  interface ConsoleChannel {
    name: string;
    revision: number;
    entries: Array<{
      remote: string;
      revision?: number;
      release: { id: string; version: string; health?: unknown };
      canary: { id: string; version: string; percent: number; users: string[]; health?: unknown } | null;
    }>;
    history: Array<{ action: string; actor: string; fromVersion: string | null; toVersion: string | null; reason: string | null; revision: number }>;
  }

  before(async () => {
    for (const version of ['1.0.0', '1.1.0', '1.2.0']) await publish(version);
    await promote({ version: '1.0.0' });
    await promote({ version: '1.1.0' });
    await promote({ version: '1.2.0', percent: 10, users: ['pilot@example.com'] });
  });

  const ROUTES = (): InjectOptions[] => [
    { method: 'GET', url: '/api/admin/releases' },
    { method: 'POST', url: '/api/admin/releases/channels/production/rollback', payload: { remote: REMOTE, expectedRevision: 3, reason: 'probe' } },
    { method: 'POST', url: '/api/admin/releases/channels/production/abortCanary', payload: { remote: REMOTE, canaryId: NO_ID, expectedRevision: 3, reason: 'probe' } },
  ];

  it('answers 401 without a session, 403 to a driver and to support, and nothing moves or is audited', async () => {
    const audited = await auditEntryCount(t);
    for (const route of ROUTES()) {
      expectSignInRequired(await call(t.app, route));
      const byDriver = await as(driver, route);
      expect([route.url, byDriver.statusCode, byDriver.json()]).toEqual([route.url, 403, { code: 'BP_ERR_FORBIDDEN', alert: 'This page is for BlockPilot operators.' }]);
      const bySupport = await as(supportUser, route);
      expect([route.url, bySupport.statusCode, bySupport.json()]).toEqual([route.url, 403, { code: 'BP_ERR_FORBIDDEN', alert: 'Only an admin may do this.' }]);
    }
    expect(await auditEntryCount(t)).toBe(audited);
    expect(await registryMoves()).toEqual([]);
  });

  it("shows an admin each channel's stable release and canary with its latest moves, newest first (the read is not recorded)", async () => {
    const channel = await production();
    expect(channel.revision).toBe(3);
    expect(channel.entries).toEqual([
      expect.objectContaining({
        remote: REMOTE,
        release: expect.objectContaining({ id: expect.any(String), version: '1.1.0' }),
        canary: expect.objectContaining({ id: expect.any(String), version: '1.2.0', percent: 10, users: ['pilot@example.com'] }),
      }),
    ]);
    // Each release's votes and the guard's verdict, as the registry's status tells them (docs/RELEASES.md "Canary").
    expect(channel.entries[0]!.canary).toMatchObject({ health: { healthy: 0, failed: 0, users: 0, lastFailure: null }, verdict: 'waiting' });
    expect(channel.entries[0]!.release).toMatchObject({ health: { users: 0 } });
    expect(channel.history.map((move) => [move.action, move.fromVersion, move.toVersion, move.revision, move.actor])).toEqual([
      ['canary', '1.1.0', '1.2.0', 3, 'RELEASE_TOKEN'],
      ['promote', '1.0.0', '1.1.0', 2, 'RELEASE_TOKEN'],
      ['promote', null, '1.0.0', 1, 'RELEASE_TOKEN'],
    ]);
    // Data about no driver: the read is not recorded (docs/OPERATIONS.md "Audit").
    expect(await auditEntriesOf(t, 'releases.view')).toEqual([]);
  });

  it('needs a reason in words: missing, empty or blank is a 400 under `reason` and nothing moves', async () => {
    const { canary } = await entryOf();
    expectFieldErrors(await rollback(admin, { remote: REMOTE, expectedRevision: 3 }), ['reason']);
    expectFieldErrors(await rollback(admin, { remote: REMOTE, expectedRevision: 3, reason: '' }), ['reason']);
    const blank = await rollback(admin, { remote: REMOTE, expectedRevision: 3, reason: ' \n\t ' });
    expectFieldErrors(blank, ['reason']);
    expect(blank.json().errors.reason).toBe('Say why, in words: the reason is kept in the audit log.');
    expectFieldErrors(await abortCanary(admin, { remote: REMOTE, canaryId: canary!.id, expectedRevision: 3, reason: '   ' }), ['reason']);
    expectFieldErrors(await rollback(admin, { remote: 'mf_nothing', expectedRevision: -1, reason: 'x' }), ['remote', 'expectedRevision']);
    expect((await production()).revision).toBe(3);
    expect(await registryMoves()).toEqual([]);
    expect([...(await auditEntriesOf(t, 'release.rollback')), ...(await auditEntriesOf(t, 'release.abortCanary'))]).toEqual([]);
  });

  it('refuses a move of a channel that moved since the screen showed it (409 with the revision), and ends no other canary', async () => {
    const { canary } = await entryOf();
    const stale = await rollback(admin, { remote: REMOTE, expectedRevision: 2, reason: 'the canary fails' });
    expect([stale.statusCode, stale.json().code, stale.json().data]).toEqual([409, 'BP_ERR_RELEASE_REVISION_CONFLICT', expect.objectContaining({ revision: 3 })]);
    const otherCanary = await abortCanary(admin, { remote: REMOTE, canaryId: NO_ID, expectedRevision: 3, reason: 'the canary fails' });
    expect([otherCanary.statusCode, otherCanary.json().code]).toEqual([409, 'BP_ERR_RELEASE_NOTHING_TO_ROLL_BACK']);
    expect((await entryOf()).canary?.id).toBe(canary!.id);
    expect(await registryMoves()).toEqual([]);
  });

  describe('an admin', () => {
    it('ends the canary: audited in both logs, and every open live stream hears that a release changed', async () => {
      const stream = await openDevice(baseUrl, driver.token);
      try {
        await waitUntil('the stream to open', () => stream.events.length > 0);
        const { canary } = await entryOf();
        const res = await abortCanary(admin, { remote: REMOTE, canaryId: canary!.id, expectedRevision: 3, reason: '  Checkout fails in the canary  ' });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          data: { channel: 'production', remote: REMOTE, action: 'canary-rollback', version: '1.1.0', fromVersion: '1.2.0', revision: 4 },
          alert: 'The canary of mf_account (1.2.0) on production is ended; everyone gets 1.1.0.',
        });
        expect(await entryOf()).toMatchObject({ release: { version: '1.1.0' }, canary: null });
        await waitUntil('the releases event', () => stream.events.some((event) => event.type === 'releases'));
      } finally {
        stream.close();
      }

      const [registryEntry] = await registryMoves();
      expect(registryEntry).toMatchObject({
        actor: `admin:${ADMIN_EMAIL}`,
        action: 'canary-rollback',
        channel: 'production',
        remote: REMOTE,
        reason: 'Checkout fails in the canary',
        revision: 4,
      });
      const [consoleEntry] = await auditEntriesOf(t, 'release.abortCanary');
      expect(consoleEntry).toMatchObject({
        actor_id: admin.id,
        actor_email: ADMIN_EMAIL,
        subject: `release:production/${REMOTE}`,
        reason: 'Checkout fails in the canary',
        before: { version: '1.2.0', revision: 3 },
        after: { version: '1.1.0', revision: 4, move: 'canary-rollback' },
      });
      expect((await production()).history[0]).toMatchObject({ action: 'canary-rollback', actor: `admin:${ADMIN_EMAIL}`, reason: 'Checkout fails in the canary' });
    });

    it('rolls the remote back to the release live before: audited in both logs', async () => {
      const res = await rollback(admin, { remote: REMOTE, expectedRevision: 4, reason: 'Account page is blank on Safari' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        data: { action: 'rollback', version: '1.0.0', fromVersion: '1.1.0', revision: 5 },
        alert: 'mf_account is back to 1.0.0 on production.',
      });
      expect((await entryOf()).release.version).toBe('1.0.0');
      expect((await registryMoves()).at(-1)).toMatchObject({ actor: `admin:${ADMIN_EMAIL}`, action: 'rollback', reason: 'Account page is blank on Safari', revision: 5 });
      expect((await auditEntriesOf(t, 'release.rollback')).at(-1)).toMatchObject({
        actor_id: admin.id,
        subject: `release:production/${REMOTE}`,
        reason: 'Account page is blank on Safari',
        after: { version: '1.0.0', revision: 5, move: 'rollback' },
      });
    });

    it("names the remote's own revision, which a move of another remote since leaves as it was", async () => {
      await publish('1.3.0');
      await promote({ version: '1.3.0' });
      expect((await deploy('PUT', '/api/releases/mf_auth/1.0.0', releaseBuild('mf_auth', 'mf_auth 1.0.0'))).statusCode).toBe(200);
      expect((await deploy('POST', '/api/releases/channels/production/promote', { remote: 'mf_auth', version: '1.0.0' })).statusCode).toBe(200);
      const channel = await production();
      const entry = channel.entries.find((each) => each.remote === REMOTE)!;
      expect([channel.revision, entry.revision]).toEqual([7, 6]);
      const res = await rollback(admin, { remote: REMOTE, expectedRevision: entry.revision, reason: '1.3.0 logs drivers out' });
      expect([res.statusCode, res.json().data?.version]).toEqual([200, '1.0.0']);
    });

    it('is told when there is nothing to roll back to, and nothing is audited as a move', async () => {
      const moves = (await registryMoves()).length;
      const res = await rollback(admin, { remote: REMOTE, expectedRevision: 8, reason: 'once more' });
      expect([res.statusCode, res.json().code]).toEqual([409, 'BP_ERR_RELEASE_NOTHING_TO_ROLL_BACK']);
      expect(await registryMoves()).toHaveLength(moves);
      expect(await auditEntriesOf(t, 'release.rollback')).toHaveLength(2);
    });
  });
});
