/**
 * What the audit log keeps (docs/OPERATIONS.md "Audit"): every change; a read of personal data
 * once per operator, subject and hour, however often it is repeated or polled; no entry for lists
 * of non-personal data; searches limited per operator; entries that SQL itself cannot change or
 * delete; found by the driver's e-mail and by any word of the reason.
 */
import { randomUUID } from 'node:crypto';
import { after, before, it } from 'node:test';
import { expect } from 'expect';
import { sql } from 'kysely';
import type { InjectOptions } from 'fastify';
import { type TestApp, type TestDriver } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { auditEntriesOf, auditEntryCount, callAs, startOperatorSuite } from '../../../test/operatorSuite.js';

const HOUR = 3_600_000;

describeEachDatabase('the audit log', (database) => {
  let t: TestApp;
  let admin: TestDriver;
  let supportUser: TestDriver;
  let driver: TestDriver;

  before(async () => {
    ({ t, admin, supportUser, driver } = await startOperatorSuite(database(), 'audit-admin@blockpilot.test'));
  });
  after(async () => {
    await t.app.close();
  });

  const as = (who: TestDriver, options: InjectOptions) => callAs(t, who, options);
  const times = <T>(n: number, make: () => Promise<T>) => Promise.all(Array.from({ length: n }, make));

  it("records a driver's page read once per operator and hour, however often it is opened at once or polled", async () => {
    // The attack: drown the log in reads so the one that matters is hard to find.
    const answers = await times(40, () => as(supportUser, { url: `/api/admin/users/${driver.id}` }));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await auditEntriesOf(t, 'user.view', driver.id)).toHaveLength(1);
    // Another operator's read is their own entry; the next hour is a new one.
    await as(admin, { url: `/api/admin/users/${driver.id}` });
    expect((await auditEntriesOf(t, 'user.view', driver.id)).map((e) => e.actor_id)).toEqual([supportUser.id, admin.id]);
    t.clock.advance(HOUR);
    await times(5, () => as(supportUser, { url: `/api/admin/users/${driver.id}` }));
    expect(await auditEntriesOf(t, 'user.view', driver.id)).toHaveLength(3);
  });

  it('writes nothing for lists and polls of data about no driver', async () => {
    const draft = (await as(admin, { method: 'POST', url: '/api/admin/promotions', payload: { subject: 'Spring offer', text: 'Two weeks free.' } })).json().data;
    const before = await auditEntryCount(t);
    for (const url of [
      '/api/admin/promotions',
      `/api/admin/promotions/${draft.id}`,
      '/api/admin/knowledgeBase',
      '/api/admin/engineHealth',
      '/api/admin/engineHealth/workers',
      '/api/admin/deployTokens',
      '/api/admin/releases',
    ]) {
      for (let poll = 0; poll < 3; poll++) expect([url, (await as(admin, { url })).statusCode]).toEqual([url, 200]);
    }
    expect(await auditEntryCount(t)).toBe(before);
  });

  it('limits searches per operator (429 with Retry-After, BP_ERR_SEARCH_RATE_LIMITED); the searches made are recorded once', async () => {
    t.clock.advance(HOUR);
    const before = (await auditEntriesOf(t, 'users.search')).length;
    const answers = await times(300, () => as(supportUser, { url: '/api/admin/users?q=zelda' }));
    const limited = answers.filter((a) => a.statusCode === 429);
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThan(0);
    expect(limited.length).toBeGreaterThan(200);
    expect(limited[0]!.json().code).toBe('BP_ERR_SEARCH_RATE_LIMITED');
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await auditEntriesOf(t, 'users.search')).length - before).toBe(1);
    // Another operator is not held up by this one's searches.
    expect((await as(admin, { url: '/api/admin/users?q=zelda' })).statusCode).toBe(200);
  });

  it('keeps entries append-only in the database: SQL cannot update, delete or truncate them', async () => {
    const count = await auditEntryCount(t);
    await expect(sql`update audit_entries set reason = 'nothing happened'`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_entries`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_entries`.execute(t.database.db)).rejects.toThrow(/append-only/);
    expect(await auditEntryCount(t)).toBe(count);
  });

  it("finds entries by the driver's e-mail and by any word of the reason", async () => {
    const res = await as(admin, {
      method: 'POST',
      url: `/api/admin/users/${driver.id}/credit`,
      payload: { amountCents: 250, reason: 'Goodwill after the Leeds outage' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode).toBe(200);
    const search = async (q: string) =>
      ((await as(admin, { url: `/api/admin/audit?q=${encodeURIComponent(q)}` })).json().data as Array<{ action: string; reason: string | null }>).filter(
        (e) => e.action === 'user.credit',
      );
    for (const q of [driver.email.toUpperCase(), 'leeds', 'outage goodwill']) expect([q, (await search(q)).map((e) => e.reason)]).toEqual([q, ['Goodwill after the Leeds outage']]);
    expect(await search('leeds refund')).toEqual([]);
  });
});
