/**
 * The driver's credit history (docs/LIVE.md "Forfeits"): the latest ledger entries, newest first,
 * a fee or a refund with the block it was for, forfeited blocks included: a forfeit takes the
 * block out of the live log, never out of the history with its refund.
 */
import type { CreditHistoryEntry } from '@blockpilot/shared/types';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';

/** Entries per answer. */
export const HISTORY_SIZE = 50;

export async function creditHistoryOf(db: Kysely<DatabaseSchema>, userId: string): Promise<CreditHistoryEntry[]> {
  const rows = await db
    .selectFrom('ledger_entries as e')
    // A fee's and a refund's key is `<kind>:<log id>`: the log entry of their block.
    .leftJoin('offer_logs as l', (join) => join.onRef('l.user_id', '=', 'e.user_id').on(sql<boolean>`e.kind in ('fee', 'refund') and l.id::text = split_part(e.key, ':', 2)`))
    .select(['e.kind', 'e.amount_cents', 'e.created_at', 'l.start_time', 'l.end_time', 'l.service_area_id', 'l.price_amount', 'l.forfeited_at'])
    .where('e.user_id', '=', userId)
    .orderBy('e.id', 'desc')
    .limit(HISTORY_SIZE)
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    amountCents: row.amount_cents,
    at: row.created_at.getTime(),
    ...(row.start_time !== null && row.end_time !== null && row.service_area_id !== null && row.price_amount !== null
      ? { block: { startTime: row.start_time, endTime: row.end_time, serviceAreaId: row.service_area_id, priceAmount: row.price_amount, forfeited: row.forfeited_at !== null } }
      : {}),
  }));
}
