/**
 * Filters as stored: reading and writing them, in the driver's order (docs/PRODUCT.md "Several
 * filters": the first is the one the dashboard shows; it cannot be deleted, and a driver keeps at
 * most MAX_FILTERS_PER_DRIVER). The table keeps each range as two columns so the search engine
 * can read them without parsing. A new filter's values (DEFAULT_FILTER) live beside the Filter
 * type in the shared package, because the dashboard adds filters with them too.
 */
import { sql, type ExpressionBuilder, type Kysely, type Selectable, type Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { MAX_FILTERS_PER_DRIVER } from '@blockpilot/shared/constants';
import { DEFAULT_FILTER, type Filter, type Range } from '@blockpilot/shared/types';
import { compiledOnce } from '../db/compiledOnce.js';
import type { DatabaseSchema, FilterTable } from '../db/schema.js';

export { DEFAULT_FILTER };

type Db = Kysely<DatabaseSchema>;

/** A filter as a client sends it: without `action`, a client that predates notify-only filters means 'accept'. */
export type FilterInput = Omit<Filter, 'id' | 'action'> & Partial<Pick<Filter, 'action'>>;

function columnsOf(filter: FilterInput) {
  return {
    name: filter.name,
    enabled: filter.enabled,
    service_areas: filter.serviceAreas,
    days: filter.days,
    time_from: filter.time[0],
    time_to: filter.time[1],
    pay_from: filter.pay[0],
    pay_to: filter.pay[1],
    pay_type: filter.payType,
    duration_from: filter.duration[0],
    duration_to: filter.duration[1],
    time_to_arrive: filter.timeToArrive,
    // Left out by a client that predates notify-only filters: a filter takes what it matches.
    action: filter.action ?? 'accept',
  };
}

/** The columns a Filter is read from. */
const FILTER_COLUMNS = [
  'id',
  'name',
  'enabled',
  'service_areas',
  'days',
  'time_from',
  'time_to',
  'pay_from',
  'pay_to',
  'pay_type',
  'duration_from',
  'duration_to',
  'time_to_arrive',
  'action',
] as const;

export type FilterRow = Pick<Selectable<FilterTable>, (typeof FILTER_COLUMNS)[number]>;

export function filterFromRow(row: FilterRow): Filter {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    serviceAreas: row.service_areas,
    days: row.days,
    time: [row.time_from, row.time_to] as Range,
    pay: [row.pay_from, row.pay_to] as Range,
    payType: row.pay_type,
    duration: [row.duration_from, row.duration_to] as Range,
    timeToArrive: row.time_to_arrive,
    action: row.action,
  };
}

/** The user's filters in their order, the one the dashboard shows first. */
export async function filtersOf(db: Db, userId: string): Promise<Filter[]> {
  const rows = await db.selectFrom('filters').select(FILTER_COLUMNS).where('user_id', '=', userId).orderBy('position').orderBy('created_at').orderBy('id').execute();
  return rows.map(filterFromRow);
}

/**
 * The filters of the user (the `users` row of the outer query) as one JSON array column, in
 * {@link filtersOf}'s order: read with the user in one round trip.
 */
export function filterRowsOf(eb: ExpressionBuilder<DatabaseSchema, 'users'>) {
  return jsonArrayFrom(
    eb.selectFrom('filters').select(FILTER_COLUMNS).whereRef('filters.user_id', '=', 'users.id').orderBy('filters.position').orderBy('filters.created_at').orderBy('filters.id'),
  );
}

/** Adds a filter at the end of the user's list, whatever their number (sign-up, tests); see {@link addFilter} for the driver's own adds. */
export async function insertFilter(db: Db, userId: string, filter: FilterInput): Promise<Filter> {
  const position = sql<number>`(select coalesce(max(position) + 1, 0) from filters where user_id = ${userId})`;
  const row = await db
    .insertInto('filters')
    .values({ user_id: userId, ...columnsOf(filter), position })
    .returning(FILTER_COLUMNS)
    .executeTakeFirstOrThrow();
  return filterFromRow(row);
}

/**
 * Runs `work` with the user's row locked, so two requests changing one driver's list (an add on
 * two devices at once, a delete beside a reorder) happen one after the other: the cap and the
 * order always hold.
 */
async function withUserLocked<T>(db: Db, userId: string, work: (trx: Transaction<DatabaseSchema>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    return work(trx);
  });
}

/** The user's filter ids in their order. */
async function filterIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('filters').select('id').where('user_id', '=', userId).orderBy('position').orderBy('created_at').orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** A driver's add: the new filter at the end of the list, or 'full' when they already have MAX_FILTERS_PER_DRIVER. */
export async function addFilter(db: Db, userId: string, filter: FilterInput): Promise<Filter | 'full'> {
  return withUserLocked(db, userId, async (trx) => {
    if ((await filterIdsOf(trx, userId)).length >= MAX_FILTERS_PER_DRIVER) return 'full';
    return insertFilter(trx, userId, filter);
  });
}

/** Why a delete changed nothing: no filter of the user has that id, or it is the first (the dashboard's). */
export type DeleteRefusal = 'notFound' | 'first';

/** Deletes one of the user's filters, never the first; the ones after it move up. */
export async function deleteFilter(db: Db, userId: string, id: string): Promise<'deleted' | DeleteRefusal> {
  return withUserLocked(db, userId, async (trx) => {
    const ids = await filterIdsOf(trx, userId);
    const index = ids.indexOf(id);
    if (index < 0) return 'notFound';
    if (index === 0) return 'first';
    await trx.deleteFrom('filters').where('id', '=', id).where('user_id', '=', userId).execute();
    await renumber(
      trx,
      userId,
      ids.filter((other) => other !== id),
    );
    return 'deleted';
  });
}

/**
 * Puts the user's filters in the order of `ids`, which must name each of their filters once:
 * 'changed' (nothing done) when it does not, as when another device added or deleted one since.
 */
export async function reorderFilters(db: Db, userId: string, ids: readonly string[]): Promise<'reordered' | 'changed'> {
  return withUserLocked(db, userId, async (trx) => {
    const current = await filterIdsOf(trx, userId);
    const sameSet = ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
    if (!sameSet) return 'changed';
    await renumber(trx, userId, ids);
    return 'reordered';
  });
}

/** Positions 0, 1, 2... in this order. */
async function renumber(trx: Transaction<DatabaseSchema>, userId: string, ids: readonly string[]): Promise<void> {
  for (const [position, id] of ids.entries()) await trx.updateTable('filters').set({ position }).where('id', '=', id).where('user_id', '=', userId).execute();
}

type FilterColumns = ReturnType<typeof columnsOf>;

/** saveFilter's statement, compiled once (it is a hot route, docs in db/compiledOnce.ts). */
const updateFilterQuery = compiledOnce<FilterColumns & { id: string; userId: string }, FilterRow>((db, value) => {
  const columns = Object.fromEntries(Object.keys(columnsOf(DEFAULT_FILTER)).map((column) => [column, value(column as keyof FilterColumns)])) as FilterColumns;
  return db.updateTable('filters').set(columns).where('id', '=', value('id')).where('user_id', '=', value('userId')).returning(FILTER_COLUMNS);
});

/** Saves the filter if it is the user's; null when no filter of theirs has that id. */
export async function updateFilter(db: Kysely<DatabaseSchema>, userId: string, { id, ...filter }: FilterInput & { id: string }): Promise<Filter | null> {
  const [row] = await updateFilterQuery(db, { ...columnsOf(filter), id, userId });
  return row ? filterFromRow(row) : null;
}
