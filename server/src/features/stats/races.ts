/**
 * Races won and lost (docs/ENGINE.md "Race timelines"): the accepts the engine sent, by the week
 * (Monday, the driver's zone) their offer was listed in, and the engine's own time to accept (from
 * the poll answer in hand to the accept leaving) at the median and the 95th percentile.
 */
import { sql, type Kysely } from 'kysely';
import type { DayRange, RaceStats } from '@blockpilot/shared/types';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DriverZone } from './range.js';

interface RaceRow {
  week: string | null;
  by_week: number;
  won: number;
  lost: number;
  other: number;
  p50: number | null;
  p95: number | null;
}

export async function raceStats(db: Kysely<DatabaseSchema>, userId: string, zone: DriverZone, range: DayRange, weeks: readonly string[]): Promise<RaceStats> {
  const local = zone.wallClock(sql<number>`extract(epoch from r.listed_at)`);
  const { rows } = await sql<RaceRow>`
    with races as (
      select (${local})::date as day, r.answer, r.sent_after_ms
      from offer_races r
      where r.user_id = ${userId}
        and r.listed_at between ${range.from}::date - 1 and ${range.to}::date + 2
    )
    select date_trunc('week', day)::date::text as week, grouping(date_trunc('week', day))::int as by_week,
      (count(*) filter (where answer = 'accepted'))::int as won,
      (count(*) filter (where answer = 'taken'))::int as lost,
      (count(*) filter (where answer in ('throttled', 'other')))::int as other,
      percentile_cont(0.5) within group (order by sent_after_ms) as p50,
      percentile_cont(0.95) within group (order by sent_after_ms) as p95
    from races
    where day between ${range.from}::date and ${range.to}::date
    group by grouping sets ((date_trunc('week', day)), ())
  `.execute(db);
  const byWeek = new Map(rows.filter((r) => r.by_week === 0).map((r) => [r.week!, r]));
  const all = rows.find((r) => r.by_week === 1);
  return {
    weeks: weeks.map((start) => ({ start, won: byWeek.get(start)?.won ?? 0, lost: byWeek.get(start)?.lost ?? 0, other: byWeek.get(start)?.other ?? 0 })),
    won: all?.won ?? 0,
    lost: all?.lost ?? 0,
    other: all?.other ?? 0,
    timeToAcceptP50Ms: all?.p50 ?? null,
    timeToAcceptP95Ms: all?.p95 ?? null,
  };
}
