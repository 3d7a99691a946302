/**
 * The operator console's API over HTTP: role boundaries on every route (no session 401, a
 * driver 403, support 403 on admin-only routes), the ADMIN_EMAILS bootstrap, an audit entry for
 * every change and for reads of drivers' data, credit adjustments as idempotent ledger entries, stop/suspend/restore, roles,
 * refunds through the dev checkout, and the support inbox with replies in the outbox.
 */
import { formatCents } from '@blockpilot/shared/format';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import type { InjectOptions } from 'fastify';
import { readOutbox } from '../../adapters/mail/outboxMailer.js';
import { call, expectFieldErrors, expectSignInRequired, mailTo, PASSWORD, signUp, uniqueEmail, type TestApp, type TestDriver } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { entriesOf } from '../../domain/ledger.js';
import { auditEntriesOf, auditEntryCount, callAs, startOperatorSuite } from '../../../test/operatorSuite.js';

const ADMIN_EMAIL = 'ops-admin@blockpilot.test';
const NO_ID = '00000000-0000-4000-8000-000000000000';

describeEachDatabase('operator console API', (database) => {
  let t: TestApp;
  let admin: TestDriver;
  let supportUser: TestDriver;
  let driver: TestDriver;

  before(async () => {
    ({ t, admin, supportUser, driver } = await startOperatorSuite(database(), ADMIN_EMAIL, ` ${ADMIN_EMAIL.toUpperCase()} , someone-else@example.com`));
  });
  after(async () => {
    await t.app.close();
  });

  const as = (who: TestDriver, options: InjectOptions) => callAs(t, who, options);
  const get = (who: TestDriver, url: string) => as(who, { url });
  const post = (who: TestDriver, url: string, payload: object, headers: Record<string, string> = {}) => as(who, { method: 'POST', url, payload, headers });
  const adjust = (who: TestDriver, userId: string, payload: object, key: string = randomUUID()) =>
    post(who, `/api/admin/users/${userId}/credit`, payload, { 'idempotency-key': key });
  const creditOf = async (id: string) => (await t.database.db.selectFrom('users').select('credit_cents').where('id', '=', id).executeTakeFirstOrThrow()).credit_cents;
  const auditOf = (action: string, targetUserId?: string) => auditEntriesOf(t, action, targetUserId);
  const auditCount = () => auditEntryCount(t);

  /** Every operator route with a body that would pass its schema, and the least role it needs. */
  const ROUTES: Array<{ method: 'GET' | 'POST'; url: () => string; payload?: object; headers?: Record<string, string>; role: 'support' | 'admin' }> = [
    { method: 'GET', url: () => '/api/admin/users?q=x', role: 'support' },
    { method: 'GET', url: () => `/api/admin/users/${driver.id}`, role: 'support' },
    {
      method: 'POST',
      url: () => `/api/admin/users/${driver.id}/credit`,
      payload: { amountCents: 100, reason: 'probe' },
      headers: { 'idempotency-key': randomUUID() },
      role: 'admin',
    },
    { method: 'POST', url: () => `/api/admin/users/${driver.id}/stopSearch`, payload: { reason: 'probe' }, role: 'support' },
    { method: 'POST', url: () => `/api/admin/users/${driver.id}/suspend`, payload: { reason: 'probe' }, role: 'admin' },
    { method: 'POST', url: () => `/api/admin/users/${driver.id}/restore`, payload: { reason: 'probe' }, role: 'admin' },
    { method: 'POST', url: () => `/api/admin/users/${driver.id}/role`, payload: { role: 'support', reason: 'probe' }, role: 'admin' },
    { method: 'POST', url: () => `/api/admin/orders/${NO_ID}/refund`, payload: { reason: 'probe' }, role: 'admin' },
    { method: 'GET', url: () => '/api/admin/tickets', role: 'support' },
    { method: 'GET', url: () => '/api/admin/tickets/1', role: 'support' },
    { method: 'POST', url: () => '/api/admin/tickets/1/reply', payload: { text: 'probe' }, role: 'support' },
    { method: 'POST', url: () => '/api/admin/tickets/1/status', payload: { status: 'closed' }, role: 'support' },
    { method: 'GET', url: () => '/api/admin/audit', role: 'admin' },
  ];

  describe('roles', () => {
    it('ADMIN_EMAILS makes the account an admin once its address is verified (any letter case), audited as the bootstrap', async () => {
      const rows = await t.database.db.selectFrom('users').select(['id', 'role']).where('id', 'in', [admin.id, supportUser.id, driver.id]).execute();
      expect(Object.fromEntries(rows.map((r) => [r.id, r.role]))).toEqual({ [admin.id]: 'admin', [supportUser.id]: 'support', [driver.id]: 'user' });
      const [bootstrap] = await auditOf('user.role', admin.id);
      expect(bootstrap).toMatchObject({ actor_id: null, actor_email: 'ADMIN_EMAILS', before: { role: 'user' }, after: { role: 'admin' } });
      expect((await get(admin, '/api/user')).json().data.role).toBe('admin');
      expect((await get(driver, '/api/user')).json().data.role).toBe('user');
    });

    it('ADMIN_EMAILS makes a verified listed account that no admin decided about an admin when it signs in', async () => {
      const later = await signUp(t.app, t.database, { emailAddress: 'someone-else@example.com' });
      // As an account made before its address was listed: a driver whose role nobody decided.
      await t.database.db.updateTable('users').set({ role: 'user', role_granted_by: null }).where('id', '=', later.id).execute();
      const res = await call(t.app, { method: 'POST', url: '/api/auth/login', payload: { emailAddress: later.email, password: PASSWORD } });
      expect(res.statusCode).toBe(200);
      expect((await get({ ...later, token: res.json().data.accessToken }, '/api/user')).json().data.role).toBe('admin');
      expect((await auditOf('user.role', later.id)).map((e) => e.after)).toEqual([{ role: 'admin' }, { role: 'admin' }]);
    });

    it('without a session every operator route answers 401, and writes no audit entry', async () => {
      const before = await auditCount();
      for (const route of ROUTES) {
        expectSignInRequired(await call(t.app, { method: route.method, url: route.url(), ...(route.payload ? { payload: route.payload } : {}), headers: route.headers ?? {} }));
      }
      expect(await auditCount()).toBe(before);
    });

    it('a driver gets 403 on every operator route, and a support user on the admin-only ones; nothing changes', async () => {
      const before = await auditCount();
      const credit = await creditOf(driver.id);
      for (const route of ROUTES) {
        const send = (who: TestDriver) => as(who, { method: route.method, url: route.url(), ...(route.payload ? { payload: route.payload } : {}), headers: route.headers ?? {} });
        const byDriver = await send(driver);
        expect([route.url(), byDriver.statusCode]).toEqual([route.url(), 403]);
        expect(byDriver.json()).toEqual({ code: 'BP_ERR_FORBIDDEN', alert: 'This page is for BlockPilot operators.' });
        if (route.role === 'admin') {
          const bySupport = await send(supportUser);
          expect([route.url(), bySupport.statusCode]).toEqual([route.url(), 403]);
          expect(bySupport.json()).toEqual({ code: 'BP_ERR_FORBIDDEN', alert: 'Only an admin may do this.' });
        }
      }
      expect(await auditCount()).toBe(before);
      expect(await creditOf(driver.id)).toBe(credit);
      expect(await t.database.db.selectFrom('users').select(['role', 'suspended_at']).where('id', '=', driver.id).executeTakeFirstOrThrow()).toEqual({
        role: 'user',
        suspended_at: null,
      });
    });

    it('an admin grants and revokes a role (audited), but not their own', async () => {
      const someone = await signUp(t.app, t.database);
      expect((await post(admin, `/api/admin/users/${someone.id}/role`, { role: 'support', reason: 'joins the support team' })).statusCode).toBe(200);
      expect((await get(someone, '/api/admin/tickets')).statusCode).toBe(200);
      expect((await post(admin, `/api/admin/users/${someone.id}/role`, { role: 'user', reason: 'left the team' })).statusCode).toBe(200);
      expect((await get(someone, '/api/admin/tickets')).statusCode).toBe(403);
      expect((await auditOf('user.role', someone.id)).map((e) => [e.actor_id, e.reason, e.before, e.after])).toEqual([
        [admin.id, 'joins the support team', { role: 'user' }, { role: 'support' }],
        [admin.id, 'left the team', { role: 'support' }, { role: 'user' }],
      ]);
      const own = await post(admin, `/api/admin/users/${admin.id}/role`, { role: 'user', reason: 'oops' });
      expect(own.statusCode).toBe(409);
      expectFieldErrors(await post(admin, `/api/admin/users/${someone.id}/role`, { role: 'owner', reason: '' }), ['role', 'reason']);
    });
  });

  describe('drivers', () => {
    it('finds drivers by part of the e-mail or name, by platform account id, and by account id; each search is audited', async () => {
      await t.database.db.updateTable('users').set({ display_name: 'Zelda Quickwheel' }).where('id', '=', driver.id).execute();
      await t.database.db
        .insertInto('platform_accounts')
        .values({
          user_id: driver.id,
          region: 'NA',
          platform_user_id: 'amzn1.account.ZELDA42',
          instance_id: randomUUID(),
          device_serial: 'serial',
          refresh_token: 'sealed',
          access_token: 'sealed',
          access_issued_at: new Date(),
          access_expires_at: new Date(),
          service_areas: null,
          service_areas_fetched_at: null,
          schedule: null,
          schedule_read_at: null,
        })
        .execute();
      const found = async (q: string) => ((await get(supportUser, `/api/admin/users?q=${encodeURIComponent(q)}`)).json().data as Array<{ id: string }>).map((u) => u.id);
      expect(await found(driver.email.slice(0, 12).toUpperCase())).toEqual([driver.id]);
      expect(await found('quickwheel')).toEqual([driver.id]);
      expect(await found('amzn1.account.ZELDA42')).toEqual([driver.id]);
      expect(await found(driver.id)).toEqual([driver.id]);
      expect(await found('amzn1.account')).toEqual([]); // a platform id matches whole, not in part
      expect(await found('%')).toEqual([]); // like-patterns are taken literally
      const [summary] = (await get(supportUser, `/api/admin/users?q=${driver.id}`)).json().data;
      expect(summary).toEqual({
        id: driver.id,
        emailAddress: driver.email,
        displayName: 'Zelda Quickwheel',
        role: 'user',
        credit: expect.any(Number),
        currencySymbol: '$',
        searching: false,
        suspended: false,
        platformUserId: 'amzn1.account.ZELDA42',
        createdAt: expect.any(Number),
      });
      // Recorded once per operator, search and hour (docs/OPERATIONS.md "Audit"): the first of the two by id.
      const searches = (await auditOf('users.search')).filter((e) => e.subject === `search:${driver.id}`);
      expect(searches).toEqual([expect.objectContaining({ actor_id: supportUser.id, after: { q: driver.id, found: 1 } })]);
      expectFieldErrors(await get(supportUser, `/api/admin/users?q=${'x'.repeat(201)}`), ['q']);
    });

    it("shows a driver's page (profile, ledger, orders, invites, search, notifications, tickets) and audits the view", async () => {
      const invited = await signUp(t.app, t.database, {
        inviteCode: (await t.database.db.selectFrom('users').select('shareable_code').where('id', '=', driver.id).executeTakeFirstOrThrow()).shareable_code,
      });
      const res = await get(supportUser, `/api/admin/users/${driver.id}`);
      expect(res.statusCode).toBe(200);
      const page = res.json().data;
      expect(page).toMatchObject({
        id: driver.id,
        emailAddress: driver.email,
        currencySymbol: '$',
        suspendedAt: null,
        invitedBy: null,
        invited: [{ id: invited.id, emailAddress: invited.email, createdAt: expect.any(Number) }],
        search: { flexConnected: false, puzzleRequired: false, platformAccount: { region: 'NA', platformUserId: 'amzn1.account.ZELDA42' }, recentLog: [] },
        notifications: { emailAddress: driver.email, whatsAppNumber: '', telegramConnected: false, promotionsOptedOutAt: null },
        orders: [],
      });
      expect(page.ledger.at(-1)).toMatchObject({ key: `signup:${driver.id}`, kind: 'signup', amountCents: 1000 });
      expect((await auditOf('user.view', driver.id)).at(-1)).toMatchObject({ actor_id: supportUser.id });
      expect((await get(supportUser, `/api/admin/users/${NO_ID}`)).statusCode).toBe(404);
      expectFieldErrors(await get(supportUser, '/api/admin/users/not-an-id'), ['id']);
    });
  });

  describe('credit adjustments', () => {
    it('adds credit as one ledger entry the driver sees at once, audited with before and after', async () => {
      const start = await creditOf(driver.id);
      const res = await adjust(admin, driver.id, { amountCents: 2500, reason: 'Goodwill for a missed block' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { credit: start + 2500 }, alert: 'Credit adjusted.' });
      expect((await get(driver, '/api/user')).json().data.credit).toBe(start + 2500);
      const entry = (await entriesOf(t.database.db, driver.id)).at(-1)!;
      expect(entry).toMatchObject({ kind: 'adjustment', amountCents: 2500 });
      const [audited] = (await auditOf('user.credit', driver.id)).slice(-1);
      expect(audited).toMatchObject({
        actor_id: admin.id,
        actor_email: ADMIN_EMAIL,
        reason: 'Goodwill for a missed block',
        subject: entry.key,
        before: { credit: start },
        after: { credit: start + 2500, amountCents: 2500 },
      });
      expect(audited!.created_at).toBeInstanceOf(Date);
    });

    it('is idempotent per Idempotency-Key: a resend changes nothing and writes no second entry', async () => {
      const key = randomUUID();
      const start = await creditOf(driver.id);
      const entries = (await entriesOf(t.database.db, driver.id)).length;
      const audits = (await auditOf('user.credit', driver.id)).length;
      const [first, second] = await Promise.all([
        adjust(admin, driver.id, { amountCents: 700, reason: 'once' }, key),
        adjust(admin, driver.id, { amountCents: 700, reason: 'once' }, key),
      ]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      const third = await adjust(admin, driver.id, { amountCents: 700, reason: 'once' }, key);
      expect(third.json()).toEqual({ data: { credit: start + 700 }, alert: 'This adjustment was already made; nothing changed.' });
      expect(await creditOf(driver.id)).toBe(start + 700);
      expect((await entriesOf(t.database.db, driver.id)).length).toBe(entries + 1);
      expect((await auditOf('user.credit', driver.id)).length).toBe(audits + 1);
      // The same key for another amount is a mistake, not a repeat.
      expect((await adjust(admin, driver.id, { amountCents: 900, reason: 'once' }, key)).statusCode).toBe(409);
      expect(await creditOf(driver.id)).toBe(start + 700);
    });

    it('deducts credit, but never below zero (409 under amountCents, nothing changed)', async () => {
      const start = await creditOf(driver.id);
      expect((await adjust(admin, driver.id, { amountCents: -300, reason: 'Duplicate goodwill' })).json().data).toEqual({ credit: start - 300 });
      const over = await adjust(admin, driver.id, { amountCents: -(start - 300 + 1), reason: 'too much' });
      expect(over.statusCode).toBe(409);
      expect(Object.keys(over.json().errors)).toEqual(['amountCents']);
      // The credit named in the message is money with its currency (docs/OPERATIONS.md "Drivers").
      expect(over.json().errors.amountCents).toContain(`${formatCents('$', start - 300, 'en')} credit`);
      expect(await creditOf(driver.id)).toBe(start - 300);
    });

    it('refuses bad input with per-field errors and changes nothing', async () => {
      const start = await creditOf(driver.id);
      const audits = await auditCount();
      expectFieldErrors(await adjust(admin, driver.id, { amountCents: 0, reason: 'zero' }), ['amountCents']);
      expectFieldErrors(await adjust(admin, driver.id, { amountCents: 1.5, reason: '' }), ['amountCents', 'reason']);
      expectFieldErrors(await adjust(admin, driver.id, { amountCents: 10_000_001, reason: 'typo' }), ['amountCents']);
      expectFieldErrors(await adjust(admin, driver.id, { amountCents: '100', extra: true }), ['amountCents', 'extra', 'reason']);
      expectFieldErrors(await post(admin, `/api/admin/users/${driver.id}/credit`, { amountCents: 100, reason: 'no key' }), ['idempotency-key']);
      expectFieldErrors(await adjust(admin, driver.id, { amountCents: 100, reason: 'bad key' }, 'short'), ['idempotency-key']);
      expect((await adjust(admin, NO_ID, { amountCents: 100, reason: 'nobody' })).statusCode).toBe(404);
      expect(await creditOf(driver.id)).toBe(start);
      expect(await auditCount()).toBe(audits);
    });
  });

  describe('search, suspension', () => {
    it('stops a running search (audited); stopping one that is not running is a 409', async () => {
      await t.database.db.updateTable('users').set({ searching: true }).where('id', '=', driver.id).execute();
      expect((await post(supportUser, `/api/admin/users/${driver.id}/stopSearch`, { reason: 'runaway search' })).statusCode).toBe(200);
      expect((await get(driver, '/api/user/getSearchState')).json().data).toBe(false);
      expect((await auditOf('user.stopSearch', driver.id)).at(-1)).toMatchObject({
        actor_id: supportUser.id,
        reason: 'runaway search',
        before: { searching: true },
        after: { searching: false },
      });
      expect((await post(supportUser, `/api/admin/users/${driver.id}/stopSearch`, { reason: 'again' })).statusCode).toBe(409);
      expectFieldErrors(await post(supportUser, `/api/admin/users/${driver.id}/stopSearch`, {}), ['reason']);
    });

    it('a suspended account loses its sessions and cannot sign in until restored', async () => {
      const victim = await signUp(t.app, t.database);
      await t.database.db.updateTable('users').set({ searching: true }).where('id', '=', victim.id).execute();
      expect((await post(admin, `/api/admin/users/${victim.id}/suspend`, { reason: 'chargeback fraud' })).statusCode).toBe(200);
      expectSignInRequired(await get(victim, '/api/user'));
      const signIn = () => call(t.app, { method: 'POST', url: '/api/auth/login', payload: { emailAddress: victim.email, password: PASSWORD } });
      const refused = await signIn();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().alert).toMatch(/suspended/);
      // A wrong password still says only that the credentials are wrong.
      expect((await call(t.app, { method: 'POST', url: '/api/auth/login', payload: { emailAddress: victim.email, password: 'not the password' } })).json().alert).not.toMatch(
        /suspended/,
      );
      expect((await t.database.db.selectFrom('users').select('searching').where('id', '=', victim.id).executeTakeFirstOrThrow()).searching).toBe(false);
      expect((await post(admin, `/api/admin/users/${victim.id}/suspend`, { reason: 'twice' })).statusCode).toBe(409);
      expect((await post(admin, `/api/admin/users/${victim.id}/restore`, { reason: 'cleared' })).statusCode).toBe(200);
      expect((await signIn()).statusCode).toBe(200);
      expect((await auditOf('user.suspend', victim.id)).map((e) => e.after)).toEqual([{ suspended: true, searching: false }]);
      expect((await auditOf('user.restore', victim.id)).map((e) => e.reason)).toEqual(['cleared']);
      expect((await post(admin, `/api/admin/users/${admin.id}/suspend`, { reason: 'self' })).statusCode).toBe(409);
    });
  });

  describe('refunds (dev checkout)', () => {
    const paidTopUp = async (who: TestDriver, topup_amount = 2000) => {
      const res = await post(who, '/api/store/createStripeOrder', { topup_amount });
      const orderId = (res.json().data as string).split('/').pop()!;
      const done = await t.app.inject({
        method: 'POST',
        url: `/dev/checkout/${orderId}/complete`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '0' },
      });
      expect(done.statusCode).toBeLessThan(400);
      return orderId;
    };

    it('refunds a paid top-up once: its credit is taken back, the order is refunded, audited', async () => {
      const payer = await signUp(t.app, t.database);
      const orderId = await paidTopUp(payer);
      const start = await creditOf(payer.id);
      const res = await post(admin, `/api/admin/orders/${orderId}/refund`, { reason: 'asked within 14 days' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: orderId, status: 'refunded', refundedAt: expect.any(Number) });
      expect(await creditOf(payer.id)).toBe(start - 2000);
      expect((await entriesOf(t.database.db, payer.id)).at(-1)).toMatchObject({ key: `reversal:${orderId}`, amountCents: -2000 });
      expect((await auditOf('order.refund', payer.id)).map((e) => [e.subject, e.before, e.after])).toEqual([
        [`order:${orderId}`, { status: 'paid' }, { status: 'refunded', refundRef: null }],
      ]);
      expect((await post(admin, `/api/admin/orders/${orderId}/refund`, { reason: 'again' })).statusCode).toBe(409);
      expect(await creditOf(payer.id)).toBe(start - 2000);
      expect((await get(admin, `/api/admin/users/${payer.id}`)).json().data.orders[0]).toMatchObject({ id: orderId, status: 'refunded' });
    });

    it('refuses to refund a top-up whose credit is spent, and an unpaid or unknown order', async () => {
      const payer = await signUp(t.app, t.database);
      const orderId = await paidTopUp(payer);
      await adjust(admin, payer.id, { amountCents: -(await creditOf(payer.id)), reason: 'spent' });
      const late = await post(admin, `/api/admin/orders/${orderId}/refund`, { reason: 'too late' });
      expect(late.statusCode).toBe(409);
      expect(late.json().alert).toContain('(credit $0.00)');
      expect((await t.database.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status).toBe('paid');
      const pending = (await post(payer, '/api/store/createStripeOrder', { topup_amount: 1000 })).json().data.split('/').pop();
      expect((await post(admin, `/api/admin/orders/${pending}/refund`, { reason: 'not paid' })).statusCode).toBe(409);
      expect((await post(admin, `/api/admin/orders/${NO_ID}/refund`, { reason: 'nothing' })).statusCode).toBe(404);
    });
  });

  describe('support inbox', () => {
    const ask = (payload: object, headers: Record<string, string> = {}) => call(t.app, { method: 'POST', url: '/api/help/sendQuestion', payload, headers });
    const question = (emailAddress: string) => ({ fullName: 'Zelda Q', emailAddress, phoneNumber: '+1 555 555 0199', question: 'Why was my block not accepted yesterday?' });

    it("turns contact messages into open tickets, linked to the driver's account only when sent signed in", async () => {
      await ask(question(driver.email.toUpperCase()), { authorization: `Bearer ${driver.token}` });
      const stranger = uniqueEmail('stranger');
      await ask(question(stranger));
      const tickets = (await get(supportUser, '/api/admin/tickets?status=open')).json().data as Array<{ emailAddress: string; userId: string | null; status: string }>;
      expect(tickets.find((x) => x.emailAddress === stranger)).toMatchObject({ userId: null, senderVerified: false, status: 'open' });
      expect(tickets.find((x) => x.emailAddress === driver.email.toUpperCase())).toMatchObject({ userId: driver.id, senderVerified: true, status: 'open' });
      expect((await get(supportUser, `/api/admin/users/${driver.id}`)).json().data.tickets.length).toBeGreaterThan(0);
      expectFieldErrors(await get(supportUser, '/api/admin/tickets?status=pending'), ['status']);
    });

    it('a reply goes to the sender by e-mail (the outbox), is kept on the ticket, and answers it; audited', async () => {
      const sender = uniqueEmail('asker');
      await ask(question(sender));
      const [ticket] = (await get(supportUser, `/api/admin/tickets?q=${encodeURIComponent(sender)}`)).json().data;
      const res = await post(supportUser, `/api/admin/tickets/${ticket.id}/reply`, { text: 'The block started before your filter window.' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: ticket.id,
        status: 'answered',
        replies: [{ authorEmail: supportUser.email, text: 'The block started before your filter window.' }],
      });
      const [mail] = await mailTo(t.database, sender);
      expect(mail!.subject).toBe(`Re: your question #${ticket.id} to BlockPilot`);
      expect(mail!.text).toContain('The block started before your filter window.');
      expect(mail!.text).toContain('> Why was my block not accepted yesterday?');
      expect((await auditOf('ticket.reply')).at(-1)).toMatchObject({
        actor_id: supportUser.id,
        subject: `ticket:${ticket.id}`,
        before: { status: 'open' },
        after: { status: 'answered' },
      });

      expectFieldErrors(await post(supportUser, `/api/admin/tickets/${ticket.id}/reply`, { text: '' }), ['text']);
      expect((await post(supportUser, `/api/admin/tickets/${ticket.id}/status`, { status: 'closed', reason: 'done' })).json().data.status).toBe('closed');
      expect((await post(supportUser, `/api/admin/tickets/${ticket.id}/reply`, { text: 'more' })).statusCode).toBe(409);
      expect((await readOutbox(t.database.db, { to: sender })).length).toBe(1);
      expect((await get(supportUser, `/api/admin/tickets/${ticket.id}`)).json().data.replies.length).toBe(1);
      expect((await get(supportUser, '/api/admin/tickets/999999')).statusCode).toBe(404);
      expectFieldErrors(await get(supportUser, '/api/admin/tickets/0'), ['id']);
    });
  });

  describe('audit log', () => {
    it('lists entries newest first for admins, searchable by actor, action or subject, and by driver', async () => {
      const all = (await get(admin, `/api/admin/audit?userId=${driver.id}`)).json().data as Array<{ id: number; targetUserId: string; action: string }>;
      expect(all.length).toBeGreaterThan(3);
      expect(all.every((e) => e.targetUserId === driver.id)).toBe(true);
      expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));
      const credits = (await get(admin, '/api/admin/audit?q=user.credit')).json().data as Array<{ action: string }>;
      expect(credits.length).toBeGreaterThan(0);
      expect(credits.every((e) => e.action === 'user.credit')).toBe(true);
      const older = (await get(admin, `/api/admin/audit?before=${all[0]!.id}&userId=${driver.id}`)).json().data as Array<{ id: number }>;
      expect(older[0]!.id).toBe(all[1]!.id);
      expectFieldErrors(await get(admin, '/api/admin/audit?before=-1'), ['before']);
    });
  });
});
