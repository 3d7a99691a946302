/**
 * Deploy tokens in the operator console (docs/OPERATIONS.md "Deploy tokens"): only admins list,
 * mint and revoke them (no session 401, a driver or support 403, nothing changes); each change is
 * audited in the console's log and the registry's, never with the token; a minted token publishes
 * its own remote only, and is refused the moment it is revoked.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import type { InjectOptions } from 'fastify';
import { bearer, call, expectFieldErrors, expectSignInRequired, type TestApp, type TestDriver } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { auditEntriesOf, auditEntryCount, callAs, startOperatorSuite } from '../../../test/operatorSuite.js';
import { releaseBuild } from '../../../test/releaseBuild.js';

const ADMIN_EMAIL = 'deploy-admin@blockpilot.test';
const NO_ID = '00000000-0000-4000-8000-000000000000';

describeEachDatabase('deploy tokens in the operator console', (database) => {
  let t: TestApp;
  let admin: TestDriver;
  let supportUser: TestDriver;
  let driver: TestDriver;

  before(async () => {
    ({ t, admin, supportUser, driver } = await startOperatorSuite(database(), ADMIN_EMAIL));
  });
  after(async () => {
    await t.app.close();
  });

  const as = (who: TestDriver, options: InjectOptions) => callAs(t, who, options);
  const mint = (who: TestDriver, payload: object) => as(who, { method: 'POST', url: '/api/admin/deployTokens', payload });
  const revoke = (who: TestDriver, id: string, payload: object) => as(who, { method: 'POST', url: `/api/admin/deployTokens/${id}/revoke`, payload });
  const publish = (token: string, remote: string, version: string) =>
    t.app.inject({ method: 'PUT', url: `/api/releases/${remote}/${version}`, payload: releaseBuild(remote, `${remote} ${version}`), headers: bearer(token) });
  const tokenRows = () => t.database.db.selectFrom('release_tokens').selectAll().execute();
  const registryAudit = (action: string) => t.database.db.selectFrom('release_audit').selectAll().where('action', '=', action).orderBy('id').execute();

  const ROUTES = (): InjectOptions[] => [
    { method: 'GET', url: '/api/admin/deployTokens' },
    { method: 'POST', url: '/api/admin/deployTokens', payload: { label: 'probe', remote: 'mf_auth' } },
    { method: 'POST', url: `/api/admin/deployTokens/${NO_ID}/revoke`, payload: { reason: 'probe' } },
  ];

  it('answers 401 without a session, 403 to a driver and to support, and nothing changes', async () => {
    const audited = await auditEntryCount(t);
    for (const route of ROUTES()) {
      expectSignInRequired(await call(t.app, route));
      const byDriver = await as(driver, route);
      expect([route.url, byDriver.statusCode, byDriver.json()]).toEqual([route.url, 403, { code: 'BP_ERR_FORBIDDEN', alert: 'This page is for BlockPilot operators.' }]);
      const bySupport = await as(supportUser, route);
      expect([route.url, bySupport.statusCode, bySupport.json()]).toEqual([route.url, 403, { code: 'BP_ERR_FORBIDDEN', alert: 'Only an admin may do this.' }]);
    }
    expect(await tokenRows()).toEqual([]);
    expect(await auditEntryCount(t)).toBe(audited);
    expect(await registryAudit('token-mint')).toEqual([]);
  });

  describe('an admin', () => {
    let minted: { id: string; token: string };

    it('mints a token for one remote: shown once, listed without it, audited in both logs without it', async () => {
      const res = await mint(admin, { label: '  Landing team CI ', remote: 'mf_landing' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.alert).toBe('Copy the token now: it is not shown again.');
      expect(body.data).toEqual({
        id: expect.any(String),
        label: 'Landing team CI',
        remote: 'mf_landing',
        createdBy: `admin:${ADMIN_EMAIL}`,
        createdAt: t.clock.now().getTime(),
        revokedAt: null,
        token: expect.stringMatching(/^bprt_/),
      });
      minted = body.data;

      const listed = (await as(admin, { url: '/api/admin/deployTokens' })).json().data;
      expect(listed).toEqual([
        { id: minted.id, label: 'Landing team CI', remote: 'mf_landing', createdBy: `admin:${ADMIN_EMAIL}`, createdAt: expect.any(Number), revokedAt: null },
      ]);
      expect(JSON.stringify(listed)).not.toContain(minted.token);

      const [entry] = await auditEntriesOf(t, 'deployToken.mint');
      expect(entry).toMatchObject({ actor_id: admin.id, actor_email: ADMIN_EMAIL, subject: `deployToken:${minted.id}`, after: { label: 'Landing team CI', remote: 'mf_landing' } });
      expect(await auditEntriesOf(t, 'deployTokens.list')).toEqual([]);
      const [registryEntry] = await registryAudit('token-mint');
      expect(registryEntry).toMatchObject({ actor: `admin:${ADMIN_EMAIL}`, remote: 'mf_landing', detail: { tokenId: minted.id, label: 'Landing team CI' } });
      const everything = JSON.stringify([...(await t.database.db.selectFrom('audit_entries').selectAll().execute()), ...(await registryAudit('token-mint'))]);
      expect(everything).not.toContain(minted.token);
      expect((await tokenRows())[0]!.token_hash).not.toContain(minted.token);
    });

    it('the token publishes its own remote and nothing else', async () => {
      const own = await publish(minted.token, 'mf_landing', '1.0.0');
      expect(own.statusCode).toBe(200);
      expect(own.json().data.publishedBy).toBe('token:Landing team CI');
      const other = await publish(minted.token, 'mf_auth', '1.0.0');
      expect([other.statusCode, other.json().code]).toEqual([403, 'BP_ERR_RELEASE_TOKEN_SCOPE']);
      const promoteOther = await t.app.inject({
        method: 'POST',
        url: '/api/releases/channels/production/promote',
        payload: { remote: 'mf_auth', version: '1.0.0' },
        headers: bearer(minted.token),
      });
      expect(promoteOther.statusCode).toBe(403);
      // Nor does it manage tokens: that is the admins' (and RELEASE_TOKEN's).
      const escalate = await t.app.inject({ method: 'POST', url: '/api/releases/tokens', payload: { label: 'x', remote: 'mf_auth' }, headers: bearer(minted.token) });
      expect(escalate.json().code).toBe('BP_ERR_RELEASE_ADMIN_REQUIRED');
    });

    it('checks what is typed: a blank label, an unknown remote, a missing reason are 400s that change nothing', async () => {
      const before = (await tokenRows()).length;
      expectFieldErrors(await mint(admin, { label: '   ', remote: 'mf_auth' }), ['label']);
      expectFieldErrors(await mint(admin, { label: 'billing', remote: 'mf_billing' }), ['remote']);
      expectFieldErrors(await revoke(admin, minted.id, { reason: '' }), ['reason']);
      expectFieldErrors(await revoke(admin, 'not-an-id', { reason: 'x' }), ['id']);
      expect((await tokenRows()).length).toBe(before);
      expect((await tokenRows()).every((row) => row.revoked_at === null)).toBe(true);
    });

    it('revokes it with a reason (audited in both logs); the token is refused at once; again is a 409, an unknown one a 404', async () => {
      const res = await revoke(admin, minted.id, { reason: 'The landing team moved CI' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: minted.id, revokedAt: t.clock.now().getTime() });
      const refused = await publish(minted.token, 'mf_landing', '1.0.1');
      expect([refused.statusCode, refused.json().code]).toEqual([401, 'BP_ERR_RELEASE_TOKEN_REQUIRED']);

      const [entry] = await auditEntriesOf(t, 'deployToken.revoke');
      expect(entry).toMatchObject({
        actor_id: admin.id,
        subject: `deployToken:${minted.id}`,
        reason: 'The landing team moved CI',
        before: { label: 'Landing team CI', remote: 'mf_landing', revokedAt: null },
        after: { revokedAt: t.clock.now().getTime() },
      });
      expect(await registryAudit('token-revoke')).toEqual([
        expect.objectContaining({
          actor: `admin:${ADMIN_EMAIL}`,
          remote: 'mf_landing',
          reason: 'The landing team moved CI',
          detail: { tokenId: minted.id, label: 'Landing team CI' },
        }),
      ]);

      const audited = await auditEntryCount(t);
      const again = await revoke(admin, minted.id, { reason: 'twice' });
      expect([again.statusCode, again.json().alert]).toEqual([409, 'This token is already revoked.']);
      expect((await revoke(admin, NO_ID, { reason: 'none' })).statusCode).toBe(404);
      expect(await auditEntryCount(t)).toBe(audited);
      expect(await registryAudit('token-revoke')).toHaveLength(1);
      expect((await as(admin, { url: '/api/admin/deployTokens' })).json().data[0].revokedAt).toEqual(expect.any(Number));
    });
  });
});
