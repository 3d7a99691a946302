/**
 * The reasons an offer was ignored, in a module of their own: types.ts re-exports them, and the
 * API contract's log query (api/schemas/user.ts) lists them, while the contract never imports
 * types.ts (types.ts imports the contract's derived types).
 */

/**
 * Why the engine did not take an offer (docs/ENGINE.md "Ignore reasons"): the filter's test that
 * failed (`station`, `day`, `time`, `pay`, `duration`, `arrival`; `filter` for entries logged
 * before the engine said which), a clash with a booked block (`overlap`), too little time to travel from or to a
 * booked block (`travel`), the driver's work limits (`away`, `dayCap`, `weekCap`, `payGoal`), the
 * fee over the credit (`credit`), lost to another driver (`taken`), never confirmed (`failed`), marked hidden by
 * the platform (`hidden`), or matched only by notify-only filters and sent to the driver to accept (`notify`).
 */
export type IgnoreReason =
  | 'filter'
  | 'station'
  | 'day'
  | 'time'
  | 'pay'
  | 'duration'
  | 'arrival'
  | 'overlap'
  | 'credit'
  | 'taken'
  | 'failed'
  | 'hidden'
  | 'travel'
  | 'away'
  | 'dayCap'
  | 'weekCap'
  | 'payGoal'
  | 'notify';

/** Every ignore reason, in the order the log's reason filter lists them. */
export const IGNORE_REASONS: readonly IgnoreReason[] = [
  'notify',
  'credit',
  'overlap',
  'travel',
  'away',
  'dayCap',
  'weekCap',
  'payGoal',
  'time',
  'pay',
  'station',
  'arrival',
  'day',
  'duration',
  'hidden',
  'taken',
  'failed',
  'filter',
];
