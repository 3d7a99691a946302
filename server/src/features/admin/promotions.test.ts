/**
 * Promotional e-mails over HTTP (docs/OPERATIONS.md "Promotions"): admins only (a driver and
 * support get 403), compose and edit a draft (per-field 400s), send it once to every driver with
 * a confirmed address who has not opted out, in the background, each e-mail with the driver's own
 * opt-out link; a second send sends nobody anything twice; a driver who opts out through the link
 * of one promotion gets no later one; everything audited.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import type { InjectOptions } from 'fastify';
import { readOutbox } from '../../adapters/mail/outboxMailer.js';
import { call, expectFieldErrors, expectSignInRequired, signUp, type TestApp, type TestDriver } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { addConfirmedDrivers, auditEntriesOf, auditEntryCount, callAs, startOperatorSuite } from '../../../test/operatorSuite.js';
import { testContext } from '../../../test/context.js';
import { deliverBatch, PROMOTION_BATCH_SIZE, resumePromotions } from './promotions.js';

const ADMIN_EMAIL = 'promo-admin@blockpilot.test';

describeEachDatabase('promotions API', (database) => {
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
  const post = (who: TestDriver, url: string, payload?: object) => as(who, { method: 'POST', url, ...(payload ? { payload } : {}) });
  const compose = async (subject: string) => {
    const res = await post(admin, '/api/admin/promotions', { subject, text: `News: ${subject}.` });
    expect(res.statusCode).toBe(200);
    return res.json().data as { id: number };
  };
  const promotion = async (id: number) => (await as(admin, { url: `/api/admin/promotions/${id}` })).json().data;
  /** Waits until the background delivery has finished (the route reports it). */
  const sent = async (id: number) => {
    for (let attempt = 0; attempt < 200; attempt++) {
      const current = await promotion(id);
      if (current.status === 'sent') return current;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`promotion ${id} was not sent`);
  };
  const mailsWith = async (subject: string) => (await readOutbox(t.database.db, { limit: 10_000 })).filter((m) => m.subject === subject);
  const auditOf = (action: string) => auditEntriesOf(t, action);
  const auditCount = () => auditEntryCount(t);
  const verifiedAccounts = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('email_verified_at', 'is not', null)
          .where('promotions_opted_out_at', 'is', null)
          .where('suspended_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('is for admins only: 401 without a session, 403 for a driver and for support, nothing changes', async () => {
    const { id } = await compose('Role probe');
    const ROUTES: Array<[method: 'GET' | 'POST', url: string, payload?: object]> = [
      ['GET', '/api/admin/promotions'],
      ['GET', `/api/admin/promotions/${id}`],
      ['POST', '/api/admin/promotions', { subject: 'Probe', text: 'Probe.' }],
      ['POST', `/api/admin/promotions/${id}`, { subject: 'Probe', text: 'Probe.' }],
      ['POST', `/api/admin/promotions/${id}/send`],
    ];
    const before = await auditCount();
    for (const [method, url, payload] of ROUTES) {
      expectSignInRequired(await call(t.app, { method, url, ...(payload ? { payload } : {}) }));
      const byDriver = await as(driver, { method, url, ...(payload ? { payload } : {}) });
      expect([url, byDriver.statusCode, byDriver.json().alert]).toEqual([url, 403, 'This page is for BlockPilot operators.']);
      const bySupport = await as(supportUser, { method, url, ...(payload ? { payload } : {}) });
      expect([url, bySupport.statusCode, bySupport.json().alert]).toEqual([url, 403, 'Only an admin may do this.']);
    }
    expect(await auditCount()).toBe(before);
    expect(await promotion(id)).toMatchObject({ subject: 'Role probe', status: 'draft', delivery: { recipients: 0 } });
    expect(await mailsWith('Role probe')).toEqual([]);
  });

  it('composes and edits a draft (audited); bad input is a 400 per field that changes nothing', async () => {
    const { id } = await compose('Draft one');
    expect((await auditOf('promotion.create')).at(-1)).toMatchObject({ actor_id: admin.id, subject: `promotion:${id}`, after: { subject: 'Draft one', text: 'News: Draft one.' } });
    const res = await post(admin, `/api/admin/promotions/${id}`, { subject: ' Draft two ', text: 'Line one\r\nLine two' });
    expect(res.json().data).toMatchObject({ id, subject: 'Draft two', text: 'Line one\nLine two', status: 'draft' });
    expect((await auditOf('promotion.edit')).at(-1)).toMatchObject({ before: { subject: 'Draft one' }, after: { subject: 'Draft two', text: 'Line one\nLine two' } });

    const before = [await promotion(id), await auditCount()];
    expectFieldErrors(await post(admin, '/api/admin/promotions', {}), ['subject', 'text']);
    expectFieldErrors(await post(admin, '/api/admin/promotions', { subject: '  ', text: ' \n ' }), ['subject', 'text']);
    expectFieldErrors(await post(admin, '/api/admin/promotions', { subject: 'x'.repeat(201), text: 'ok', extra: true }), ['subject', 'extra']);
    expectFieldErrors(await post(admin, `/api/admin/promotions/${id}`, { subject: '', text: 'ok' }), ['subject']);
    expectFieldErrors(await post(admin, '/api/admin/promotions/abc/send'), ['id']);
    expect((await post(admin, '/api/admin/promotions/999999/send')).statusCode).toBe(404);
    expect([await promotion(id), await auditCount()]).toEqual(before);
  });

  it('says how many drivers a promotion would reach before it is sent, leaving out drivers who opted out', async () => {
    const audience = async (who: TestDriver = admin) => as(who, { url: '/api/admin/promotions/audience' });
    const reach = async () => (await audience()).json().data.drivers as number;
    const start = await reach();
    expect(start).toBe(await verifiedAccounts());
    await addConfirmedDrivers(t.database, 2);
    expect(await reach()).toBe(start + 2);
    const taker = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email_verified_at', 'is not', null)
      .where('promotions_opted_out_at', 'is', null)
      .where('suspended_at', 'is', null)
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('users').set({ promotions_opted_out_at: new Date() }).where('id', '=', taker.id).execute();
    expect(await reach()).toBe(start + 1);
    expect((await audience(supportUser)).statusCode).toBe(403);
  });

  it('sends once to every driver not opted out, each with their own opt-out link; a second send sends nothing', async () => {
    const optedOut = await signUp(t.app, t.database);
    await t.database.db.updateTable('users').set({ promotions_opted_out_at: new Date() }).where('id', '=', optedOut.id).execute();
    const suspended = await signUp(t.app, t.database);
    await t.database.db.updateTable('users').set({ suspended_at: new Date() }).where('id', '=', suspended.id).execute();
    // More drivers than a batch, so delivery takes several jobs.
    await addConfirmedDrivers(t.database, PROMOTION_BATCH_SIZE);
    const recipients = await verifiedAccounts();
    const batches = Math.ceil(recipients / PROMOTION_BATCH_SIZE);
    expect(batches).toBeGreaterThan(1);

    const { id } = await compose('Summer blocks');
    const res = await post(admin, `/api/admin/promotions/${id}/send`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { status: expect.stringMatching(/^(sending|sent)$/), delivery: { recipients } }, alert: `Sending to ${recipients} drivers.` });
    expect(await sent(id)).toMatchObject({
      delivery: { recipients, pending: 0, sent: recipients, skipped: 0, failed: 0, unconfirmed: 0 },
      batches: { total: batches, done: batches },
    });

    const mails = await mailsWith('Summer blocks');
    expect(mails).toHaveLength(recipients);
    expect(new Set(mails.map((m) => m.to)).size).toBe(recipients);
    expect(mails.map((m) => m.to)).toContain(driver.email);
    expect(mails.map((m) => m.to)).not.toContain(optedOut.email);
    expect(mails.map((m) => m.to)).not.toContain(suspended.email);
    const mail = mails.find((m) => m.to === driver.email)!;
    expect(mail.text).toMatch(/^News: Summer blocks\.\n[\s\S]*\/promotionOptOut\/\S+$/);
    const links = new Set(mails.map((m) => /\/promotionOptOut\/(\S+)/.exec(m.text)![1]));
    expect(links.size).toBe(recipients);

    expect((await auditOf('promotion.send')).filter((e) => e.subject === `promotion:${id}`)).toEqual([
      expect.objectContaining({ actor_id: admin.id, before: { status: 'draft' }, after: { status: 'sending', recipients, batches } }),
    ]);

    const again = await post(admin, `/api/admin/promotions/${id}/send`);
    expect(again.statusCode).toBe(200);
    expect(again.json().alert).toBe('This promotion was already sent; nobody gets it twice.');
    expect(await sent(id)).toMatchObject({ delivery: { recipients, sent: recipients } });
    expect(await mailsWith('Summer blocks')).toHaveLength(recipients);
    expect((await auditOf('promotion.send')).filter((e) => e.subject === `promotion:${id}`)).toHaveLength(1);
    expect((await post(admin, `/api/admin/promotions/${id}`, { subject: 'Changed', text: 'Changed.' })).statusCode).toBe(409);
  });

  it('sends a later promotion to nobody who opted out through the link in an earlier one', async () => {
    const first = await compose('First news');
    await post(admin, `/api/admin/promotions/${first.id}/send`);
    await sent(first.id);
    const [mail] = (await mailsWith('First news')).filter((m) => m.to === driver.email);
    const key = decodeURIComponent(/\/promotionOptOut\/(\S+)/.exec(mail!.text)![1]!);
    expect((await call(t.app, { method: 'POST', url: '/api/promotion/optOut', payload: { userId: key } })).statusCode).toBe(200);

    const second = await compose('Second news');
    await post(admin, `/api/admin/promotions/${second.id}/send`);
    const done = await sent(second.id);
    const to = (await mailsWith('Second news')).map((m) => m.to);
    expect(to).not.toContain(driver.email);
    expect(to).toContain(supportUser.email);
    expect(done.delivery.recipients).toBe(to.length);
  });

  describe('delivery', () => {
    it('skips a recipient who opts out after sending started, and never claims a row twice', async () => {
      const late = await signUp(t.app, t.database);
      const { id } = await compose('Late opt-out');
      // Fix the recipients without delivering: the row exists, then the driver opts out, then delivery runs.
      await t.database.db.updateTable('promotions').set({ status: 'sending', send_started_at: new Date() }).where('id', '=', id).execute();
      await t.database.db
        .insertInto('promotion_recipients')
        .values([{ promotion_id: id, user_id: late.id }])
        .execute();
      await t.database.db.updateTable('users').set({ promotions_opted_out_at: new Date() }).where('id', '=', late.id).execute();
      await post(admin, `/api/admin/promotions/${id}/send`);
      expect(await sent(id)).toMatchObject({ delivery: { recipients: 1, sent: 0, skipped: 1 } });
      expect(await mailsWith('Late opt-out')).toEqual([]);
    });

    it('goes on at start with a promotion a stopped process was sending; the row it had claimed is unconfirmed, never sent again', async () => {
      const claimed = await signUp(t.app, t.database);
      const waiting = await signUp(t.app, t.database);
      const { id } = await compose('Interrupted');
      await t.database.db.updateTable('promotions').set({ status: 'sending', send_started_at: new Date() }).where('id', '=', id).execute();
      await t.database.db
        .insertInto('promotion_recipients')
        .values([
          { promotion_id: id, user_id: claimed.id, status: 'sending', claim: 'an attempt that stopped' },
          { promotion_id: id, user_id: waiting.id },
        ])
        .execute();
      // Another process starting: its promotion queue takes the batch up.
      const ctx = testContext(t.database);
      await resumePromotions(ctx);
      await ctx.jobs.idle();
      await ctx.jobs.close();
      expect((await mailsWith('Interrupted')).map((m) => m.to)).toEqual([waiting.email]);
      // The claimed row may or may not have gone out before the stop: it is counted apart and never sent again.
      expect(await promotion(id)).toMatchObject({ status: 'sent', delivery: { recipients: 2, sent: 1, pending: 0, unconfirmed: 1 }, batches: { total: 1, done: 1 } });
    });

    it('sends nobody twice when a batch runs again, retried or duplicated, even at the same time', async () => {
      const drivers = await addConfirmedDrivers(t.database, 5, 'again');
      const { id } = await compose('Run twice');
      await t.database.db.updateTable('promotions').set({ status: 'sending', send_started_at: new Date() }).where('id', '=', id).execute();
      await t.database.db
        .insertInto('promotion_recipients')
        .values(drivers.map((d) => ({ promotion_id: id, user_id: d.id })))
        .execute();
      const ctx = testContext(t.database);
      const never = new AbortController().signal;
      // Two attempts of the same batch at once, then a third after both.
      await Promise.all([deliverBatch(ctx, { promotionId: id, batch: 0 }, { signal: never }), deliverBatch(ctx, { promotionId: id, batch: 0 }, { signal: never })]);
      await deliverBatch(ctx, { promotionId: id, batch: 0 }, { signal: never });
      const to = (await mailsWith('Run twice')).map((m) => m.to).sort();
      expect(to).toEqual(drivers.map((d) => d.email).sort());
      expect(await promotion(id)).toMatchObject({ status: 'sent', delivery: { recipients: 5, sent: 5, unconfirmed: 0 } });
    });
  });
});
