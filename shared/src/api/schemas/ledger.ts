/**
 * The driver's credit history (GET /api/user/getCreditHistory, docs/LIVE.md "Forfeits"). The server
 * answers with this schema and the client's type is derived from it (docs/ARCHITECTURE.md section
 * 4.1, "The contract").
 */
import type { FromContract } from './fields.js';

/** Why the credit moved: each ledger entry's kind (an operator's adjustment or reversal included, docs/OPERATIONS.md). */
export const LEDGER_KINDS = ['signup', 'topup', 'payment', 'membership', 'invite', 'fee', 'refund', 'adjustment', 'reversal'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** One change of the driver's credit, newest first in their history. */
export const creditHistoryEntrySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'amountCents', 'at'],
  properties: {
    kind: { type: 'string', enum: LEDGER_KINDS, description: 'What it was: sign-up bonus, top-up, card payment, membership, invite reward, fee, refund...' },
    amountCents: { type: 'integer', description: 'Signed cents: credit added (+) or taken (-)' },
    at: { type: 'number', description: 'When, epoch ms' },
    block: {
      type: 'object',
      additionalProperties: false,
      required: ['startTime', 'endTime', 'serviceAreaId', 'priceAmount', 'forfeited'],
      description: 'For a fee or its refund: the block it was for (a refunded one was forfeited)',
      properties: {
        startTime: { type: 'number' },
        endTime: { type: 'number' },
        serviceAreaId: { type: 'string' },
        priceAmount: { type: 'number' },
        forfeited: { type: 'boolean' },
      },
    },
  },
} as const;

export type CreditHistoryEntry = FromContract<typeof creditHistoryEntrySchema>;
