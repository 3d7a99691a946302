import { formatCents } from '@blockpilot/shared';

/** One field an audited action changed, both sides written for a person. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** Fields that hold integer cents in the audit's before/after (docs/OPERATIONS.md "Audit"). */
const isCents = (field: string) => field === 'credit' || field.endsWith('Cents');

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function written(field: string, value: unknown, currencySymbol: string): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number' && isCents(field)) return formatCents(currencySymbol, value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * The fields an audit entry's before and after differ in, in the order they first appear, money
 * through the money formatter: `{ credit: 100 }` → `{ credit: 600 }` gives "credit: $1.00 → $6.00".
 * A side that is not an object counts as one unnamed field.
 */
export function auditChanges(before: unknown, after: unknown, currencySymbol: string): FieldChange[] {
  const from = isRecord(before) ? before : before === null || before === undefined ? {} : { '': before };
  const to = isRecord(after) ? after : after === null || after === undefined ? {} : { '': after };
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .filter((field) => JSON.stringify(from[field]) !== JSON.stringify(to[field]))
    .map((field) => ({ field, before: written(field, from[field], currencySymbol), after: written(field, to[field], currencySymbol) }));
}

/** One change as a line: "credit: $1.00 → $6.00" (an unnamed field without its name). */
export const changeLine = ({ field, before, after }: FieldChange) => `${field ? `${field}: ` : ''}${before} → ${after}`;
