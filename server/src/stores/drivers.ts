/**
 * The driver store over Kysely (the engine's port: `DriverStore` in engine/stores.ts): the rows of
 * `users` (and the station positions of `platform_accounts`) a search reads, and the few states it
 * sets by itself: a stop (docs/PLATFORM.md section 3: a puzzle pauses with puzzleRequired set, a
 * device check stops, a refused account disconnects) and the credit guard's pause and notice
 * (docs/LIVE.md "Credit guard"). Every write is one conditional statement, so two processes (an
 * API process handling a top-up, the worker searching) never notify twice or lose a count.
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import { filtersOf } from '../domain/filters.js';
import { workLimitsOf } from '../domain/workLimits.js';
import { feeStateOf } from '../engine/fees.js';
import type { OfferFacts } from '../engine/offerLog.js';
import type { DriverStore, DriverZone } from '../engine/stores.js';
import type { StopReason } from '../engine/types.js';
import type { Position } from '../engine/workLimits.js';

type Db = Kysely<DatabaseSchema>;

/** The users.* columns each stop sets besides `searching = false`. */
const STOP_COLUMNS: Record<StopReason, { puzzle_required?: boolean; flex_connected?: boolean }> = {
  puzzle: { puzzle_required: true },
  signing: {},
  reconnect: { flex_connected: false },
};

/** Users whose search should be running (resumed when a process starts). */
export async function searchingUserIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').where('searching', '=', true).execute();
  return rows.map((r) => r.id);
}

async function zoneOf(db: Db, userId: string): Promise<DriverZone> {
  const user = await db.selectFrom('users').select(['timezone_offset', 'time_zone']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { timezoneOffset: user.timezone_offset, timeZone: user.time_zone };
}

/** An offer's pay in cents, as the missed count adds it up. */
function payCents(offer: OfferFacts): number {
  return Math.round(offer.priceAmount * 100);
}

/** The driver store on `db`. */
export function kyselyDriverStore(db: Db): DriverStore {
  return {
    async filterInputs(userId) {
      const [filters, zone] = await Promise.all([filtersOf(db, userId), zoneOf(db, userId)]);
      return { filters, ...zone };
    },

    async limitInputs(userId) {
      const [limits, zone, account] = await Promise.all([
        workLimitsOf(db, userId),
        zoneOf(db, userId),
        db.selectFrom('platform_accounts').select('service_areas').where('user_id', '=', userId).executeTakeFirst(),
      ]);
      const positions = new Map<string, Position>();
      for (const area of account?.service_areas ?? []) if (area.location) positions.set(area.id, area.location);
      return { limits, positions, ...zone };
    },

    async feeState(userId) {
      const row = await db.selectFrom('users').select(['credit_cents', 'trial_ends_at', 'membership_ends_at']).where('id', '=', userId).executeTakeFirstOrThrow();
      return feeStateOf(row);
    },

    async recentFeesCents(userId, count) {
      const recent = await db
        .selectFrom('ledger_entries')
        .select('amount_cents')
        .where('user_id', '=', userId)
        .where('kind', '=', 'fee')
        .orderBy('id', 'desc')
        .limit(count)
        .execute();
      return recent.map((row) => -row.amount_cents);
    },

    async pauseForCredit(userId, skipped) {
      const valueCents = skipped.reduce((sum, offer) => sum + payCents(offer), 0);
      await db
        .updateTable('users')
        .set({
          search_paused_for: 'credit',
          missed_offers: sql<number>`missed_offers + ${skipped.length}`,
          missed_value_cents: sql<number>`missed_value_cents + ${valueCents}`,
        })
        .where('id', '=', userId)
        .where('searching', '=', true)
        .execute();
    },

    async creditPaused(userId) {
      const row = await db.selectFrom('users').select('search_paused_for').where('id', '=', userId).executeTakeFirst();
      return row?.search_paused_for === 'credit';
    },

    async endCreditPause(userId) {
      const row = await db
        .updateTable('users')
        .set({ search_paused_for: null, missed_offers: 0, missed_value_cents: 0 })
        .where('id', '=', userId)
        .where('search_paused_for', 'is not', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async claimLowCreditNotice(userId, at) {
      const row = await db
        .updateTable('users')
        .set({ low_credit_notified_at: at })
        .where('id', '=', userId)
        .where('low_credit_notified_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async rearmLowCreditNotice(userId) {
      await db.updateTable('users').set({ low_credit_notified_at: null }).where('id', '=', userId).where('low_credit_notified_at', 'is not', null).execute();
    },

    async recordStop(userId, reason) {
      await db
        .updateTable('users')
        .set({ searching: false, ...STOP_COLUMNS[reason] })
        .where('id', '=', userId)
        .execute();
    },

    searchingUserIds: () => searchingUserIds(db),
  };
}
