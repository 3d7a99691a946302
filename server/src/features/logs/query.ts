/**
 * getLogs (docs/PRODUCT.md sections 4 and 7): the log, newest first, a page at a time. The query is a
 * closed shape, checked by its schema before anything else runs: discoveredAt with exactly one
 * of $gt / $lt (a number, epoch ms), action with $in (a subset of the two actions) and reason with
 * $in (ignore reasons: only ignored entries with one of them, docs/ENGINE.md "Ignore reasons"). Any other
 * operator, field or type is a 400; the query is never handed to the database as given, it only
 * picks between fixed statements.
 *
 * Pages: without a cursor, the newest PAGE_SIZE entries; with $lt, the PAGE_SIZE newest older than
 * it ("Show More"); with $gt, the PAGE_SIZE OLDEST newer than it, so a client polling with its
 * newest entry catches up page by page and never skips any. Entries share a discoveredAt (one
 * poll's offers), so a page that ends inside such a group takes the rest of the group too (up to
 * MAX_PAGE_SIZE): a cursor on that time would otherwise skip them.
 */
import type { Kysely } from 'kysely';
import { type IgnoreReason, type LogAction, type LogEntry, type LogQuery } from '@blockpilot/shared/types';
import type { DatabaseSchema } from '../../db/schema.js';
import { ENTRY_COLUMNS, entryFromRow, type EntryRow } from './entries.js';

/** Entries per page (more when the last ones share their time). */
export const PAGE_SIZE = 50;
/** The most a page holds, even inside one large poll. */
export const MAX_PAGE_SIZE = 500;

/** One page of the driver's log (forfeited entries are gone from it), newest first. */
export async function readLogPage(db: Kysely<DatabaseSchema>, userId: string, query: LogQuery): Promise<LogEntry[]> {
  const actions: LogAction[] | null = query.action ? query.action.$in : null;
  const reasons: IgnoreReason[] | null = query.reason ? query.reason.$in : null;
  if (actions?.length === 0 || reasons?.length === 0) return [];
  const after = query.discoveredAt?.$gt ?? null;
  const before = query.discoveredAt?.$lt ?? null;

  let base = db.selectFrom('offer_logs').select(ENTRY_COLUMNS).where('user_id', '=', userId).where('forfeited_at', 'is', null);
  if (actions) base = base.where('action', 'in', actions);
  if (reasons) base = base.where('reason', 'in', reasons);
  const page =
    after !== null
      ? await base.where('discovered_at', '>', new Date(after)).orderBy('discovered_at', 'asc').orderBy('id', 'asc').limit(PAGE_SIZE).execute()
      : await (before !== null ? base.where('discovered_at', '<', new Date(before)) : base).orderBy('discovered_at', 'desc').orderBy('id', 'desc').limit(PAGE_SIZE).execute();

  let rows: EntryRow[] = page;
  const edge = page[PAGE_SIZE - 1];
  if (edge) {
    const group = await base.where('discovered_at', '=', edge.discovered_at).limit(MAX_PAGE_SIZE).execute();
    const ids = new Set(page.map((r) => r.id));
    rows = [...page, ...group.filter((r) => !ids.has(r.id))].slice(0, MAX_PAGE_SIZE);
  }
  rows.sort((a, b) => b.discovered_at.getTime() - a.discovered_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  return rows.map(entryFromRow);
}
