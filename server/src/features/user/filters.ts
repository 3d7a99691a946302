/**
 * Filters over HTTP: their request/response schema (ranges and steps of docs/PRODUCT.md section 9, so a
 * bad value is reported under its own field), the checks a schema cannot express, and the bodies
 * of the calls that manage the list (docs/PRODUCT.md "Several filters"). Their storage is in
 * domain/filters.ts.
 */
import { DURATION_SLIDER, MAX_FILTERS_PER_DRIVER, PAY_SLIDER, TIME_SLIDER, TIME_TO_ARRIVE_SLIDER, timeWindowKind } from '@blockpilot/shared/constants';
import type { FieldWords } from '../../domain/errors.js';
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

/** What saveFilter takes: a filter with its `id` to save it, or without one to add it at the end of the list. */
export const savedOrNewFilterSchema = {
  ...filterSchema,
  required: filterSchema.required.filter((field) => field !== 'id'),
} as const;

/** deleteFilter's body: the filter's id. */
export const deleteFilterBody = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: uuid } } as const;

/** reorderFilters' body: every one of the driver's filter ids, once each, in the order wanted. */
export const reorderFiltersBody = {
  type: 'object',
  additionalProperties: false,
  required: ['ids'],
  properties: {
    ids: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_FILTERS_PER_DRIVER,
      uniqueItems: true,
      items: uuid,
      description: 'Every filter id of the driver, once each, in the new order (the first is the one the dashboard shows)',
    },
  },
} as const;

/** The driver's filters, in order, as deleteFilter and reorderFilters answer them. */
export const filterListSchema = { type: 'array', items: filterSchema } as const;

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
  const errors: FieldWords = {};
  const time = pairOf(filter.time);
  if (time && timeWindowKind(time) === 'empty') errors.time = 'api.field.filterWindowEmpty';
  for (const field of ['pay', 'duration'] as const) {
    const range = pairOf(filter[field]);
    if (range && range[0] > range[1]) errors[field] = 'api.field.filterRangeReversed';
  }
  return errors;
};
