/**
 * The credit ledger: every change of a user's credit is one row with a unique key, and the
 * balance on the user row moves in the same transaction. The key makes each change happen at
 * most once however often it is attempted (webhook replays, retries, concurrent requests: a
 * second insert of a key waits for the first and then does nothing). The balance never goes
 * below zero: charges check it, and a CHECK constraint backs that up.
 *
 * Every function takes the caller's transaction, so a credit or charge commits or rolls back
 * together with whatever it pays for (an order settled, a block accepted).
 */
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseSchema, LedgerKind } from '../db/schema.js';
import { rearmAutoTopUp } from './autoTopUp.js';

type Trx = Transaction<DatabaseSchema>;

/** The keys of ledger entries: `<kind>:<what it is for>`. */
export const ledgerKey = {
  signup: (userId: string) => `signup:${userId}`,
  topup: (orderId: string) => `topup:${orderId}`,
  /** Card payment received for a non-credit order (a membership), spent at once by `membership`. */
  payment: (orderId: string) => `payment:${orderId}`,
  membership: (orderId: string) => `membership:${orderId}`,
  /** The inviter's reward for one invited user. */
  invite: (invitedUserId: string) => `invite:${invitedUserId}`,
  fee: (logId: string) => `fee:${logId}`,
  refund: (logId: string) => `refund:${logId}`,
  /** An operator's change of credit, one per request (docs/OPERATIONS.md "Credit adjustments"). */
  adjustment: (requestKey: string) => `adjustment:${requestKey}`,
  /** The credit of a refunded top-up order, taken back. */
  reversal: (orderId: string) => `reversal:${orderId}`,
} satisfies Record<LedgerKind, (id: string) => string>;

const CREDIT_KINDS: ReadonlySet<LedgerKind> = new Set(['signup', 'topup', 'payment', 'invite', 'refund', 'adjustment']);
const DEBIT_KINDS: ReadonlySet<LedgerKind> = new Set(['fee', 'membership', 'adjustment', 'reversal']);
const REFUND_KINDS: ReadonlySet<LedgerKind> = new Set(['refund']);

/** What an attempted change did. */
export type LedgerOutcome =
  | { status: 'applied'; balance: number }
  /** The key was used before: nothing changed. */
  | { status: 'duplicate' }
  /** A charge larger than the balance: nothing changed. */
  | { status: 'insufficient'; balance: number };

function kindOf(key: string, allowed: ReadonlySet<LedgerKind>): LedgerKind {
  const kind = key.slice(0, key.indexOf(':')) as LedgerKind;
  if (!allowed.has(kind)) throw new Error(`ledger key "${key}" is not one of ${[...allowed].join(', ')}`);
  return kind;
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError(`ledger amounts are positive whole cents, got ${cents}`);
}

/** Inserts the entry unless its key exists; the id when inserted. */
async function insertEntry(trx: Trx, userId: string, key: string, kind: LedgerKind, amountCents: number): Promise<number | null> {
  const row = await trx
    .insertInto('ledger_entries')
    .values({ user_id: userId, key, kind, amount_cents: amountCents })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Adds `cents` to the user's credit under `key` (kinds signup, topup, payment, invite, refund, adjustment). */
export async function credit(trx: Trx, userId: string, key: string, cents: number): Promise<LedgerOutcome> {
  assertCents(cents);
  const kind = kindOf(key, CREDIT_KINDS);
  if ((await insertEntry(trx, userId, key, kind, cents)) === null) return { status: 'duplicate' };
  const { credit_cents } = await trx
    .updateTable('users')
    .set((eb) => ({ credit_cents: eb('credit_cents', '+', cents) }))
    .where('id', '=', userId)
    .returning('credit_cents')
    .executeTakeFirstOrThrow();
  // Back at or above the threshold: the next fall below it tops up again (docs/LIVE.md "Automatic top-up").
  await rearmAutoTopUp(trx, userId, credit_cents);
  return { status: 'applied', balance: credit_cents };
}

/**
 * Takes `cents` from the user's credit under `key` (kinds fee, membership, adjustment, reversal), or refuses with
 * `insufficient` and changes nothing when the credit is short.
 */
export async function charge(trx: Trx, userId: string, key: string, cents: number): Promise<LedgerOutcome> {
  assertCents(cents);
  const kind = kindOf(key, DEBIT_KINDS);
  const entryId = await insertEntry(trx, userId, key, kind, -cents);
  if (entryId === null) return { status: 'duplicate' };
  // The row lock taken here orders concurrent charges; the condition re-reads the latest balance.
  const charged = await trx
    .updateTable('users')
    .set((eb) => ({ credit_cents: eb('credit_cents', '-', cents) }))
    .where('id', '=', userId)
    .where('credit_cents', '>=', cents)
    .returning('credit_cents')
    .executeTakeFirst();
  if (charged) return { status: 'applied', balance: charged.credit_cents };
  // Give the key back, so the same charge can be tried again once the driver has topped up.
  await trx.deleteFrom('ledger_entries').where('id', '=', entryId).execute();
  return { status: 'insufficient', balance: await balanceOf(trx, userId) };
}

/**
 * Gives back exactly what the entry `chargeKey` took, once, under `refundKey` (e.g. the fee of a
 * forfeited block: `refund(trx, userId, ledgerKey.fee(logId), ledgerKey.refund(logId))`).
 * `not-charged` when the user has no such charge.
 */
export async function refund(trx: Trx, userId: string, chargeKey: string, refundKey: string): Promise<LedgerOutcome | { status: 'not-charged' }> {
  const charged = await trx
    .selectFrom('ledger_entries')
    .select('amount_cents')
    .where('key', '=', chargeKey)
    .where('user_id', '=', userId)
    .where('amount_cents', '<', 0)
    .executeTakeFirst();
  kindOf(refundKey, REFUND_KINDS);
  if (!charged) return { status: 'not-charged' };
  return credit(trx, userId, refundKey, -charged.amount_cents);
}

export async function balanceOf(db: Kysely<DatabaseSchema>, userId: string): Promise<number> {
  const row = await db.selectFrom('users').select('credit_cents').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.credit_cents;
}

/** One entry as the ledger's readers see it. */
export interface LedgerEntry {
  key: string;
  kind: LedgerKind;
  amountCents: number;
  createdAt: Date;
}

/** The user's entries, oldest first. */
export async function entriesOf(db: Kysely<DatabaseSchema>, userId: string): Promise<LedgerEntry[]> {
  const rows = await db.selectFrom('ledger_entries').select(['key', 'kind', 'amount_cents', 'created_at']).where('user_id', '=', userId).orderBy('id').execute();
  return rows.map((r) => ({ key: r.key, kind: r.kind, amountCents: r.amount_cents, createdAt: r.created_at }));
}
