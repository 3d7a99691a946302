/** Log entries as the client reads them (docs/PRODUCT.md section 3 "Log entry"), and their schema. */
import type { Selectable } from 'kysely';
import { IGNORE_REASONS, type LogEntry } from '@blockpilot/shared/types';
import type { OfferLogTable } from '../../db/schema.js';

/** The offer_logs columns an entry is read from. */
export const ENTRY_COLUMNS = [
  'id',
  'action',
  'reason',
  'discovered_at',
  'start_time',
  'end_time',
  'service_area_id',
  'price_amount',
  'currency',
  'cost_cents',
  'overlap_start_time',
  'overlap_service_area_id',
] as const;

/** A row with those columns. */
export type EntryRow = Pick<Selectable<OfferLogTable>, (typeof ENTRY_COLUMNS)[number]>;

/** The client's LogEntry of a row. */
export function entryFromRow(row: EntryRow): LogEntry {
  return {
    _id: row.id,
    action: row.action,
    discoveredAt: row.discovered_at.getTime(),
    startTime: row.start_time,
    endTime: row.end_time,
    serviceAreaId: row.service_area_id,
    // The fee is shown for accepted blocks only.
    ...(row.action === 'BLOCK_ACCEPT' ? { cost: row.cost_cents } : {}),
    rateInfo: { priceAmount: row.price_amount, currency: row.currency },
    ...(row.reason ? { reason: row.reason } : {}),
    ...(row.overlap_start_time !== null && row.overlap_service_area_id !== null
      ? { overlaps: { startTime: row.overlap_start_time, serviceAreaId: row.overlap_service_area_id } }
      : {}),
  };
}

/** The response schema of one entry. */
export const logEntrySchema = {
  type: 'object',
  required: ['_id', 'action', 'discoveredAt', 'startTime', 'endTime', 'serviceAreaId', 'rateInfo'],
  properties: {
    _id: { type: 'string' },
    action: { type: 'string', enum: ['BLOCK_ACCEPT', 'BLOCK_IGNORE'] },
    discoveredAt: { type: 'number', description: 'When the engine saw the offer, epoch ms' },
    startTime: { type: 'number', description: 'Block start, epoch seconds' },
    endTime: { type: 'number', description: 'Block end, epoch seconds' },
    serviceAreaId: { type: 'string' },
    cost: { type: 'integer', description: 'The fee charged, cents (accepted blocks)' },
    rateInfo: { type: 'object', required: ['priceAmount'], properties: { priceAmount: { type: 'number' }, currency: { type: 'string' } } },
    reason: { type: 'string', enum: [...IGNORE_REASONS], description: 'Why the offer was ignored (docs/ENGINE.md "Ignore reasons")' },
    overlaps: {
      type: 'object',
      required: ['startTime', 'serviceAreaId'],
      description: "For an 'overlap': the booked block it clashed with",
      properties: { startTime: { type: 'number', description: 'Epoch seconds' }, serviceAreaId: { type: 'string' } },
    },
  },
} as const;
