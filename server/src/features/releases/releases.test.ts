import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { sql } from 'kysely';
import { RELEASE_PREVIEW_HEADER } from '@blockpilot/shared/constants';
import { bearer, mailTo, signUp, startTestApp, type TestApp, type TestDriver } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { fakeFrontend } from '../../../test/frontend.js';
import { buildFile as file, integrityOf, REACT_19, releaseBuild as build } from '../../../test/releaseBuild.js';

const RELEASE_TOKEN = 'release-token-for-the-route-tests-0123456789';
/** mf_account's team (RELEASE_TEAM_EMAILS), told when its canary is rolled back. */
const ACCOUNT_TEAM = 'account-team@blockpilot.test';
const ACCOUNT_ONCALL = 'account-oncall@blockpilot.test';
const admin = bearer(RELEASE_TOKEN);
const REACT_18 = [
  { name: 'react', version: '18.3.1', requiredVersion: '^18.3.1' },
  { name: 'react-dom', version: '18.3.1', requiredVersion: '^18.3.1' },
];

describeEachDatabase('release registry routes', (database) => {
  let t: TestApp;
  let dataDir: string;
  let driver: TestDriver;
  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bp-releases-'));
    const frontend = fakeFrontend();
    // The shell's build requires the same React as REACT_19.
    writeFileSync(path.join(frontend, 'shell/dist/mf-manifest.json'), JSON.stringify({ name: 'shell', shared: REACT_19, exposes: [] }));
    t = await startTestApp(database(), {
      env: {
        RELEASE_TOKEN,
        DATA_DIR: dataDir,
        FRONTEND_DIR: frontend,
        RELEASE_CANARY_MIN_REPORTS: '4',
        RELEASE_CANARY_MAX_FAILURE_PERCENT: '25',
        RELEASE_TEAM_EMAILS: `mf_account=${ACCOUNT_TEAM},mf-account=${ACCOUNT_ONCALL}`,
      },
      serveFrontend: true,
    });
    driver = await signUp(t.app, t.database);
  });
  after(async () => {
    await t.app.close();
  });

  const publish = (remote: string, version: string, body: object, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'PUT', url: `/api/releases/${remote}/${version}`, payload: body, headers });
  const promote = (channel: string, body: object, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'POST', url: `/api/releases/channels/${channel}/promote`, payload: body, headers });
  const rollback = (channel: string, body: object, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'POST', url: `/api/releases/channels/${channel}/rollback`, payload: body, headers });
  const remoteList = async (headers: Record<string, string> = {}) => (await t.app.inject({ url: '/remotes.json', headers })).json();
  const entryOf = async (name: string, headers: Record<string, string> = {}) => (await remoteList(headers)).remotes.find((r: { name: string }) => r.name === name);

  describe('publish', () => {
    it('needs a deploy token', async () => {
      const res = await publish('mf_auth', '0.0.1', build('mf_auth', 'x'), {});
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('BP_ERR_RELEASE_TOKEN_REQUIRED');
      expect((await publish('mf_auth', '0.0.1', build('mf_auth', 'x'), bearer('wrong-token-0123456789012345'))).statusCode).toBe(401);
    });

    it("stores an immutable release with each file's integrity, and refuses the same version again (409)", async () => {
      const res = await publish('mf_auth', '1.0.0', build('mf_auth', 'auth v1'));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        remote: 'mf_auth',
        version: '1.0.0',
        gitCommit: 'abc1234',
        publishedBy: 'RELEASE_TOKEN',
        entry: '/releases/mf_auth/1.0.0/mf-manifest.json',
        exposes: ['./App', './lifecycle'],
        shared: REACT_19,
      });
      const again = await publish('mf_auth', '1.0.0', build('mf_auth', 'something else'));
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('BP_ERR_RELEASE_EXISTS');
      const detail = (await t.app.inject({ url: '/api/releases/mf_auth/1.0.0', headers: admin })).json().data;
      expect(detail.files.find((f: { path: string }) => f.path === 'app.0123abcd.js').integrity).toBe(integrityOf(Buffer.from('render("auth v1")')));
    });

    it('refuses a build whose bytes do not match the integrity sent, or without a manifest of this remote', async () => {
      const damaged = build('mf_auth', 'x');
      damaged.files[2]!.content = Buffer.from('tampered').toString('base64');
      const res = await publish('mf_auth', '0.9.0', damaged);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BP_ERR_RELEASE_INVALID_BUILD', errors: { files: expect.stringContaining('app.0123abcd.js') } });
      expect((await publish('mf_auth', '0.9.0', { files: [file('remoteEntry.js', 'x')] })).json().errors).toEqual({ files: expect.stringContaining('mf-manifest.json') });
      expect((await publish('mf_auth', '0.9.0', build('mf_account', 'x'))).json().errors).toEqual({ manifest: expect.stringContaining('mf_account') });
      expect((await t.app.inject({ url: '/api/releases?remote=mf_auth', headers: admin })).json().data.map((r: { version: string }) => r.version)).toEqual(['1.0.0']);
    });

    it('reports bad names, versions and paths per field', async () => {
      expect((await publish('mf_nope', '1.0.0', build('mf_nope', 'x'))).json().errors).toHaveProperty('remote');
      expect((await publish('mf_auth', 'latest', build('mf_auth', 'x'))).json().errors).toHaveProperty('version');
      const escaping = build('mf_auth', 'x');
      escaping.files.push(file('../../etc/passwd', 'x'));
      expect((await publish('mf_auth', '0.9.1', escaping)).statusCode).toBe(400);
    });
  });

  describe('release files', () => {
    it('serves each file at its immutable URL with its integrity', async () => {
      const res = await t.app.inject({ url: '/releases/mf_auth/1.0.0/app.0123abcd.js' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('render("auth v1")');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers.etag).toBe(`"${integrityOf(Buffer.from('render("auth v1")'))}"`);
      expect((await t.app.inject({ url: '/releases/mf_auth/1.0.0/app.0123abcd.js', headers: { 'if-none-match': res.headers.etag as string } })).statusCode).toBe(304);
      expect((await t.app.inject({ url: '/releases/mf_auth/1.0.0/nothing.js' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/releases/mf_auth/7.7.7/remoteEntry.js' })).statusCode).toBe(404);
    });

    it('does not serve a file changed on disk after publish (fail closed)', async () => {
      expect((await publish('mf_landing', '1.0.0', build('mf_landing', 'landing to be tampered with'))).statusCode).toBe(200);
      const blobs = path.join(dataDir, 'releases', 'blobs');
      const target = createHash('sha384').update('render("landing to be tampered with")').digest('hex');
      expect(readdirSync(blobs)).toContain(target);
      writeFileSync(path.join(blobs, target), 'render("evil")');
      const res = await t.app.inject({ url: '/releases/mf_landing/1.0.0/app.0123abcd.js' });
      expect(res.statusCode).toBe(503);
      expect(res.body).not.toContain('evil');
      expect(res.headers['cache-control']).toBe('no-store');
    });
  });

  describe('channels', () => {
    it('keeps the configured REMOTE_*_URL while a remote has no release on the channel', async () => {
      expect(await entryOf('mf_account')).toEqual({ name: 'mf_account', entry: '/remotes/mf-account/mf-manifest.json' });
    });

    it('promotes, serves the release to new page loads at once, and rolls back through the history', async () => {
      expect((await publish('mf_auth', '2.0.0', build('mf_auth', 'auth v2'))).statusCode).toBe(200);
      expect((await publish('mf_auth', '3.0.0', build('mf_auth', 'auth v3'))).statusCode).toBe(200);
      const first = await promote('production', { remote: 'mf_auth', version: '1.0.0' });
      expect(first.json().data).toMatchObject({ action: 'promote', version: '1.0.0', fromVersion: null, forced: false });
      expect((await entryOf('mf_auth')).entry).toBe('/releases/mf_auth/1.0.0/mf-manifest.json');
      expect((await promote('production', { remote: 'mf_auth', version: '2.0.0' })).statusCode).toBe(200);
      expect((await promote('production', { remote: 'mf_auth', version: '3.0.0' })).statusCode).toBe(200);
      // With the sha384 of its manifest and remote entry, which the shell loads them with.
      expect((await entryOf('mf_auth')).release).toMatchObject({ version: '3.0.0', integrity: expect.stringMatching(/^sha384-/), entryIntegrity: integrityOf('var mf_auth;') });

      expect((await rollback('production', { remote: 'mf_auth', reason: 'login broken' })).json().data).toMatchObject({
        action: 'rollback',
        version: '2.0.0',
        fromVersion: '3.0.0',
      });
      expect((await rollback('production', { remote: 'mf_auth' })).json().data.version).toBe('1.0.0');
      const none = await rollback('production', { remote: 'mf_auth' });
      expect(none.statusCode).toBe(409);
      expect(none.json().code).toBe('BP_ERR_RELEASE_NOTHING_TO_ROLL_BACK');
      expect((await entryOf('mf_auth')).entry).toBe('/releases/mf_auth/1.0.0/mf-manifest.json');

      const history = (await t.app.inject({ url: '/api/releases/channels/production/history?remote=mf_auth', headers: admin })).json().data;
      expect(history.map((h: { action: string; toVersion: string }) => `${h.action} ${h.toVersion}`)).toEqual([
        'rollback 1.0.0',
        'rollback 2.0.0',
        'promote 3.0.0',
        'promote 2.0.0',
        'promote 1.0.0',
      ]);
      expect(history[1]).toMatchObject({ reason: 'login broken', actor: 'RELEASE_TOKEN', fromVersion: '3.0.0' });
    });

    it('answers the remote list with an ETag and no-cache, and 304 when unchanged', async () => {
      const res = await t.app.inject({ url: '/remotes.json' });
      expect(res.headers['cache-control']).toBe('no-cache');
      const again = await t.app.inject({ url: '/remotes.json', headers: { 'if-none-match': res.headers.etag as string } });
      expect(again.statusCode).toBe(304);
    });

    it('refuses a move from a stale revision (compare-and-swap), and lets exactly one of two racing moves win', async () => {
      const { revision } = (await t.app.inject({ url: '/api/releases/channels', headers: admin })).json().data.find((c: { name: string }) => c.name === 'production');
      const stale = await promote('production', { remote: 'mf_auth', version: '2.0.0', expectedRevision: revision - 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'BP_ERR_RELEASE_REVISION_CONFLICT', data: { revision } });
      const racing = await Promise.all([
        promote('production', { remote: 'mf_auth', version: '2.0.0', expectedRevision: revision }),
        promote('production', { remote: 'mf_auth', version: '3.0.0', expectedRevision: revision }),
      ]);
      expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const after = (await t.app.inject({ url: '/api/releases/channels', headers: admin })).json().data.find((c: { name: string }) => c.name === 'production');
      expect(after.revision).toBe(revision + 1);
    });

    it('refuses a release built against another React major, naming each mismatch; --force needs a reason and is recorded', async () => {
      expect((await publish('mf_account', '1.0.0', build('mf_account', 'account v1'))).statusCode).toBe(200);
      expect((await promote('production', { remote: 'mf_account', version: '1.0.0' })).statusCode).toBe(200);
      expect((await publish('mf_dashboard', '9.0.0', build('mf_dashboard', 'react 18', { shared: REACT_18 }))).statusCode).toBe(200);
      const refused = await promote('production', { remote: 'mf_dashboard', version: '9.0.0' });
      const pr = 'pr-18';
      expect(refused.statusCode).toBe(409);
      const body = refused.json();
      expect(body.code).toBe('BP_ERR_RELEASE_GATE_REFUSED');
      expect(body.alert).toContain('mf_dashboard@9.0.0 provides react 18.3.1, but shell requires 19.3.1');
      // mf_auth is at whichever of the two racing promotes above won.
      expect(body.data.mismatches.map((m: { party: string }) => m.party)).toEqual(
        expect.arrayContaining(['shell', expect.stringMatching(/^mf_auth@[23]\.0\.0$/), 'mf_account@1.0.0']),
      );
      expect((await entryOf('mf_dashboard')).release).toBeUndefined();

      // Forced on a named preview channel, so production stays consistent for the tests below.
      expect((await promote(pr, { remote: 'mf_dashboard', version: '9.0.0', force: true })).json().errors).toHaveProperty('reason');
      const forced = await promote(pr, { remote: 'mf_dashboard', version: '9.0.0', force: true, reason: 'testing the upgrade on production' });
      expect(forced.json().data).toMatchObject({ forced: true, action: 'promote' });
      const audit = (await t.app.inject({ url: '/api/releases/audit?remote=mf_dashboard', headers: admin })).json().data;
      expect(audit.map((a: { action: string; channel: string | null }) => `${a.action} ${a.channel}`)).toEqual([`promote ${pr}`, 'promote-refused production', 'publish null']);
      expect(audit[0]).toMatchObject({ forced: true, reason: 'testing the upgrade on production', detail: { mismatches: expect.any(Array) } });
      // ?limit= as a query string writes it: a number in text.
      const latest = await t.app.inject({ url: '/api/releases/audit?remote=mf_dashboard&limit=2', headers: admin });
      expect(latest.json().data.map((a: { action: string }) => a.action)).toEqual(['promote', 'promote-refused']);
      const moves = await t.app.inject({ url: `/api/releases/channels/${pr}/history?limit=1`, headers: admin });
      expect(moves.json().data).toHaveLength(1);
      for (const limit of ['0', '501', 'ten', '-1']) {
        const refused = await t.app.inject({ url: `/api/releases/audit?limit=${limit}`, headers: admin });
        expect([limit, refused.statusCode, Object.keys(refused.json().errors ?? {})]).toEqual([limit, 400, ['limit']]);
      }
    });

    it('refuses a build that stopped exposing ./App', async () => {
      expect((await publish('mf_account', '1.1.0', build('mf_account', 'no app', { exposes: ['./lifecycle'] }))).statusCode).toBe(200);
      const refused = await promote('staging', { remote: 'mf_account', version: '1.1.0' });
      expect(refused.json().data.mismatches).toEqual([expect.objectContaining({ kind: 'missing-expose', subject: './App' })]);
    });
  });

  describe('canary', () => {
    it('gives a sticky share of signed-in users the canary and a named user always, and rolls it back when browsers fail', async () => {
      expect((await publish('mf_account', '2.0.0', build('mf_account', 'account v2'))).statusCode).toBe(200);
      const named = await signUp(t.app, t.database);
      // Named too, so they surely have the canary: the drivers whose browsers vote on it below.
      const voters = await Promise.all(Array.from({ length: 4 }, () => signUp(t.app, t.database)));
      const canary = await promote('production', { remote: 'mf_account', version: '2.0.0', percent: 50, users: [named.email, ...voters.map((v) => v.id)] });
      expect(canary.json().data).toMatchObject({ action: 'canary', version: '2.0.0' });
      expect((await entryOf('mf_account')).release.version).toBe('1.0.0');
      expect((await entryOf('mf_account', bearer(named.token))).release).toMatchObject({ version: '2.0.0', canary: true });
      const drivers = [driver, ...(await Promise.all(Array.from({ length: 11 }, () => signUp(t.app, t.database))))];
      const versions = await Promise.all(drivers.map(async (d) => (await entryOf('mf_account', bearer(d.token))).release.version));
      expect(new Set(versions)).toEqual(new Set(['1.0.0', '2.0.0']));
      expect(await Promise.all(drivers.map(async (d) => (await entryOf('mf_account', bearer(d.token))).release.version))).toEqual(versions);

      const releaseId = (await entryOf('mf_account', bearer(named.token))).release.id;
      // Each voter's browser sends back the assignment its remote list came with (docs/RELEASES.md "Canary").
      const report = async (d: TestDriver, failed: boolean) => {
        const { assignment } = (await entryOf('mf_account', bearer(d.token))).release;
        const failure = failed ? { stage: 'render', errorName: 'TypeError', stackHash: 'ab'.repeat(32) } : {};
        return t.app.inject({ method: 'POST', url: '/api/releases/loadReports', payload: { releaseId, assignment, failed, ...failure }, headers: bearer(d.token) });
      };
      expect((await report(voters[0]!, false)).statusCode).toBe(200);
      expect((await report(voters[1]!, false)).statusCode).toBe(200);
      expect((await report(voters[2]!, true)).statusCode).toBe(200);
      expect((await entryOf('mf_account', bearer(named.token))).release.version).toBe('2.0.0');
      await report(voters[2]!, true); // the same driver again counts once
      await report(voters[3]!, true);
      expect((await entryOf('mf_account', bearer(named.token))).release.version).toBe('1.0.0');
      const [last] = (await t.app.inject({ url: '/api/releases/channels/production/history?remote=mf_account', headers: admin })).json().data;
      expect(last).toMatchObject({ action: 'canary-rollback', actor: 'canary-guard', fromVersion: '2.0.0', toVersion: '1.0.0', reason: expect.stringContaining('2 of 4 users') });
      expect(last.reason).toContain(`TypeError while rendering (stack ${'ab'.repeat(6)}): 2 users`);
      // The team is told by e-mail, each of its addresses once; no other team is.
      for (const to of [ACCOUNT_TEAM, ACCOUNT_ONCALL]) {
        const [mail, ...more] = await mailTo(t.database, to);
        expect(more).toEqual([]);
        expect(mail).toMatchObject({ subject: 'Canary rolled back: mf_account 2.0.0 on production', text: expect.stringContaining('2 of 4 users failed to run it') });
        expect(mail!.text).toContain(`- TypeError while rendering (stack ${'ab'.repeat(32)}): 2 users`);
        expect(mail!.text).toContain('npm run release -- history mf_account');
      }
      expect(await t.database.db.selectFrom('outbox').select('to_address').where('subject', 'like', 'Canary rolled back%').execute()).toHaveLength(2);
    });

    it('a rollback during a canary ends the canary and keeps the stable release, and a person rolling back e-mails no team', async () => {
      expect((await promote('production', { remote: 'mf_account', version: '2.0.0', users: ['someone@example.com'] })).statusCode).toBe(200);
      expect((await rollback('production', { remote: 'mf_account' })).json().data).toMatchObject({ action: 'canary-rollback', version: '1.0.0' });
      expect(await t.database.db.selectFrom('outbox').select('to_address').where('subject', 'like', 'Canary rolled back%').execute()).toHaveLength(2);
    });
  });

  describe('deploy tokens', () => {
    it('are minted and revoked with RELEASE_TOKEN only, and act on their own remote only', async () => {
      const minted = await t.app.inject({ method: 'POST', url: '/api/releases/tokens', payload: { label: 'landing team CI', remote: 'mf_landing' }, headers: admin });
      expect(minted.statusCode).toBe(200);
      const { token, id } = minted.json().data;
      expect(token).toMatch(/^bprt_/);
      const team = bearer(token);
      expect((await publish('mf_landing', '2.0.0', build('mf_landing', 'landing v2'), team)).json().data.publishedBy).toBe('token:landing team CI');
      const other = await publish('mf_auth', '4.0.0', build('mf_auth', 'x'), team);
      expect(other.statusCode).toBe(403);
      expect(other.json().code).toBe('BP_ERR_RELEASE_TOKEN_SCOPE');
      expect((await promote('production', { remote: 'mf_auth', version: '1.0.0' }, team)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/releases/tokens', payload: { label: 'escalate', remote: 'mf_auth' }, headers: team })).json().code).toBe(
        'BP_ERR_RELEASE_ADMIN_REQUIRED',
      );
      expect((await t.app.inject({ url: '/api/releases/tokens', headers: admin })).json().data).toEqual([expect.not.objectContaining({ token: expect.anything() })]);

      expect((await t.app.inject({ method: 'DELETE', url: `/api/releases/tokens/${id}`, headers: admin })).json().data.revokedAt).toEqual(expect.any(String));
      expect((await publish('mf_landing', '2.0.1', build('mf_landing', 'x'), team)).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/releases/tokens/00000000-0000-4000-8000-000000000000', headers: admin })).statusCode).toBe(404);
    });
  });

  describe('preview links', () => {
    it('swap one remote for the release for whoever holds the link, until it expires', async () => {
      const link = await t.app.inject({ method: 'POST', url: '/api/releases/mf_landing/2.0.0/previewLink', payload: { hours: 1 }, headers: admin });
      expect(link.statusCode).toBe(200);
      const sealed = new URL(link.json().data.url).searchParams.get('releasePreview')!;
      const list = await remoteList({ [RELEASE_PREVIEW_HEADER]: sealed });
      expect(list.remotes.find((r: { name: string }) => r.name === 'mf_landing').release).toMatchObject({ version: '2.0.0', preview: true });
      expect(list.releasePreview).toMatchObject({ remote: 'mf_landing', version: '2.0.0' });
      expect((await entryOf('mf_landing')).release).toBeUndefined();
      expect((await remoteList({ [RELEASE_PREVIEW_HEADER]: `${sealed}x` })).releasePreview).toEqual({ invalid: true });
      t.clock.advance(2 * 3_600_000);
      expect((await remoteList({ [RELEASE_PREVIEW_HEADER]: sealed })).releasePreview).toEqual({ invalid: true });
    });

    it('for a channel, swap one remote for whatever release of it the channel serves when the page loads', async () => {
      const channelLink = (channel: string, payload: object, headers: Record<string, string> = admin) =>
        t.app.inject({ method: 'POST', url: `/api/releases/channels/${channel}/previewLink`, payload, headers });
      const notYet = await channelLink('staging', { remote: 'mf_landing' });
      expect([notYet.statusCode, notYet.json().code]).toEqual([404, 'BP_ERR_RELEASE_NOT_ON_CHANNEL']);
      expect((await promote('staging', { remote: 'mf_landing', version: '2.0.0' })).statusCode).toBe(200);

      const link = await channelLink('staging', { remote: 'mf_landing', hours: 2 });
      expect(link.statusCode).toBe(200);
      expect(Date.parse(link.json().data.expiresAt) - t.clock.now().getTime()).toBe(2 * 3_600_000);
      const sealed = new URL(link.json().data.url).searchParams.get('releasePreview')!;
      const swapped = async () => {
        const list = await remoteList({ [RELEASE_PREVIEW_HEADER]: sealed });
        return { landing: list.remotes.find((r: { name: string }) => r.name === 'mf_landing').release, banner: list.releasePreview };
      };
      expect(await swapped()).toMatchObject({ landing: { version: '2.0.0', preview: true }, banner: { remote: 'mf_landing', version: '2.0.0', channel: 'staging' } });
      // The channel moves on: the same link shows the new release, and production is untouched.
      expect((await publish('mf_landing', '2.1.0', build('mf_landing', 'landing v2.1'))).statusCode).toBe(200);
      expect((await promote('staging', { remote: 'mf_landing', version: '2.1.0' })).statusCode).toBe(200);
      expect(await swapped()).toMatchObject({ landing: { version: '2.1.0', preview: true }, banner: { version: '2.1.0', channel: 'staging' } });
      expect((await entryOf('mf_landing')).release?.version).not.toBe('2.1.0');
      const audited = (await t.app.inject({ url: '/api/releases/audit?remote=mf_landing&channel=staging', headers: admin }))
        .json()
        .data.filter((e: { action: string }) => e.action === 'preview-link');
      expect(audited).toEqual([expect.objectContaining({ channel: 'staging', toVersion: '2.0.0' })]);

      // A team's token previews only its own remote; a remote unknown to the registry is a 400.
      const minted = await t.app.inject({ method: 'POST', url: '/api/releases/tokens', payload: { label: 'auth team CI', remote: 'mf_auth' }, headers: admin });
      const refused = await channelLink('staging', { remote: 'mf_landing' }, bearer(minted.json().data.token));
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'BP_ERR_RELEASE_TOKEN_SCOPE']);
      expect((await channelLink('staging', { remote: 'mf_billing' })).statusCode).toBe(400);
      t.clock.advance(3 * 3_600_000);
      expect((await swapped()).banner).toEqual({ invalid: true });
    });
  });

  it('keeps the audit log append-only in the database itself', async () => {
    await expect(sql`update release_audit set actor = 'someone else'`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from release_audit`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });
});
