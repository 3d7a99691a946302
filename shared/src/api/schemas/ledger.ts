/**
 * The driver's credit history (GET /api/user/getCreditHistory, docs/LIVE.md "Forfeits"). The server
 * answers with this schema and the client's type is derived from it (docs/ARCHITECTURE.md section
 * 4.1, "The contract").
 */
import { closedObject, type FromContract } from './fields.js';

/** Why the credit moved: each ledger entry's kind (an operator's adjustment or reversal included, docs/OPERATIONS.md). */
export const LEDGER_KINDS = ['signup', 'topup', 'payment', 'membership', 'invite', 'fee', 'refund', 'adjustment', 'reversal'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** One change of the driver's credit, newest first in their history. */
export const creditHistoryEntrySchema = closedObject(['kind', 'amountCents', 'at'], {
  kind: { type: 'string', enum: LEDGER_KINDS, description: 'What it was: sign-up bonus, top-up, card payment, membership, invite reward, fee, refund...' },
  amountCents: { type: 'integer', description: 'Signed cents: credit added (+) or taken (-)' },
  at: { type: 'number', description: 'When, epoch ms' },
  block: closedObject(
    ['startTime', 'endTime', 'serviceAreaId', 'priceAmount', 'forfeited'],
    {
      startTime: { type: 'number' },
      endTime: { type: 'number' },
      serviceAreaId: { type: 'string' },
      priceAmount: { type: 'number' },
      forfeited: { type: 'boolean' },
    },
    { description: 'For a fee or its refund: the block it was for (a refunded one was forfeited)' },
  ),
});

export type CreditHistoryEntry = FromContract<typeof creditHistoryEntrySchema>;
