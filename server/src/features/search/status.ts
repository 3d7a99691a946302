/**
 * What the driver's search is doing, as every device shows it (docs/LIVE.md): running or not, the
 * credit guard's pause and what it skipped, how many fees the credit covers, and whether the
 * filters name a station the platform account may work. Read from the database, so it is the same
 * answer in every process, whichever worker runs the search.
 */
import type { SearchStatus } from '@blockpilot/shared/types';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { creditStanding } from '../../engine/creditGuard.js';
import { kyselyDriverStore } from '../../stores/drivers.js';
import { feeStateOf } from '../../engine/fees.js';
import { eligibleAreasOf } from '../../domain/eligibleAreas.js';
import { filtersOf } from '../../domain/filters.js';

type Db = Kysely<DatabaseSchema>;

/** The station ids the driver's enabled filters name. */
export async function selectedAreasOf(db: Db, userId: string): Promise<Set<string>> {
  const filters = await filtersOf(db, userId);
  return new Set(filters.filter((filter) => filter.enabled).flatMap((filter) => filter.serviceAreas));
}

/** Whether the stations are known and none of `selected` is one the account may work. */
export async function noEligibleSelected(db: Db, userId: string, selected: ReadonlySet<string>): Promise<boolean> {
  const eligible = await eligibleAreasOf(db, userId);
  return eligible !== null && selected.size > 0 && ![...selected].some((id) => eligible.has(id));
}

export async function searchStatusOf(db: Db, userId: string, nowMs: number): Promise<SearchStatus> {
  const user = await db
    .selectFrom('users')
    .select(['searching', 'search_paused_for', 'missed_offers', 'missed_value_cents', 'credit_cents', 'trial_ends_at', 'membership_ends_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const [credit, noEligibleStation] = await Promise.all([
    creditStanding(kyselyDriverStore(db), userId, feeStateOf(user), nowMs),
    user.searching ? selectedAreasOf(db, userId).then((selected) => noEligibleSelected(db, userId, selected)) : false,
  ]);
  const paused = user.searching && user.search_paused_for === 'credit';
  return {
    searching: user.searching,
    pausedFor: paused ? 'credit' : null,
    missed: paused ? { count: user.missed_offers, valueCents: user.missed_value_cents } : { count: 0, valueCents: 0 },
    feesCovered: credit.covered,
    lowCredit: credit.low,
    noEligibleStation,
  };
}
