/**
 * The offer log store over Kysely (the engine's port: `OfferLogStore` in engine/stores.ts). The
 * offer log keeps each offer once per driver (unique (user_id, offer_id)); an accept's intent row
 * is written while the accept is on its way (docs/ENGINE.md "The live path": never awaited before
 * it leaves), and becomes a BLOCK_ACCEPT entry plus its fee in ONE transaction once the platform
 * answered; so a crash in between leaves an intent that reconciliation settles against the
 * platform's schedule, and no path can log or charge a block twice (the log's unique key, and the
 * ledger key fee:<log id>).
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import { charge, ledgerKey } from '../domain/ledger.js';
import type { AcceptAttempt, IgnoredOffer, LoggedOffer, OfferFacts, RecordedAccept } from '../engine/offerLog.js';
import type { RaceRecord } from '../engine/raceLog.js';
import type { OfferLogStore } from '../engine/stores.js';

type Db = Kysely<DatabaseSchema>;

function logColumns(offer: OfferFacts) {
  return {
    offer_id: offer.offerId,
    start_time: offer.startTime,
    end_time: offer.endTime,
    service_area_id: offer.serviceAreaId,
    price_amount: offer.priceAmount,
    currency: offer.currency,
  };
}

/**
 * Logs ignored offers of one poll in one statement; offers already logged are left as they are.
 * Resolves with the `notify` entries it wrote (docs/PRODUCT.md "Notify-only filters": each is
 * offered to the driver once), none when there were none to write.
 */
export async function logIgnored(db: Db, userId: string, discoveredAt: Date, ignored: readonly IgnoredOffer[]): Promise<LoggedOffer[]> {
  if (ignored.length === 0) return [];
  const rows = await db
    .insertInto('offer_logs')
    .values(
      ignored.map(({ offer, reason, overlaps, travelMinutes }) => ({
        user_id: userId,
        ...logColumns(offer),
        action: 'BLOCK_IGNORE' as const,
        reason,
        discovered_at: discoveredAt,
        overlap_start_time: overlaps?.startTime ?? null,
        overlap_service_area_id: overlaps?.serviceAreaId ?? null,
        travel_minutes: travelMinutes ?? null,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'offer_id']).doNothing())
    .returning(['id', 'offer_id', 'reason'])
    .execute();
  const offered: LoggedOffer[] = [];
  for (const row of rows) if (row.reason === 'notify') offered.push({ id: row.id, offerId: row.offer_id });
  return offered;
}

/**
 * Writes the intent of an accept (the offer, when it was seen, the fee decided): what a restart
 * settles against the platform's schedule. Idempotent: a second write of the same offer changes
 * nothing, and resolves false. The search that writes it is the driver's only one (the lease), so
 * no other process asks the platform for the same offer; a one-tap accept of an offered block
 * claims its offer the same way (features/offers/acceptOffered.ts), so two taps at once ask the
 * platform once.
 */
export async function writeIntent(db: Db, { userId, offer, discoveredAt, feeCents, createdAt }: AcceptAttempt): Promise<boolean> {
  const written = await db
    .insertInto('accept_attempts')
    .values({ user_id: userId, ...logColumns(offer), discovered_at: discoveredAt, fee_cents: feeCents, created_at: createdAt })
    .onConflict((oc) => oc.columns(['user_id', 'offer_id']).doNothing())
    .returning('offer_id')
    .executeTakeFirst();
  return written !== undefined;
}

/**
 * The platform accepted the block: its BLOCK_ACCEPT entry (cost = the fee) and the fee charge
 * (ledger key fee:<log id>) commit together, and the attempt goes. An earlier BLOCK_IGNORE of the
 * same offer (written by another process) becomes the accept. Credit short despite the check
 * (it cannot drop between check and charge while one searcher per driver runs) is logged and
 * the block kept at cost 0: the driver has the block, and the balance never goes negative.
 */
export async function recordAccept(db: Db, attempt: AcceptAttempt, onFeeShort: (balance: number) => void = () => undefined): Promise<RecordedAccept> {
  const { userId, offer, discoveredAt, feeCents } = attempt;
  return db.transaction().execute(async (trx) => {
    const accepted = { action: 'BLOCK_ACCEPT' as const, reason: null, cost_cents: feeCents };
    const row = await trx
      .insertInto('offer_logs')
      .values({ user_id: userId, ...logColumns(offer), ...accepted, discovered_at: discoveredAt })
      .onConflict((oc) => oc.columns(['user_id', 'offer_id']).doUpdateSet(accepted).where('offer_logs.action', '<>', 'BLOCK_ACCEPT'))
      .returning('id')
      .executeTakeFirst();
    await deleteAttempt(trx, userId, offer.offerId);
    if (!row) return { status: 'duplicate' };
    if (feeCents === 0) return { status: 'recorded', logId: row.id, feeCents: 0, balanceCents: null };
    const outcome = await charge(trx, userId, ledgerKey.fee(row.id), feeCents);
    if (outcome.status === 'applied') return { status: 'recorded', logId: row.id, feeCents, balanceCents: outcome.balance };
    if (outcome.status === 'insufficient') onFeeShort(outcome.balance);
    await trx.updateTable('offer_logs').set({ cost_cents: 0 }).where('id', '=', row.id).execute();
    return { status: 'recorded', logId: row.id, feeCents: 0, balanceCents: outcome.status === 'insufficient' ? outcome.balance : null };
  });
}

/** The platform did not take the accept (refused before acting, or settled as not booked). */
export async function deleteAttempt(db: Db, userId: string, offerId: string): Promise<void> {
  await db.deleteFrom('accept_attempts').where('user_id', '=', userId).where('offer_id', '=', offerId).execute();
}

/** An attempt settled as not booked: it goes, and the offer is logged as ignored for `reason`, in one transaction. */
async function settleAttemptAsIgnored(db: Db, attempt: AcceptAttempt, reason: IgnoredOffer['reason']): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteAttempt(trx, attempt.userId, attempt.offer.offerId);
    await logIgnored(trx, attempt.userId, attempt.discoveredAt, [{ offer: attempt.offer, reason }]);
  });
}

/** The driver's attempts whose outcome is not yet written (left by a crash or an unanswered accept). */
async function openAttempts(db: Db, userId: string): Promise<AcceptAttempt[]> {
  const rows = await db.selectFrom('accept_attempts').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  return rows.map((row) => ({
    userId,
    offer: {
      offerId: row.offer_id,
      startTime: row.start_time,
      endTime: row.end_time,
      serviceAreaId: row.service_area_id,
      priceAmount: row.price_amount,
      currency: row.currency,
    },
    discoveredAt: row.discovered_at,
    feeCents: row.fee_cents,
    createdAt: row.created_at,
  }));
}

/** Writes one poll's race timelines in one statement (docs/ENGINE.md "Race timelines"). */
export async function writeRaces(db: Db, userId: string, races: readonly RaceRecord[]): Promise<void> {
  if (races.length === 0) return;
  await db
    .insertInto('offer_races')
    .values(
      races.map((race) => ({
        user_id: userId,
        offer_id: race.offerId,
        listed_at: race.listedAt,
        sent_after_ms: race.sentAfterMs,
        answer: race.answer,
        answered_after_ms: race.answeredAfterMs,
        answered_at: race.answeredAt,
      })),
    )
    .execute();
}

/** The offer log store on `db`. */
export function kyselyOfferLogStore(db: Db): OfferLogStore {
  return {
    logIgnored: (userId, discoveredAt, ignored) => logIgnored(db, userId, discoveredAt, ignored),
    writeIntent: (attempt) => writeIntent(db, attempt),
    recordAccept: (attempt, onFeeShort) => recordAccept(db, attempt, onFeeShort),
    deleteAttempt: (userId, offerId) => deleteAttempt(db, userId, offerId),
    settleAttemptAsIgnored: (attempt, reason) => settleAttemptAsIgnored(db, attempt, reason),
    openAttempts: (userId) => openAttempts(db, userId),
    writeRaces: (userId, races) => writeRaces(db, userId, races),
  };
}
