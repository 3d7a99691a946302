/**
 * The plan of the money suite: for each order a fate (paid, cancelled, left pending) and the
 * reports that lead there, as a payment provider sends them: replayed, out of order, some with
 * the wrong amount or a forged signature; for each driver fees charged and refunded through the
 * ledger, replayed and racing each other; and for drivers searching with the real engine, new
 * offers for it to accept and forfeits of blocks it accepted, some sent more than once.
 * Everything is decided up front from a seed; the suite then runs it all at once.
 */
import type { SeededRandom } from './seededRandom.js';

export interface PlannedOrder {
  id: string;
  userId: string;
  amountCents: number;
}

/** Checkout events the Stripe webhook acts on (SPEC: a paid session, a delayed payment, an expiry). */
export type CheckoutEventType = 'checkout.session.completed' | 'checkout.session.async_payment_succeeded' | 'checkout.session.expired' | 'checkout.session.async_payment_failed';

export type MoneyOperation =
  | { kind: 'webhook'; orderId: string; type: CheckoutEventType; amountCents: number; signed: boolean }
  | { kind: 'devCheckout'; orderId: string; action: 'complete' | 'cancel' }
  | { kind: 'charge'; userId: string; logId: string; cents: number }
  | { kind: 'refund'; userId: string; logId: string }
  /** A new offer on the platform for a searching driver: the engine accepts it (and charges) while the rest runs. */
  | { kind: 'offer'; userId: string; serviceAreaId: string; offerId: string; startTime: number }
  /** The driver forfeits a block the engine accepted, through the forfeitBlock route. */
  | { kind: 'forfeit'; userId: string; token: string; logId: string };

/** A driver the engine searches for, with the blocks it accepted before the storm. */
export interface SearchingDriver {
  userId: string;
  token: string;
  serviceAreaId: string;
  acceptedLogIds: readonly string[];
  /** Epoch seconds from which this driver's new offers start (clear of their accepted blocks). */
  firstFreeStart: number;
}

export interface MoneyPlan {
  operations: MoneyOperation[];
  /** Orders that must end paid: some correct report of payment reaches them. */
  mustBePaid: Set<string>;
}

function paymentReports(random: SeededRandom, order: PlannedOrder): MoneyOperation[] {
  const reports: MoneyOperation[] = [];
  const paid = (): MoneyOperation => ({
    kind: 'webhook',
    orderId: order.id,
    type: random.chance(0.7) ? 'checkout.session.completed' : 'checkout.session.async_payment_succeeded',
    amountCents: order.amountCents,
    signed: true,
  });
  const deliveries = random.int(1, 4);
  for (let i = 0; i < deliveries; i++) reports.push(paid());
  if (random.chance(0.3)) reports.push({ kind: 'devCheckout', orderId: order.id, action: 'complete' });
  return reports;
}

/** Reports that must never make an order paid: expiries, cancels, wrong amounts, forged signatures. */
function noise(random: SeededRandom, order: PlannedOrder, odds: number): MoneyOperation[] {
  const reports: MoneyOperation[] = [];
  if (random.chance(odds))
    reports.push({
      kind: 'webhook',
      orderId: order.id,
      type: random.pick(['checkout.session.expired', 'checkout.session.async_payment_failed'] as const),
      amountCents: 0,
      signed: true,
    });
  if (random.chance(odds)) reports.push({ kind: 'devCheckout', orderId: order.id, action: 'cancel' });
  if (random.chance(odds))
    reports.push({ kind: 'webhook', orderId: order.id, type: 'checkout.session.completed', amountCents: order.amountCents + random.pick([1, -1, 500]), signed: true });
  if (random.chance(odds)) reports.push({ kind: 'webhook', orderId: order.id, type: 'checkout.session.completed', amountCents: order.amountCents, signed: false });
  return reports;
}

function feesOf(random: SeededRandom, userId: string, logsPerUser: number): MoneyOperation[] {
  const operations: MoneyOperation[] = [];
  for (let i = 0; i < logsPerUser; i++) {
    const logId = `${userId}:${i}`;
    const cents = random.int(1, 400);
    const charges = random.int(1, 3);
    for (let c = 0; c < charges; c++) operations.push({ kind: 'charge', userId, logId, cents });
    // Forfeits: most blocks are kept; a refund may be retried, and may race its own charge.
    const refunds = random.chance(0.4) ? random.int(1, 2) : 0;
    for (let r = 0; r < refunds; r++) operations.push({ kind: 'refund', userId, logId });
  }
  // A forfeit of a block that was never charged (a stale or forged log id).
  operations.push({ kind: 'refund', userId, logId: `${userId}:never-charged` });
  return operations;
}

export function planMoneyOperations(random: SeededRandom, orders: readonly PlannedOrder[], userIds: readonly string[], logsPerUser: number): MoneyPlan {
  const operations: MoneyOperation[] = [];
  const mustBePaid = new Set<string>();
  for (const order of orders) {
    const fate = random.next();
    if (fate < 0.6) {
      mustBePaid.add(order.id);
      operations.push(...paymentReports(random, order), ...noise(random, order, 0.2));
    } else if (fate < 0.85) {
      operations.push({ kind: 'webhook', orderId: order.id, type: 'checkout.session.expired', amountCents: 0, signed: true }, ...noise(random, order, 0.4));
    } else {
      operations.push(...noise(random, order, 0.3).filter((op) => op.kind === 'webhook' && op.type === 'checkout.session.completed'));
    }
  }
  for (const userId of userIds) operations.push(...feesOf(random, userId, logsPerUser));
  return { operations: random.shuffled(operations), mustBePaid };
}

/**
 * For each searching driver: `offersEach` new offers (4 hours apart, so none overlaps another),
 * and a forfeit of most accepted blocks, sent once to three times (the refund must happen once).
 */
export function planEngineOperations(random: SeededRandom, drivers: readonly SearchingDriver[], offersEach: number): MoneyOperation[] {
  const operations: MoneyOperation[] = [];
  for (const driver of drivers) {
    for (let i = 0; i < offersEach; i++) {
      const offerId = `storm-${driver.userId.slice(0, 8)}-${i}`;
      operations.push({ kind: 'offer', userId: driver.userId, serviceAreaId: driver.serviceAreaId, offerId, startTime: driver.firstFreeStart + i * 4 * 3600 });
    }
    for (const logId of driver.acceptedLogIds) {
      if (!random.chance(0.7)) continue;
      const sends = random.int(1, 3);
      for (let i = 0; i < sends; i++) operations.push({ kind: 'forfeit', userId: driver.userId, token: driver.token, logId });
    }
  }
  return operations;
}
