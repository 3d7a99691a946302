/**
 * Bounds on what one admin does alone (docs/OPERATIONS.md "Credit adjustments"): past
 * ADMIN_DAILY_ADJUSTMENT_LIMIT_CENTS in 24 hours an adjustment waits for a second admin's approval,
 * which credits it once however often it is sent; and every reason must hold words.
 */
import { randomUUID } from 'node:crypto';
import { after, before, it } from 'node:test';
import { expect } from 'expect';
import type { InjectOptions } from 'fastify';
import { expectFieldErrors, signUp, type TestApp, type TestDriver } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { entriesOf } from '../../domain/ledger.js';
import { auditEntriesOf, auditEntryCount, callAs, startOperatorSuite } from '../../../test/operatorSuite.js';

const DAY = 24 * 3_600_000;

describeEachDatabase('credit adjustments past the daily bound', (database) => {
  let t: TestApp;
  let admin: TestDriver;
  let secondAdmin: TestDriver;
  let supportUser: TestDriver;
  let driver: TestDriver;

  before(async () => {
    ({ t, admin, supportUser, driver } = await startOperatorSuite(database(), 'bound-admin@blockpilot.test', undefined, undefined, {
      ADMIN_DAILY_ADJUSTMENT_LIMIT_CENTS: '10000',
    }));
    secondAdmin = await signUp(t.app, t.database);
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', secondAdmin.id).execute();
  });
  after(async () => {
    await t.app.close();
  });

  const as = (who: TestDriver, options: InjectOptions) => callAs(t, who, options);
  const adjust = (who: TestDriver, amountCents: number, key: string = randomUUID(), reason = 'Goodwill for a missed block') =>
    as(who, { method: 'POST', url: `/api/admin/users/${driver.id}/credit`, payload: { amountCents, reason }, headers: { 'idempotency-key': key } });
  const approve = (who: TestDriver, id: string, reason = 'Checked the order history') =>
    as(who, { method: 'POST', url: `/api/admin/adjustments/${id}/approve`, payload: { reason } });
  const creditOf = async () => (await t.database.db.selectFrom('users').select('credit_cents').where('id', '=', driver.id).executeTakeFirstOrThrow()).credit_cents;

  it('credits up to the bound at once; past it the adjustment waits, and a second admin approves it once', async () => {
    const start = await creditOf();
    expect((await adjust(admin, 6000)).statusCode).toBe(200);
    // Deductions count too: what is moved, either way.
    expect((await adjust(admin, -3000)).statusCode).toBe(200);
    expect(await creditOf()).toBe(start + 3000);

    // 9,000 moved today: 2,000 more would pass 10,000.
    const key = randomUUID();
    const waiting = await adjust(admin, 2000, key);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json().alert).toContain('past $100.00');
    const { pendingAdjustment } = waiting.json().data;
    expect(pendingAdjustment).toMatchObject({ id: expect.any(String), amountCents: 2000, status: 'pending', requestedBy: admin.email });
    expect(await creditOf()).toBe(start + 3000);
    // A resend of the same request waits as the same adjustment.
    expect((await adjust(admin, 2000, key)).json().data.pendingAdjustment.id).toBe(pendingAdjustment.id);
    const listed = (await as(secondAdmin, { url: '/api/admin/adjustments' })).json().data as Array<{ id: string }>;
    expect(listed.map((a) => a.id)).toContain(pendingAdjustment.id);

    // Not by the admin who asked, not by support.
    const own = await approve(admin, pendingAdjustment.id);
    expect([own.statusCode, own.json().code]).toEqual([403, 'BP_ERR_OWN_ADJUSTMENT']);
    expect((await approve(supportUser, pendingAdjustment.id)).statusCode).toBe(403);
    expect(await creditOf()).toBe(start + 3000);

    // Another admin approves it: credited once, however many approvals race.
    const answers = await Promise.all([approve(secondAdmin, pendingAdjustment.id), approve(secondAdmin, pendingAdjustment.id), approve(secondAdmin, pendingAdjustment.id)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await creditOf()).toBe(start + 5000);
    expect((await approve(secondAdmin, pendingAdjustment.id)).json().data).toMatchObject({ status: 'approved', approvedBy: secondAdmin.email });
    expect(await creditOf()).toBe(start + 5000);
    expect((await entriesOf(t.database.db, driver.id)).filter((e) => e.kind === 'adjustment' && e.key.endsWith(key))).toHaveLength(1);
    expect(await auditEntriesOf(t, 'user.creditApproved', driver.id)).toEqual([
      expect.objectContaining({ actor_id: secondAdmin.id, reason: 'Checked the order history', before: expect.objectContaining({ status: 'pending' }) }),
    ]);
    // The request itself was audited when it was made.
    expect(await auditEntriesOf(t, 'user.creditRequested', driver.id)).toHaveLength(1);
    // The driver's page shows each adjustment's reason as the asking admin gave it, the approved one too.
    const ledger = (await as(secondAdmin, { url: `/api/admin/users/${driver.id}` })).json().data.ledger as Array<{ key: string; kind: string; reason: string | null }>;
    expect(ledger.find((e) => e.key.endsWith(key))).toMatchObject({ kind: 'adjustment', reason: 'Goodwill for a missed block' });
    expect(ledger.filter((e) => e.kind === 'adjustment').map((e) => e.reason)).toEqual([
      'Goodwill for a missed block',
      'Goodwill for a missed block',
      'Goodwill for a missed block',
    ]);
    expect(ledger.find((e) => e.kind === 'signup')).toMatchObject({ reason: null });
  });

  it('the bound is per admin and per 24 hours', async () => {
    // The second admin has moved nothing yet today.
    expect((await adjust(secondAdmin, 9000)).json().data.pendingAdjustment).toBeUndefined();
    // The first admin moved 9,000 alone today: 1,500 more waits; a day later it would not.
    expect((await adjust(admin, 1500)).json().data.pendingAdjustment).toMatchObject({ status: 'pending' });
    t.clock.advance(DAY + 1000);
    expect((await adjust(admin, 1500)).json().data.pendingAdjustment).toBeUndefined();
  });

  it('one admin racing adjustments past the bound gets no more than the bound credited at once', async () => {
    t.clock.advance(DAY + 1000);
    const start = await creditOf();
    const answers = await Promise.all(Array.from({ length: 6 }, () => adjust(admin, 3000)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.filter((a) => a.json().data.pendingAdjustment === undefined)).toHaveLength(3);
    expect(await creditOf()).toBe(start + 9000);
  });

  it('an approval of an unknown adjustment is a 404; a deduction that no longer fits is refused and stays pending', async () => {
    expect((await approve(secondAdmin, randomUUID())).statusCode).toBe(404);
    t.clock.advance(DAY + 1000);
    const credit = await creditOf();
    await adjust(admin, 9999);
    const pending = (await adjust(admin, -(credit + 9999))).json().data.pendingAdjustment;
    expect(pending).toMatchObject({ status: 'pending' });
    await adjust(secondAdmin, -5000);
    const refused = await approve(secondAdmin, pending.id);
    expect(refused.statusCode).toBe(409);
    expect((await as(secondAdmin, { url: '/api/admin/adjustments' })).json().data.find((a: { id: string }) => a.id === pending.id)).toMatchObject({ status: 'pending' });
  });
});

describeEachDatabase('reasons', (database) => {
  let t: TestApp;
  let admin: TestDriver;
  let driver: TestDriver;

  before(async () => {
    ({ t, admin, driver } = await startOperatorSuite(database(), 'reasons-admin@blockpilot.test'));
  });
  after(async () => {
    await t.app.close();
  });

  it('every admin action that takes a reason refuses one without words (400 under reason), and changes nothing', async () => {
    const before = await auditEntryCount(t);
    const post = (url: string, payload: object, headers: Record<string, string> = {}) => callAs(t, admin, { method: 'POST', url, payload, headers });
    for (const reason of ['   ', '\n\t', ' - . ']) {
      expectFieldErrors(await post(`/api/admin/users/${driver.id}/credit`, { amountCents: 100, reason }, { 'idempotency-key': randomUUID() }), ['reason']);
      for (const action of ['stopSearch', 'suspend', 'restore']) expectFieldErrors(await post(`/api/admin/users/${driver.id}/${action}`, { reason }), ['reason']);
      expectFieldErrors(await post(`/api/admin/users/${driver.id}/role`, { role: 'support', reason }), ['reason']);
      expectFieldErrors(await post(`/api/admin/orders/${randomUUID()}/refund`, { reason }), ['reason']);
      expectFieldErrors(await post(`/api/admin/deployTokens/${randomUUID()}/revoke`, { reason }), ['reason']);
      expectFieldErrors(await post(`/api/admin/adjustments/${randomUUID()}/approve`, { reason }), ['reason']);
      expectFieldErrors(await post('/api/admin/tickets/1/status', { status: 'closed', reason }), ['reason']);
    }
    expect(await auditEntryCount(t)).toBe(before);
  });
});
