/**
 * Filters as stored: the defaults a new driver starts with, and reading and writing them. The
 * table keeps each range as two columns so the search engine can read them without parsing.
 */
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { DURATION_SLIDER, PAY_SLIDER } from '@blockpilot/shared/constants';
import type { Filter, Range } from '@blockpilot/shared/types';
import { compiledOnce } from '../db/compiledOnce.js';
import type { DatabaseSchema, FilterTable } from '../db/schema.js';

/** A new driver's filter: every day from 06:00 to 22:00, any pay and length, no service area yet (so nothing is accepted until they choose). */
export const DEFAULT_FILTER: Omit<Filter, 'id'> = {
  name: 'My filter',
  enabled: true,
  serviceAreas: [],
  days: [0, 1, 2, 3, 4, 5, 6],
  time: [360, 1320],
  pay: [PAY_SLIDER.min, PAY_SLIDER.max],
  payType: 'PER_BLOCK',
  duration: [DURATION_SLIDER.min, DURATION_SLIDER.max],
  timeToArrive: 30,
};

function columnsOf(filter: Omit<Filter, 'id'>) {
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
  };
}

/** The user's filters, the one shown first. */
export async function filtersOf(db: Kysely<DatabaseSchema>, userId: string): Promise<Filter[]> {
  const rows = await db.selectFrom('filters').select(FILTER_COLUMNS).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  return rows.map(filterFromRow);
}

/** The filters of the user (the `users` row of the outer query) as one JSON array column, in {@link filtersOf}'s order: read with the user in one round trip. */
export function filterRowsOf(eb: ExpressionBuilder<DatabaseSchema, 'users'>) {
  return jsonArrayFrom(eb.selectFrom('filters').select(FILTER_COLUMNS).whereRef('filters.user_id', '=', 'users.id').orderBy('filters.created_at').orderBy('filters.id'));
}

export async function insertFilter(db: Kysely<DatabaseSchema>, userId: string, filter: Omit<Filter, 'id'>): Promise<Filter> {
  const row = await db.insertInto('filters').values({ user_id: userId, ...columnsOf(filter) }).returning(FILTER_COLUMNS).executeTakeFirstOrThrow();
  return filterFromRow(row);
}

type FilterColumns = ReturnType<typeof columnsOf>;

/** saveFilter's statement, compiled once (it is a hot route, docs in db/compiledOnce.ts). */
const updateFilterQuery = compiledOnce<FilterColumns & { id: string; userId: string }, FilterRow>((db, value) => {
  const columns = Object.fromEntries(Object.keys(columnsOf(DEFAULT_FILTER)).map((column) => [column, value(column as keyof FilterColumns)])) as FilterColumns;
  return db.updateTable('filters').set(columns).where('id', '=', value('id')).where('user_id', '=', value('userId')).returning(FILTER_COLUMNS);
});

/** Saves the filter if it is the user's; null when no filter of theirs has that id. */
export async function updateFilter(db: Kysely<DatabaseSchema>, userId: string, { id, ...filter }: Filter): Promise<Filter | null> {
  const [row] = await updateFilterQuery(db, { ...columnsOf(filter), id, userId });
  return row ? filterFromRow(row) : null;
}
