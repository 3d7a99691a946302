/**
 * Filters over HTTP: the checks their schema cannot express, and the list the calls that manage
 * it answer (docs/PRODUCT.md "Several filters"). Their schemas are the API contract's
 * (@blockpilot/shared/api/schemas); their storage is in domain/filters.ts.
 */
import { timeWindowKind } from '@blockpilot/shared/rules';
import type { FieldWords } from '../../domain/errors.js';
import { isRecord, type FieldRules } from '../../http/fieldRules.js';

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
