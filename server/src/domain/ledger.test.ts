import { before, describe, it } from 'node:test';
import { expect } from 'expect';
import fc from 'fast-check';
import { sql } from 'kysely';
import { INVITE_REWARD_CENTS, INVITE_REWARD_THRESHOLD_CENTS, SIGN_UP_BONUS_CENTS } from '@blockpilot/shared/constants';
import type { AppContext } from '../context.js';
import { describeEachDatabase } from '../../test/databases.js';
import { testContext } from '../../test/context.js';
import { registration } from '../../test/app.js';
import { confirmEmailAddress } from '../features/auth/emailVerification.js';
import { register } from '../features/auth/service.js';
import { applyPaymentEvent, createOrder } from '../features/store/orders.js';
import { balanceOf, charge, credit, entriesOf, ledgerKey, refund } from './ledger.js';

async function newDriver(ctx: AppContext, inviteCode?: string): Promise<string> {
  const body = registration(inviteCode ? { inviteCode } : {});
  await register(ctx, body as Parameters<typeof register>[1]);
  const { id } = await ctx.db.selectFrom('users').select('id').where('email', '=', body.emailAddress).executeTakeFirstOrThrow();
  await confirmEmailAddress(ctx, id);
  return id;
}

async function sumOfEntries(ctx: AppContext, userId: string): Promise<number> {
  return (await entriesOf(ctx.db, userId)).reduce((sum, entry) => sum + entry.amountCents, 0);
}

/** Pays a top-up the way a webhook or the dev checkout does; returns the order id. */
async function paidTopUp(ctx: AppContext, userId: string, cents: number): Promise<string> {
  const url = await createOrder(ctx, userId, { topupCents: cents });
  const orderId = url.split('/').pop()!;
  await applyPaymentEvent(ctx, { type: 'paid', orderId, amountCents: cents });
  return orderId;
}

describe('ledger keys and amounts', () => {
  it('names every entry <kind>:<id>', () => {
    expect(ledgerKey.fee('log-1')).toBe('fee:log-1');
    expect(ledgerKey.invite('user-1')).toBe('invite:user-1');
  });
});

describeEachDatabase('the credit ledger', (database) => {
  let ctx: AppContext;
  before(() => {
    ctx = testContext(database());
  });

  it('credits and charges in whole cents, keeping the balance equal to the sum of entries', async () => {
    const user = await newDriver(ctx);
    expect(await balanceOf(ctx.db, user)).toBe(SIGN_UP_BONUS_CENTS);
    await ctx.db.transaction().execute(async (trx) => {
      expect(await credit(trx, user, ledgerKey.topup('o-1'), 2500)).toEqual({ status: 'applied', balance: 3500 });
      expect(await charge(trx, user, ledgerKey.fee('log-1'), 350)).toEqual({ status: 'applied', balance: 3150 });
    });
    expect(await sumOfEntries(ctx, user)).toBe(3150);
    expect((await entriesOf(ctx.db, user)).map((e) => [e.kind, e.amountCents])).toEqual([
      ['signup', 1000],
      ['topup', 2500],
      ['fee', -350],
    ]);
  });

  it('does nothing the second time a key is used', async () => {
    const user = await newDriver(ctx);
    const once = () => ctx.db.transaction().execute((trx) => credit(trx, user, ledgerKey.topup('same-order'), 1500));
    expect((await once()).status).toBe('applied');
    expect(await once()).toEqual({ status: 'duplicate' });
    const fee = () => ctx.db.transaction().execute((trx) => charge(trx, user, ledgerKey.fee('same-log'), 100));
    expect((await fee()).status).toBe('applied');
    expect(await fee()).toEqual({ status: 'duplicate' });
    expect(await balanceOf(ctx.db, user)).toBe(1000 + 1500 - 100);
  });

  it('refuses a charge larger than the credit, changes nothing, and lets the same key pay later', async () => {
    const user = await newDriver(ctx);
    const fee = () => ctx.db.transaction().execute((trx) => charge(trx, user, ledgerKey.fee('big'), 1200));
    expect(await fee()).toEqual({ status: 'insufficient', balance: 1000 });
    expect(await entriesOf(ctx.db, user)).toHaveLength(1);
    await ctx.db.transaction().execute((trx) => credit(trx, user, ledgerKey.topup('later'), 1000));
    expect(await fee()).toEqual({ status: 'applied', balance: 800 });
  });

  it('refunds exactly what a charge took, once, and nothing that was never charged', async () => {
    const user = await newDriver(ctx);
    const other = await newDriver(ctx);
    await ctx.db.transaction().execute((trx) => charge(trx, user, ledgerKey.fee('log-r'), 287));
    const back = () => ctx.db.transaction().execute((trx) => refund(trx, user, ledgerKey.fee('log-r'), ledgerKey.refund('log-r')));
    expect(await back()).toEqual({ status: 'applied', balance: 1000 });
    expect(await back()).toEqual({ status: 'duplicate' });
    const stranger = await ctx.db.transaction().execute((trx) => refund(trx, other, ledgerKey.fee('log-r'), ledgerKey.refund('log-x')));
    expect(stranger).toEqual({ status: 'not-charged' });
  });

  it('rejects amounts that are not positive whole cents and keys of the wrong kind', async () => {
    const user = await newDriver(ctx);
    await ctx.db.transaction().execute(async (trx) => {
      await expect(credit(trx, user, ledgerKey.topup('x'), 10.5)).rejects.toThrow(RangeError);
      await expect(credit(trx, user, ledgerKey.topup('x'), 0)).rejects.toThrow(RangeError);
      await expect(charge(trx, user, ledgerKey.fee('x'), -5)).rejects.toThrow(RangeError);
      await expect(credit(trx, user, ledgerKey.fee('x'), 5)).rejects.toThrow(/not one of/);
      await expect(charge(trx, user, ledgerKey.signup('x'), 5)).rejects.toThrow(/not one of/);
    });
  });

  it('cannot go below zero even when written around the ledger (CHECK constraint)', async () => {
    const user = await newDriver(ctx);
    await expect(sql`update users set credit_cents = -1 where id = ${user}`.execute(ctx.db)).rejects.toThrow(/check/i);
  });

  it('credits once when the same credit arrives concurrently', async () => {
    const user = await newDriver(ctx);
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => ctx.db.transaction().execute((trx) => credit(trx, user, ledgerKey.topup('racing'), 2000))));
    expect(outcomes.filter((o) => o.status === 'applied')).toHaveLength(1);
    expect(await balanceOf(ctx.db, user)).toBe(3000);
    expect(await sumOfEntries(ctx, user)).toBe(3000);
  });

  it('settles a payment reported many times at once exactly once', async () => {
    const user = await newDriver(ctx);
    const url = await createOrder(ctx, user, { topupCents: 1500 });
    const orderId = url.split('/').pop()!;
    const settlements = await Promise.all(Array.from({ length: 10 }, () => applyPaymentEvent(ctx, { type: 'paid', orderId, amountCents: 1500 })));
    expect(settlements.filter((s) => s === 'paid')).toHaveLength(1);
    expect(await balanceOf(ctx.db, user)).toBe(2500);
  });

  it('never lets concurrent charges overdraw the credit', async () => {
    const user = await newDriver(ctx);
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => ctx.db.transaction().execute((trx) => charge(trx, user, ledgerKey.fee(`race-${i}`), 300))));
    expect(outcomes.filter((o) => o.status === 'applied')).toHaveLength(3);
    expect(await balanceOf(ctx.db, user)).toBe(100);
    expect(await sumOfEntries(ctx, user)).toBe(100);
  });

  it('keeps balance = sum of entries >= 0 under any sequence of sign-ups, top-ups, replays, invites, charges and refunds', async () => {
    type Op =
      | { op: 'signUp'; inviter: number | null }
      | { op: 'topUp'; user: number; cents: number }
      | { op: 'replay'; order: number }
      | { op: 'charge'; user: number; log: number; cents: number }
      | { op: 'refund'; user: number; log: number };
    const index = fc.nat({ max: 5 });
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ op: fc.constant('signUp' as const), inviter: fc.option(index, { nil: null }) }),
      fc.record({ op: fc.constant('topUp' as const), user: index, cents: fc.integer({ min: 2, max: 10 }).map((n) => n * 500) }),
      fc.record({ op: fc.constant('replay' as const), order: index }),
      fc.record({ op: fc.constant('charge' as const), user: index, log: fc.nat({ max: 4 }), cents: fc.integer({ min: 1, max: 1500 }) }),
      fc.record({ op: fc.constant('refund' as const), user: index, log: fc.nat({ max: 4 }) }),
    );

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const run = Math.random().toString(36).slice(2);
        const users: string[] = [await newDriver(ctx)];
        const model = new Map<string, { balance: number; toppedUp: number; inviter: string | null; rewarded: boolean }>([
          [users[0]!, { balance: SIGN_UP_BONUS_CENTS, toppedUp: 0, inviter: null, rewarded: false }],
        ]);
        const fees = new Map<string, number>();
        const refunded = new Set<string>();
        const orders: Array<{ id: string; user: string; cents: number }> = [];
        const pick = <T>(list: T[], i: number) => list[i % list.length]!;

        for (const step of ops) {
          if (step.op === 'signUp') {
            const inviter = step.inviter === null ? null : pick(users, step.inviter);
            const code = inviter ? (await ctx.db.selectFrom('users').select('shareable_code').where('id', '=', inviter).executeTakeFirstOrThrow()).shareable_code : undefined;
            const id = await newDriver(ctx, code);
            users.push(id);
            model.set(id, { balance: SIGN_UP_BONUS_CENTS, toppedUp: 0, inviter, rewarded: false });
          } else if (step.op === 'topUp') {
            const user = pick(users, step.user);
            orders.push({ id: await paidTopUp(ctx, user, step.cents), user, cents: step.cents });
            const m = model.get(user)!;
            m.balance += step.cents;
            m.toppedUp += step.cents;
            if (m.inviter && !m.rewarded && m.toppedUp >= INVITE_REWARD_THRESHOLD_CENTS) {
              m.rewarded = true;
              model.get(m.inviter)!.balance += INVITE_REWARD_CENTS;
            }
          } else if (step.op === 'replay') {
            if (!orders.length) continue;
            const order = pick(orders, step.order);
            expect(await applyPaymentEvent(ctx, { type: 'paid', orderId: order.id, amountCents: order.cents })).toBe('unchanged');
          } else if (step.op === 'charge') {
            const user = pick(users, step.user);
            const key = ledgerKey.fee(`${run}-${user}-${step.log}`);
            const outcome = await ctx.db.transaction().execute((trx) => charge(trx, user, key, step.cents));
            const m = model.get(user)!;
            if (fees.has(key)) expect(outcome.status).toBe('duplicate');
            else if (m.balance >= step.cents) {
              expect(outcome.status).toBe('applied');
              m.balance -= step.cents;
              fees.set(key, step.cents);
            } else expect(outcome.status).toBe('insufficient');
          } else {
            const user = pick(users, step.user);
            const log = `${run}-${user}-${step.log}`;
            const outcome = await ctx.db.transaction().execute((trx) => refund(trx, user, ledgerKey.fee(log), ledgerKey.refund(log)));
            const charged = fees.get(ledgerKey.fee(log));
            if (charged === undefined) expect(outcome.status).toBe('not-charged');
            else if (refunded.has(log)) expect(outcome.status).toBe('duplicate');
            else {
              expect(outcome.status).toBe('applied');
              refunded.add(log);
              model.get(user)!.balance += charged;
            }
          }
        }

        for (const [user, expected] of model) {
          const balance = await balanceOf(ctx.db, user);
          expect(balance).toBe(expected.balance);
          expect(balance).toBe(await sumOfEntries(ctx, user));
          expect(balance).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 25 },
    );
  });
});
