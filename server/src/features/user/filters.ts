/**
 * Filters: their request/response schema (ranges and steps of SPEC.md section 9, so a bad value is
 * reported under its own field), the defaults a new driver starts with, and their storage. The
 * table keeps each range as two columns so the search engine can read them without parsing.
 */
import type { Kysely, Selectable } from 'kysely';
import { DURATION_SLIDER, PAY_SLIDER, TIME_SLIDER, TIME_TO_ARRIVE_SLIDER, timeWindowKind } from '@blockpilot/shared/constants';
import type { FieldErrors, Filter, Range } from '@blockpilot/shared/types';
import type { DatabaseSchema, FilterTable } from '../../db/schema.js';
import { isRecord, type FieldRules } from '../../http/fieldRules.js';
import { text, uuid } from '../../http/schemas.js';

type Slider = { readonly min: number; readonly max: number; readonly step: number };

function rangeOf(slider: Slider, unit: string, integer = false) {
  return {
    type: 'array',
    description: `[low, high] in ${unit}, ${slider.min}-${slider.max}, step ${slider.step}`,
    minItems: 2,
    maxItems: 2,
    items: { type: integer ? 'integer' : 'number', minimum: slider.min, maximum: slider.max, multipleOf: slider.step },
  } as const;
}

export const filterSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'enabled', 'serviceAreas', 'days', 'time', 'pay', 'payType', 'duration', 'timeToArrive'],
  properties: {
    id: uuid,
    name: text(60),
    enabled: { type: 'boolean' },
    serviceAreas: { type: 'array', maxItems: 500, uniqueItems: true, items: text(100), description: 'Service area ids' },
    days: { type: 'array', maxItems: 7, uniqueItems: true, items: { type: 'integer', minimum: 0, maximum: 6 }, description: 'Weekdays, Sunday = 0' },
    time: {
      ...rangeOf(TIME_SLIDER, 'minutes from midnight'),
      description: `Window of block START times, [from, to] in minutes from local midnight, ${TIME_SLIDER.min}-${TIME_SLIDER.max}, step ${TIME_SLIDER.step}, both ends inclusive; from > to runs overnight (22:00-02:00 is [1320, 120]); [0, 1440] is all day; from == to is refused`,
    },
    pay: rangeOf(PAY_SLIDER, 'slider steps of 3.00 currency units', true),
    payType: { type: 'string', enum: ['PER_BLOCK', 'PER_HOUR'] },
    duration: rangeOf(DURATION_SLIDER, 'hours'),
    timeToArrive: {
      type: 'number',
      minimum: TIME_TO_ARRIVE_SLIDER.min,
      maximum: TIME_TO_ARRIVE_SLIDER.max,
      multipleOf: TIME_TO_ARRIVE_SLIDER.step,
      description: 'Minutes between now and the block start, at least',
    },
  },
} as const;

/** `[low, high]` when `value` is a pair of numbers, else null (the schema reports it). */
function pairOf(value: unknown): [number, number] | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [low, high] = value as unknown[];
  return typeof low === 'number' && typeof high === 'number' ? [low, high] : null;
}

/**
 * Rules the schema cannot say (saveFilter's field rules, http/fieldRules.ts): pay and duration
 * may not have their low end above their high end. The time window may (it then runs overnight,
 * across midnight) but may not be empty: equal ends would take no block at all, which is never
 * what a driver means.
 */
export const filterRangeRules: FieldRules = (body) => {
  const filter = isRecord(body) && isRecord(body.filter) ? body.filter : {};
  const errors: FieldErrors = {};
  const time = pairOf(filter.time);
  if (time && timeWindowKind(time) === 'empty') errors.time = 'The window is empty: choose a start and an end that are not the same time.';
  for (const field of ['pay', 'duration'] as const) {
    const range = pairOf(filter[field]);
    if (range && range[0] > range[1]) errors[field] = 'The lower end must not be above the upper end.';
  }
  return errors;
};

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

type FilterRow = Pick<Selectable<FilterTable>, (typeof FILTER_COLUMNS)[number]>;

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

export async function insertFilter(db: Kysely<DatabaseSchema>, userId: string, filter: Omit<Filter, 'id'>): Promise<Filter> {
  const row = await db.insertInto('filters').values({ user_id: userId, ...columnsOf(filter) }).returning(FILTER_COLUMNS).executeTakeFirstOrThrow();
  return filterFromRow(row);
}

/** Saves the filter if it is the user's; null when no filter of theirs has that id. */
export async function updateFilter(db: Kysely<DatabaseSchema>, userId: string, { id, ...filter }: Filter): Promise<Filter | null> {
  const row = await db.updateTable('filters').set(columnsOf(filter)).where('id', '=', id).where('user_id', '=', userId).returning(FILTER_COLUMNS).executeTakeFirst();
  return row ? filterFromRow(row) : null;
}
