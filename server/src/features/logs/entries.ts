/** Log entries as the client reads them (docs/PRODUCT.md section 3 "Log entry"; their schema is the contract's logEntrySchema). */
import type { Selectable } from 'kysely';
import type { LogEntry } from '@blockpilot/shared/types';
import type { OfferLogTable } from '../../db/schema.js';

/** The offer_logs columns an entry is read from, its time aside (read as a Date or as epoch ms). */
export const ENTRY_FIELD_COLUMNS = [
  'id',
  'action',
  'reason',
  'start_time',
  'end_time',
  'service_area_id',
  'price_amount',
  'currency',
  'cost_cents',
  'overlap_start_time',
  'overlap_service_area_id',
  'travel_minutes',
] as const;

/** The offer_logs columns an entry is read from. */
export const ENTRY_COLUMNS = [...ENTRY_FIELD_COLUMNS, 'discovered_at'] as const;

/** A row with those columns. */
export type EntryRow = Pick<Selectable<OfferLogTable>, (typeof ENTRY_COLUMNS)[number]>;

/** A row with the columns of an entry other than its time. */
export type EntryFieldsRow = Omit<EntryRow, 'discovered_at'>;

/** The client's LogEntry of a row. */
export function entryFromRow(row: EntryRow): LogEntry {
  return entryOf(row, row.discovered_at.getTime());
}

/**
 * The client's LogEntry of a row's fields and its time in epoch ms. The optional fields are set
 * one by one rather than spread in from small objects: getLogs makes up to MAX_PAGE_SIZE entries
 * per request, and each spread was an object more for the collector (BENCHMARKS.md, "Server API:
 * where the time goes, and the floor": GC was a seventh of getLogs' CPU). Responses are written
 * in the order of their schema, so the order the fields are set in does not show.
 */
export function entryOf(row: EntryFieldsRow, discoveredAt: number): LogEntry {
  const entry: LogEntry = {
    _id: row.id,
    action: row.action,
    discoveredAt,
    startTime: row.start_time,
    endTime: row.end_time,
    serviceAreaId: row.service_area_id,
    rateInfo: { priceAmount: row.price_amount, currency: row.currency },
  };
  // The fee is shown for accepted blocks only.
  if (row.action === 'BLOCK_ACCEPT') entry.cost = row.cost_cents;
  if (row.reason) entry.reason = row.reason;
  if (row.overlap_start_time !== null && row.overlap_service_area_id !== null) {
    // A 'travel' entry keeps the block it was too close to in the same columns, with the minutes between.
    if (row.travel_minutes !== null) entry.travel = { startTime: row.overlap_start_time, serviceAreaId: row.overlap_service_area_id, minutes: row.travel_minutes };
    else entry.overlaps = { startTime: row.overlap_start_time, serviceAreaId: row.overlap_service_area_id };
  }
  return entry;
}
