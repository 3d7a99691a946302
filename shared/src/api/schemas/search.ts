/**
 * What the driver's search is doing (GET /api/user/getSearchStatus, toggleSearchState, and the live
 * stream, docs/LIVE.md). The server answers with these schemas and the client's types are derived
 * from them (docs/ARCHITECTURE.md section 4.1, "The contract").
 */
import { closedObject, type FromContract } from './fields.js';

export const searchStatusSchema = closedObject(['searching', 'pausedFor', 'missed', 'feesCovered', 'lowCredit', 'noEligibleStation'], {
  searching: { type: 'boolean' },
  pausedFor: {
    type: ['string', 'null'],
    enum: ['credit', null],
    description:
      '\'credit\': the search runs but the credit does not cover the fee of a matching offer, so such offers are skipped until a top-up resumes it by itself (docs/LIVE.md "Credit guard")',
  },
  missed: closedObject(
    ['count', 'valueCents'],
    { count: { type: 'integer' }, valueCents: { type: 'integer', description: 'Their pay added up, cents' } },
    { description: 'Matching offers skipped for credit since the pause began, and their pay' },
  ),
  feesCovered: { type: ['integer', 'null'], description: 'How many fees the credit covers (docs/LIVE.md "Credit guard"); null in a trial or membership' },
  lowCredit: { type: 'boolean', description: 'The credit covers fewer than LOW_CREDIT_FEES fees' },
  noEligibleStation: {
    type: 'boolean',
    description: 'Searching, but no station of an enabled filter is one the platform account may work: nothing is polled (docs/LIVE.md "Eligible stations")',
  },
});

/** toggleSearchState's answer: the state now, and the status with it. */
export const searchToggleSchema = closedObject(['searching', 'status'], { searching: { type: 'boolean' }, status: searchStatusSchema });

export type SearchStatus = FromContract<typeof searchStatusSchema>;
export type SearchToggle = FromContract<typeof searchToggleSchema>;
