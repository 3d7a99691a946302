/**
 * Promotions on the BullMQ job queue (docs/OPERATIONS.md "Promotions"), with two API processes
 * (src/main.ts, SERVER_ROLE=api) on one PostgreSQL schema and one Redis prefix. The outbox table
 * is locked from the test so every process's e-mail waits mid-batch; one process is killed (-9)
 * while it has rows in hand, then the lock is let go.
 *
 * Asserted: each batch is a job on the queue, taken by both processes; the console shows the
 * progress while the promotion goes out; the batches the dead process held are taken up by the
 * other; nobody gets the promotion twice (the rows the dead process had in hand are
 * `unconfirmed`, never sent again); drivers who opted out, before sending or during it, get nothing.
 */
import { after, before, it } from 'node:test';
import { expect } from 'expect';
import { Queue } from 'bullmq';
import pg from 'pg';
import { testContext } from '../../../test/context.js';
import { addConfirmedDrivers } from '../../../test/operatorSuite.js';
import { signUpDriver, waitFor } from '../../../test/platform.js';
import { openProcessFleet, type ProcessFleet } from '../../../test/processFleet.js';
import { describeWithRedis } from '../../../test/redis.js';
import type { ServerProcess } from '../../scaling/serverProcesses.js';
import type { Database } from '../../db/types.js';
import { PROMOTION_BATCH_SIZE, PROMOTION_QUEUE } from './promotions.js';

const RECIPIENTS = 5 * PROMOTION_BATCH_SIZE - 20;
const SUBJECT = 'Batches on the queue';

describeWithRedis('promotions on the job queue: two API processes, one killed mid-send', (redis) => {
  let fleet: ProcessFleet | null = null;
  let database: Database;
  let adminToken = '';

  before(async () => {
    fleet = await openProcessFleet(redis(), 'promo');
    database = fleet.database;
    await Promise.all(['api1', 'api2'].map((id) => fleet!.spawn(id, 'api')));
    const setup = testContext(database);
    const { user, token } = await signUpDriver(setup);
    await database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', user.id).execute();
    adminToken = token;
    await setup.platform.close();
  });

  after(async () => {
    await fleet?.close();
  });

  const api = async (server: ServerProcess, method: 'GET' | 'POST', path: string, body?: object) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  };

  it('runs every batch as a job, survives a process killed mid-batch, and sends nobody the promotion twice', async () => {
    const [api1, api2] = ['api1', 'api2'].map((id) => fleet!.servers.find((s) => s.id === id)!) as [ServerProcess, ServerProcess];
    const { databaseUrl, prefix } = fleet!;
    const drivers = await addConfirmedDrivers(database, RECIPIENTS, 'promo');
    const optedOut = await addConfirmedDrivers(database, 5, 'left');
    await database.db
      .updateTable('users')
      .set({ promotions_opted_out_at: new Date() })
      .where(
        'id',
        'in',
        optedOut.map((d) => d.id),
      )
      .execute();
    // The admin (confirmed) is a recipient too.
    const recipients = RECIPIENTS + 1;
    const batches = Math.ceil(recipients / PROMOTION_BATCH_SIZE);

    // Every e-mail waits on this lock: each process stops with a row in hand.
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table outbox in exclusive mode');

    const { id } = (await api(api1, 'POST', '/api/admin/promotions', { subject: SUBJECT, text: 'Batches, one job each.' })) as { id: number };
    const sending = await api(api2, 'POST', `/api/admin/promotions/${id}/send`);
    expect(sending).toMatchObject({ status: 'sending', delivery: { recipients }, batches: { total: batches, done: 0 } });

    const inHand = (server: string) =>
      database.db
        .selectFrom('promotion_recipients')
        .select('user_id')
        .where('promotion_id', '=', id)
        .where('status', '=', 'sending')
        .where('claim', 'like', `${server}:%`)
        .execute();
    await waitFor('both processes sending a batch', async () => (await inHand('api1')).length > 0 && (await inHand('api2')).length > 0, 20_000);
    // The batches are BullMQ jobs, each process running some of them.
    const queue = new Queue(PROMOTION_QUEUE, { connection: redis().connect('promotion-queue'), prefix });
    const active = await queue.getJobs(['active']);
    expect(active.map((job) => job.id).sort()).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^promotion-${id}-batch-\\d+$`))]));
    expect(active.length + (await queue.getJobs(['waiting'])).length).toBe(batches);
    // The console shows the progress while it goes out.
    expect(await api(api2, 'GET', `/api/admin/promotions/${id}`)).toMatchObject({ status: 'sending', delivery: { recipients, sent: 0 }, batches: { total: batches, done: 0 } });

    // A driver of a batch not begun opts out while the promotion goes out.
    const last = await database.db
      .selectFrom('promotion_recipients')
      .select('user_id')
      .where('promotion_id', '=', id)
      .where('status', '=', 'pending')
      .orderBy('user_id', 'desc')
      .executeTakeFirstOrThrow();
    await database.db.updateTable('users').set({ promotions_opted_out_at: new Date() }).where('id', '=', last.user_id).execute();

    const lost = (await inHand('api1')).map((r) => r.user_id);
    api1.child.kill('SIGKILL');
    await api1.exited;
    await locker.query('commit');
    await locker.end();

    // api2 takes up the dead process's batches once their locks lapse.
    const done = await waitFor(
      'the promotion sent',
      async () => {
        const promotion = (await api(api2, 'GET', `/api/admin/promotions/${id}`)) as { status: string };
        return promotion.status === 'sent' && promotion;
      },
      30_000,
    );
    expect(done).toMatchObject({ delivery: { recipients, pending: 0, skipped: 1, failed: 0 }, batches: { total: batches, done: batches } });
    const rows = await database.db.selectFrom('promotion_recipients').select(['user_id', 'status', 'claim']).where('promotion_id', '=', id).execute();
    const unconfirmed = rows.filter((r) => r.status === 'unconfirmed').map((r) => r.user_id);
    // Only rows the dead process had in hand are unconfirmed; every other driver got it from one process.
    expect(unconfirmed.length).toBeGreaterThan(0);
    expect(lost).toEqual(expect.arrayContaining(unconfirmed));
    expect(rows.filter((r) => r.status === 'sent').length).toBe(recipients - 1 - unconfirmed.length);
    // api1 died before any of its e-mails could go: api2 sent every one, its batches included.
    expect(new Set(rows.filter((r) => r.status === 'sent').map((r) => r.claim!.split(':')[0]))).toEqual(new Set(['api2']));

    const mails = await database.db.selectFrom('outbox').select(['to_address']).where('subject', '=', SUBJECT).execute();
    const perDriver = new Map<string, number>();
    for (const { to_address: to } of mails) perDriver.set(to, (perDriver.get(to) ?? 0) + 1);
    console.log(`# ${recipients} recipients in ${batches} batches: ${mails.length} e-mails, ${unconfirmed.length} unconfirmed (the killed process had them in hand)`);
    expect([...perDriver.values()].every((n) => n === 1)).toBe(true);
    // Nobody unreachable: every sent row has its e-mail (an unconfirmed one may or may not).
    expect(mails.length).toBeGreaterThanOrEqual(recipients - 1 - unconfirmed.length);
    const emailOf = new Map([...drivers, ...optedOut].map((d) => [d.id, d.email]));
    for (const driver of optedOut) expect(perDriver.has(driver.email)).toBe(false);
    expect(perDriver.has(emailOf.get(last.user_id)!)).toBe(false);
    await queue.close();
  });
});
