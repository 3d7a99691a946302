/**
 * The driver's earnings and offer funnel over a span of days (docs/LIVE.md "The driver's app"),
 * summed by the database: two grouped statements (GROUP BY GROUPING SETS), whatever the number of
 * log rows. Blocks count on the day they start in the driver's zone (range.ts).
 *
 * - Money: accepted blocks; the pay and hours of the ones kept (not forfeited); fees from the
 *   ledger (each block's `fee:<log id>` less its `refund:<log id>`, domain/ledger.ts), so a
 *   forfeited block costs nothing and a fee-free block shows none.
 * - Funnel: every logged offer is seen; matching are the accepted ones and those ignored after the
 *   filters took them (`overlap`, `travel`, the work limits' `away`, `dayCap`, `weekCap`, `payGoal`,
 *   `credit`, `taken`, `failed`: docs/ENGINE.md "Ignore reasons");
 *   lost are those another driver got first (`taken`). Ignored offers leave the log after the
 *   retention period (OFFER_LOG_RETENTION_DAYS), so older spans show the accepted ones only.
 */
import { sql, type Kysely } from 'kysely';
import type { DayRange, DriverStats, FunnelCounts, IgnoreReason, StatsPeriod } from '@blockpilot/shared/types';
import type { DatabaseSchema } from '../../db/schema.js';
import { raceStats } from './races.js';
import { addDays, daysIn, startBounds, type DriverZone } from './range.js';

/** Ignored after matching: the filters took these offers (docs/ENGINE.md "Ignore reasons"). */
const MATCHED_REASONS: readonly IgnoreReason[] = ['overlap', 'travel', 'away', 'dayCap', 'weekCap', 'payGoal', 'credit', 'taken', 'failed'];

interface PeriodRow {
  day: string | null;
  week: string | null;
  by_day: number;
  by_week: number;
  accepted: number;
  forfeited: number;
  minutes: number;
  pay_cents: number;
  fees_cents: number;
}

interface FunnelRow extends FunnelCounts {
  service_area_id: string | null;
  hour: number | null;
  reason: IgnoreReason | null;
  by_area: number;
  by_hour: number;
  by_reason: number;
}

const EMPTY_FUNNEL: FunnelCounts = { seen: 0, matching: 0, accepted: 0, lost: 0 };

function period(start: string, row: PeriodRow | undefined): StatsPeriod {
  const minutesBooked = row?.minutes ?? 0;
  const payCents = row?.pay_cents ?? 0;
  return {
    start,
    accepted: row?.accepted ?? 0,
    forfeited: row?.forfeited ?? 0,
    minutesBooked,
    payCents,
    payPerHourCents: minutesBooked > 0 ? Math.round((payCents * 60) / minutesBooked) : null,
    feesCents: row?.fees_cents ?? 0,
  };
}

function funnelOf(row: FunnelRow | undefined): FunnelCounts {
  return row ? { seen: row.seen, matching: row.matching, accepted: row.accepted, lost: row.lost } : { ...EMPTY_FUNNEL };
}

/** Mondays of the weeks the span touches. */
function mondays(range: DayRange): string[] {
  const weekday = (new Date(`${range.from}T00:00:00Z`).getUTCDay() + 6) % 7;
  const first = addDays(range.from, -weekday);
  const out: string[] = [];
  for (let monday = first; monday <= range.to; monday = addDays(monday, 7)) out.push(monday);
  return out;
}

export async function driverStats(db: Kysely<DatabaseSchema>, userId: string, zone: DriverZone, range: DayRange): Promise<DriverStats> {
  const { low, high } = startBounds(range);
  const local = zone.wallClock(sql.ref('o.start_time'));
  const inSpan = sql`o.user_id = ${userId} and o.start_time between ${low} and ${high} and (${local})::date between ${range.from}::date and ${range.to}::date`;

  const periods = await sql<PeriodRow>`
    with blocks as (
      select (${local})::date as day,
        o.end_time - o.start_time as seconds,
        round(o.price_amount * 100) as pay_cents,
        o.forfeited_at is not null as forfeited,
        (select coalesce(sum(e.amount_cents), 0) from ledger_entries e
          where e.user_id = o.user_id and e.key in ('fee:' || o.id, 'refund:' || o.id)) as ledger_cents
      from offer_logs o
      where ${inSpan} and o.action = 'BLOCK_ACCEPT'
    )
    select day::text as day, date_trunc('week', day)::date::text as week,
      grouping(day)::int as by_day, grouping(date_trunc('week', day))::int as by_week,
      count(*)::int as accepted,
      (count(*) filter (where forfeited))::int as forfeited,
      coalesce(round(sum(seconds) filter (where not forfeited) / 60), 0)::int as minutes,
      coalesce(sum(pay_cents) filter (where not forfeited), 0)::int as pay_cents,
      coalesce(-sum(ledger_cents), 0)::int as fees_cents
    from blocks
    group by grouping sets ((day), (date_trunc('week', day)), ())
  `.execute(db);

  const funnel = await sql<FunnelRow>`
    with offers as (
      select o.service_area_id, extract(hour from ${local})::int as hour, o.action, o.reason,
        (o.action = 'BLOCK_ACCEPT' or o.reason in (${sql.join(MATCHED_REASONS)})) as matching
      from offer_logs o
      where ${inSpan}
    )
    select service_area_id, hour, reason,
      grouping(service_area_id)::int as by_area, grouping(hour)::int as by_hour, grouping(reason)::int as by_reason,
      count(*)::int as seen,
      (count(*) filter (where matching))::int as matching,
      (count(*) filter (where action = 'BLOCK_ACCEPT'))::int as accepted,
      (count(*) filter (where reason = 'taken'))::int as lost
    from offers
    group by grouping sets ((service_area_id), (hour), (reason), ())
  `.execute(db);

  // grouping(x) is 0 in the rows grouped by x, 1 where x was rolled up.
  const dayRows = new Map(periods.rows.filter((r) => r.by_day === 0).map((r) => [r.day!, r]));
  const weekRows = new Map(periods.rows.filter((r) => r.by_day === 1 && r.by_week === 0).map((r) => [r.week!, r]));
  const { start: _start, ...totals } = period(
    '',
    periods.rows.find((r) => r.by_day === 1 && r.by_week === 1),
  );
  const funnelRows = funnel.rows;
  const byHour = new Map(funnelRows.filter((r) => r.by_hour === 0).map((r) => [r.hour!, r]));

  const weeks = mondays(range);
  return {
    ...range,
    timeZone: zone.name,
    races: await raceStats(db, userId, zone, range, weeks),
    days: Array.from({ length: daysIn(range) }, (_, i) => addDays(range.from, i)).map((day) => period(day, dayRows.get(day))),
    weeks: weeks.map((monday) => period(monday, weekRows.get(monday))),
    totals,
    funnel: funnelOf(funnelRows.find((r) => r.by_area === 1 && r.by_hour === 1 && r.by_reason === 1)),
    byServiceArea: funnelRows
      .filter((r) => r.by_area === 0)
      .map((r) => ({ serviceAreaId: r.service_area_id!, ...funnelOf(r) }))
      .sort((a, b) => b.seen - a.seen || a.serviceAreaId.localeCompare(b.serviceAreaId)),
    byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, ...funnelOf(byHour.get(hour)) })),
    ignoredByReason: funnelRows
      // Accepted offers have no reason: their group's null is not a reason.
      .filter((r) => r.by_reason === 0 && r.reason !== null)
      .map((r) => ({ reason: r.reason!, count: r.seen }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
  };
}
