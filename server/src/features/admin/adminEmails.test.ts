/**
 * ADMIN_EMAILS (docs/OPERATIONS.md "Roles"): the list makes an account an admin only once its
 * address is verified and only while the address is listed; a role an admin changed in the console
 * stays as the console left it; taking an address off the list takes back the role the list gave
 * (and no other); production mode refuses to start while the list names an unverified account;
 * the last admin cannot be demoted.
 */
import { after, before, it } from 'node:test';
import { expect } from 'expect';
import { call, PASSWORD, registration, signUp, startTestApp, uniqueEmail, verificationPath, type TestApp, type TestDriver } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { auditEntriesOf, callAs } from '../../../test/operatorSuite.js';

describeEachDatabase('ADMIN_EMAILS', (database) => {
  const listed = uniqueEmail('listed');
  const demoted = uniqueEmail('demoted');
  const leaving = uniqueEmail('leaving');
  const apps: TestApp[] = [];
  let t: TestApp;
  let founder: TestDriver;

  const start = async (adminEmails: string[], production = false) => {
    const app = await startTestApp(database(), { env: { ADMIN_EMAILS: adminEmails.join(',') }, configure: (config) => ({ ...config, production }) });
    apps.push(app);
    return app;
  };
  const roleOf = async (id: string) => (await t.database.db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role;
  const signIn = async (email: string) => {
    const res = await call(t.app, { method: 'POST', url: '/api/auth/login', payload: { emailAddress: email, password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    return res.json().data.accessToken as string;
  };
  /** Registers without opening the e-mailed link: the address is not verified. */
  const registerUnverified = async (email: string) => {
    const res = await call(t.app, { method: 'POST', url: '/api/auth/register', payload: registration({ emailAddress: email }) });
    expect(res.statusCode).toBe(200);
    const { id } = await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    return { id, email, token: res.json().data.accessToken as string };
  };

  before(async () => {
    t = await start([listed, demoted, leaving, 'founder@blockpilot.test']);
    founder = await signUp(t.app, t.database, { emailAddress: 'founder@blockpilot.test' });
  });
  after(async () => {
    for (const app of apps) await app.app.close();
  });

  it('an unverified account of a listed address is no admin, signed in again or not; verifying the address makes it one (audited)', async () => {
    // The attack: whoever registers a listed address first, before its owner, would run the service.
    const squatter = await registerUnverified(listed);
    expect(await roleOf(squatter.id)).toBe('user');
    expect((await callAs(t, squatter, { url: '/api/admin/users' })).statusCode).toBe(403);
    await signIn(listed);
    expect(await roleOf(squatter.id)).toBe('user');
    expect(await auditEntriesOf(t, 'user.role', squatter.id)).toEqual([]);

    // The owner of the mailbox opens the link: now the list applies.
    expect((await call(t.app, { url: verificationPath(squatter.id, listed) })).headers.location).toBe('/dashboard');
    expect(await roleOf(squatter.id)).toBe('admin');
    const [granted] = await auditEntriesOf(t, 'user.role', squatter.id);
    expect(granted).toMatchObject({ actor_id: null, actor_email: 'ADMIN_EMAILS', before: { role: 'user' }, after: { role: 'admin' } });
  });

  it("a listed admin demoted in the console stays demoted when signing in again: the console's decision wins", async () => {
    const listedAdmin = await signUp(t.app, t.database, { emailAddress: demoted });
    expect(await roleOf(listedAdmin.id)).toBe('admin');
    const res = await callAs(t, founder, { method: 'POST', url: `/api/admin/users/${listedAdmin.id}/role`, payload: { role: 'support', reason: 'moved to the support team' } });
    expect(res.statusCode).toBe(200);
    await signIn(demoted);
    expect(await roleOf(listedAdmin.id)).toBe('support');
    expect((await auditEntriesOf(t, 'user.role', listedAdmin.id)).map((e) => [e.actor_email, e.before, e.after])).toEqual([
      ['ADMIN_EMAILS', { role: 'user' }, { role: 'admin' }],
      ['founder@blockpilot.test', { role: 'admin' }, { role: 'support' }],
    ]);
  });

  it('taking an address off the list takes back the role the list gave, and leaves a role the console gave', async () => {
    const byList = await signUp(t.app, t.database, { emailAddress: leaving });
    const byConsole = await signUp(t.app, t.database);
    expect((await callAs(t, founder, { method: 'POST', url: `/api/admin/users/${byConsole.id}/role`, payload: { role: 'admin', reason: 'runs payments' } })).statusCode).toBe(200);
    expect([await roleOf(byList.id), await roleOf(byConsole.id)]).toEqual(['admin', 'admin']);

    // The next start reads a list without `leaving`.
    t = await start([listed, demoted, 'founder@blockpilot.test']);
    expect([await roleOf(byList.id), await roleOf(byConsole.id)]).toEqual(['user', 'admin']);
    expect((await callAs(t, byList, { url: '/api/admin/users' })).statusCode).toBe(403);
    const entries = await auditEntriesOf(t, 'user.role', byList.id);
    expect(entries.at(-1)).toMatchObject({ actor_email: 'ADMIN_EMAILS', before: { role: 'admin' }, after: { role: 'user' } });
    // A second start with the same list changes nothing more.
    t = await start([listed, demoted, 'founder@blockpilot.test']);
    expect(await auditEntriesOf(t, 'user.role', byList.id)).toHaveLength(entries.length);
  });

  it('production mode refuses to start while the list names an unverified account', async () => {
    const unverified = uniqueEmail('unverified');
    await registerUnverified(unverified);
    await expect(start([unverified, 'founder@blockpilot.test'], true)).rejects.toThrow(new RegExp(`ADMIN_EMAILS.*${unverified.replace(/[.]/g, '\\.')}.*not verified`, 's'));
    // Listed but with no account yet, or verified: it starts.
    await start([uniqueEmail('nobody-yet'), 'founder@blockpilot.test'], true);
  });

  it('the last admin cannot be demoted: two admins demoting each other at once leave one (409 BP_ERR_LAST_ADMIN)', async () => {
    // A fresh start whose list names nobody who is an admin now, so exactly two admins exist.
    const first = await signUp(t.app, t.database);
    const second = await signUp(t.app, t.database);
    await t.database.db.updateTable('users').set({ role: 'user' }).where('role', '=', 'admin').execute();
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', 'in', [first.id, second.id]).execute();
    const demote = (who: TestDriver, whom: TestDriver) =>
      callAs(t, who, { method: 'POST', url: `/api/admin/users/${whom.id}/role`, payload: { role: 'user', reason: 'a demotion race' } });
    const answers = await Promise.all([demote(first, second), demote(second, first)]);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused).toHaveLength(1);
    // Refused by the guard, or (had the other demotion committed before its role check) as no admin any more.
    expect([
      [409, 'BP_ERR_LAST_ADMIN'],
      [403, 'BP_ERR_FORBIDDEN'],
    ]).toContainEqual([refused[0]!.statusCode, refused[0]!.json().code]);
    const admins = await t.database.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
  });
});
