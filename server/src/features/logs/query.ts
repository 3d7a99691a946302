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
import { sql, type Kysely } from 'kysely';
import { type IgnoreReason, type LogAction, type LogEntry, type LogQuery } from '@blockpilot/shared/types';
import { compiledOnce } from '../../db/compiledOnce.js';
import { onPGlite } from '../../db/index.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { ENTRY_FIELD_COLUMNS, entryOf, type EntryFieldsRow } from './entries.js';
import { attachRaces } from './races.js';

/** Entries per page (more when the last ones share their time). */
export const PAGE_SIZE = 50;
/** The most a page holds, even inside one large poll. */
export const MAX_PAGE_SIZE = 500;

/** Which entries a page starts from: the newest, those older than the cursor ($lt), or those newer ($gt). */
type Cursor = 'newest' | 'older' | 'newer';

/** What picks a page's statement: its cursor and which filters it has. */
interface PageShape {
  cursor: Cursor;
  byAction: boolean;
  byReason: boolean;
}

/**
 * The values a page's statement runs with (those its shape does not use are not sent). A type,
 * not an interface: compiledOnce takes a record.
 */
type PageValues = {
  userId: string;
  cursor: Date;
  actions: LogAction[];
  reasons: IgnoreReason[];
};

/**
 * A row of a page: the entry's fields, and its time already in epoch ms. PostgreSQL works the
 * number out, so node-postgres no longer parses each timestamptz into a Date only for it to be
 * turned back into a number (7 % of getLogs' CPU, BENCHMARKS.md "Server API: where the time goes,
 * and the floor"). floor(), as the Date did with a time between two ms; `extract` is numeric since
 * PostgreSQL 14, so the ms are exact.
 */
type PageRow = EntryFieldsRow & { discovered_ms: number };

/**
 * The rows of one page shape, read by a statement built and compiled once (db/compiledOnce.ts:
 * this is a hot route), then run as a named prepared statement (db/statementNames.ts). Filters
 * are `= any(list)`, one parameter whatever the list's length, so a shape is one SQL text.
 *
 * One statement, one round trip, also when the page ends inside one poll's group: the subquery
 * finds the time of the PAGE_SIZE-th entry (none when fewer match), and the page is every entry
 * from the cursor up to and including that time, at most MAX_PAGE_SIZE, in page order (ties by
 * id). That is the page and the rest of its last entry's group. Within a group past
 * MAX_PAGE_SIZE, the entries kept are the first by id.
 *
 * On PGlite the page comes as one JSON value (`json_agg` of the same rows, the same keys), not as
 * rows: PGlite spends about 1 µs inside its WebAssembly on each field of each row it sends, so a
 * page of 50 rows of 12 fields cost more than the rest of the request; as one value the page is
 * read in half the time. On PostgreSQL the JSON costs the database more than it saves the server
 * (BENCHMARKS.md "Server API: where the time goes, and the floor").
 */
function pageReader({ cursor, byAction, byReason }: PageShape) {
  const build = (db: Kysely<DatabaseSchema>, value: <K extends keyof PageValues>(name: K) => PageValues[K]) => {
    const listed = () => {
      let entries = db.selectFrom('offer_logs').where('user_id', '=', value('userId')).where('forfeited_at', 'is', null);
      if (byAction) entries = entries.where('action', '=', (eb) => eb.fn.any(eb.val(value('actions'))));
      if (byReason) entries = entries.where('reason', '=', (eb) => eb.fn.any(eb.val(value('reasons'))));
      if (cursor !== 'newest') entries = entries.where('discovered_at', cursor === 'older' ? '<' : '>', value('cursor'));
      return entries;
    };
    // A page reads away from its cursor: newest first, or oldest first when catching up ($gt).
    const order = cursor === 'newer' ? 'asc' : 'desc';
    // Only the edge's time matters, so no tie-break by id: the index gives this order as it is.
    const edge = listed()
      .select('discovered_at')
      .orderBy('discovered_at', order)
      .offset(PAGE_SIZE - 1)
      .limit(1);
    // No edge (fewer than PAGE_SIZE match): everything from the cursor on.
    const noEdge = sql<Date>`${sql.lit(order === 'desc' ? '-infinity' : 'infinity')}::timestamptz`;
    const page = listed()
      .select(ENTRY_FIELD_COLUMNS)
      .select(sql<number>`floor(extract(epoch from discovered_at) * 1000)::float8`.as('discovered_ms'))
      .where('discovered_at', order === 'desc' ? '>=' : '<=', (eb) => eb.fn.coalesce(edge, noEdge))
      .orderBy('discovered_at', order)
      .orderBy('id', order);
    return { page, order: sql.raw(order) };
  };
  const asRows = compiledOnce<PageValues, PageRow>((db, value) => build(db, value).page.limit(MAX_PAGE_SIZE));
  const asJson = compiledOnce<PageValues, { entries: PageRow[] | null }>((db, value) => {
    const { page, order } = build(db, value);
    return db
      .selectFrom(page.limit(MAX_PAGE_SIZE).as('entry'))
      .select(sql<PageRow[] | null>`json_agg(entry order by entry.discovered_ms ${order}, entry.id ${order})`.as('entries'));
  });
  return async (db: Kysely<DatabaseSchema>, values: PageValues): Promise<PageRow[]> => {
    if (!onPGlite(db)) return asRows(db, values);
    const [json] = await asJson(db, values);
    return json?.entries ?? [];
  };
}

/** Each shape's reader (3 cursors, with and without each filter: at most 12). */
const pageReaders = new Map<string, ReturnType<typeof pageReader>>();

/** The reader of a shape, made the first time it is asked for. */
function pageReaderOf(shape: PageShape) {
  const key = `${shape.cursor}:${shape.byAction}:${shape.byReason}`;
  let reader = pageReaders.get(key);
  if (!reader) pageReaders.set(key, (reader = pageReader(shape)));
  return reader;
}

/** One page of the driver's log (forfeited entries are gone from it), newest first. */
export async function readLogPage(db: Kysely<DatabaseSchema>, userId: string, query: LogQuery): Promise<LogEntry[]> {
  const actions = query.action ? query.action.$in : null;
  const reasons = query.reason ? query.reason.$in : null;
  if (actions?.length === 0 || reasons?.length === 0) return [];
  const after = query.discoveredAt?.$gt ?? null;
  const before = query.discoveredAt?.$lt ?? null;
  const cursor: Cursor = after !== null ? 'newer' : before !== null ? 'older' : 'newest';

  const rows = await pageReaderOf({ cursor, byAction: actions !== null, byReason: reasons !== null })(db, {
    userId,
    // The newest page's statement has no cursor: the value is not sent.
    cursor: new Date(after ?? before ?? 0),
    actions: actions ?? [],
    reasons: reasons ?? [],
  });
  const entries = rows.map((row) => entryOf(row, row.discovered_ms));
  await attachRaces(db, userId, entries);
  // Caught up oldest first: answered newest first like every page.
  return cursor === 'newer' ? entries.reverse() : entries;
}
