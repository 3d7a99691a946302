/**
 * The race of each log entry the engine tried to accept (docs/ENGINE.md "Race timelines"): one
 * more statement for a page that holds accepted or taken entries, none for the others, so the
 * page's own query keeps its shape.
 */
import type { Kysely } from 'kysely';
import type { LogEntry } from '@blockpilot/shared/types';
import type { DatabaseSchema } from '../../db/schema.js';

/** Sets `race` on the entries of a page that have one (the newest race of their offer). */
export async function attachRaces(db: Kysely<DatabaseSchema>, userId: string, entries: LogEntry[]): Promise<void> {
  const raced = entries.filter((entry) => entry.action === 'BLOCK_ACCEPT' || entry.reason === 'taken');
  if (raced.length === 0) return;
  const rows = await db
    .selectFrom('offer_races as r')
    .innerJoin('offer_logs as l', (join) => join.onRef('l.user_id', '=', 'r.user_id').onRef('l.offer_id', '=', 'r.offer_id'))
    .select(['l.id as logId', 'r.listed_at', 'r.sent_after_ms', 'r.answer', 'r.answered_after_ms'])
    .where('r.user_id', '=', userId)
    .where('l.id', '=', (eb) => eb.fn.any(eb.val(raced.map((entry) => entry._id))))
    .orderBy('r.id')
    .execute();
  const byLog = new Map(rows.map((row) => [row.logId, row]));
  for (const entry of raced) {
    const row = byLog.get(entry._id);
    if (row) entry.race = { listedAt: row.listed_at.getTime(), sentAfterMs: row.sent_after_ms, answer: row.answer, answeredAfterMs: row.answered_after_ms };
  }
}
