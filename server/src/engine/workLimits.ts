/**
 * The driver's work limits and the travel check (docs/ENGINE.md "Schedule"), compiled once per
 * change of the limits, filters or time zone, and a tally of the booked blocks built once per
 * change of the schedule, so judging a match is a few comparisons and map lookups:
 *
 * - `away`: the block shares time with an away date (local midnight to midnight, both dates of a
 *   range included);
 * - `dayCap` / `weekCap`: the minutes booked on the local day (week, Sunday to Saturday) of the
 *   block's start, plus this block's, would pass the cap; a block counts whole on the day it starts;
 * - `payGoal`: the pay booked in the week of the block's start has reached the goal;
 * - `travel`: the gap to the booked block just before (or just after) is shorter than the drive
 *   between the two stations (great-circle distance at the average speed) plus the driver's
 *   buffer. Blocks at the same station, or a station whose position is unknown, are not checked.
 */
import type { WorkLimits } from '@blockpilot/shared/api/schemas';
import type { BlockSpan, MatchableOffer } from './types.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** 1970-01-01 (day 0) was a Thursday: day + 4 counts from a Sunday. */
const EPOCH_WEEKDAY = 4;
/** Mean Earth radius, km. */
const EARTH_RADIUS_KM = 6371.0088;

/** A station's position, degrees. */
export interface Position {
  latitude: number;
  longitude: number;
}

/** A booked (or chosen) block as the limits read it: its span in epoch seconds, station and pay. */
export interface LimitBlock extends BlockSpan {
  serviceAreaId: string;
  /** The booked pay in cents (a schedule read), or in currency units (an offer): whichever is known. */
  priceCents?: number;
  priceAmount?: number;
}

/** Why the limits refuse a block. */
export type LimitMiss = { reason: 'away' | 'dayCap' | 'weekCap' | 'payGoal' } | { reason: 'travel'; block: LimitBlock; minutes: number };

/** What is booked, summed once per schedule change. */
export interface BookedTally {
  blocks: readonly LimitBlock[];
  dayMs: ReadonlyMap<number, number>;
  weekMs: ReadonlyMap<number, number>;
  weekCents: ReadonlyMap<number, number>;
}

/** Great-circle distance between two positions, km (haversine). */
export function greatCircleKm(a: Position, b: Position): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

function centsOf(block: LimitBlock): number {
  if (block.priceCents !== undefined) return block.priceCents;
  return block.priceAmount === undefined ? 0 : Math.round(block.priceAmount * 100);
}

function add(map: Map<number, number>, key: number, value: number): void {
  map.set(key, (map.get(key) ?? 0) + value);
}

/** The work limits compiled for one time zone and the stations' positions. */
export class CompiledLimits {
  /** Away spans, epoch ms, half-open [start, end). */
  readonly away: ReadonlyArray<readonly [number, number]>;
  private readonly maxDayMs: number;
  private readonly maxWeekMs: number;
  private readonly goalCents: number;
  private readonly bufferMs: number;
  private readonly kmPerMs: number;
  /** Whether any rule can refuse a block: none means the triage skips the limits altogether. */
  readonly active: boolean;

  constructor(
    limits: WorkLimits,
    /** Local wall time minus UTC at an instant (matcher.ts localOffsetReader). */
    private readonly localMinusUtc: (utcMs: number) => number,
    private readonly positions: ReadonlyMap<string, Position>,
  ) {
    this.away = limits.awayDates.map(({ from, to }) => [this.localMidnight(from), this.localMidnight(to, 1)] as const).sort((a, b) => a[0] - b[0]);
    this.maxDayMs = limits.maxDayMinutes * MINUTE_MS;
    this.maxWeekMs = limits.maxWeekMinutes * MINUTE_MS;
    this.goalCents = limits.weeklyPayGoalCents;
    this.bufferMs = limits.travelBufferMinutes * MINUTE_MS;
    this.kmPerMs = limits.averageSpeedKmh / 3_600_000;
    this.active = this.away.length > 0 || this.maxDayMs > 0 || this.maxWeekMs > 0 || this.goalCents > 0 || positions.size > 1;
  }

  /** The local day number (days since 1970-01-01 on the driver's calendar) of an instant. */
  localDay(utcMs: number): number {
    return Math.floor((utcMs + this.localMinusUtc(utcMs)) / DAY_MS);
  }

  /** Sums the booked blocks by local day and week of their start. */
  tally(blocks: readonly LimitBlock[]): BookedTally {
    const dayMs = new Map<number, number>();
    const weekMs = new Map<number, number>();
    const weekCents = new Map<number, number>();
    for (const block of blocks) {
      const day = this.localDay(block.startTime * 1000);
      const lengthMs = (block.endTime - block.startTime) * 1000;
      add(dayMs, day, lengthMs);
      add(weekMs, weekOf(day), lengthMs);
      add(weekCents, weekOf(day), centsOf(block));
    }
    return { blocks: [...blocks], dayMs, weekMs, weekCents };
  }

  /**
   * The first rule the offer breaks against what is booked plus `extra` (blocks chosen this poll),
   * in the order away, dayCap, weekCap, payGoal, travel; null when it breaks none.
   */
  check(offer: MatchableOffer, booked: BookedTally, extra: readonly LimitBlock[] = []): LimitMiss | null {
    const { startMs, endMs } = offer;
    for (const [from, to] of this.away) if (startMs < to && from < endMs) return { reason: 'away' };
    if (this.maxDayMs > 0 || this.maxWeekMs > 0 || this.goalCents > 0) {
      const day = this.localDay(startMs);
      const week = weekOf(day);
      let dayMs = booked.dayMs.get(day) ?? 0;
      let weekMs = booked.weekMs.get(week) ?? 0;
      let weekCents = booked.weekCents.get(week) ?? 0;
      for (const block of extra) {
        const blockDay = this.localDay(block.startTime * 1000);
        const lengthMs = (block.endTime - block.startTime) * 1000;
        if (blockDay === day) dayMs += lengthMs;
        if (weekOf(blockDay) === week) {
          weekMs += lengthMs;
          weekCents += centsOf(block);
        }
      }
      const lengthMs = endMs - startMs;
      if (this.maxDayMs > 0 && dayMs + lengthMs > this.maxDayMs) return { reason: 'dayCap' };
      if (this.maxWeekMs > 0 && weekMs + lengthMs > this.maxWeekMs) return { reason: 'weekCap' };
      if (this.goalCents > 0 && weekCents >= this.goalCents) return { reason: 'payGoal' };
    }
    return this.travelMiss(offer, booked.blocks) ?? (extra.length > 0 ? this.travelMiss(offer, extra) : null);
  }

  /** The booked block just before or after the offer that is too far to reach in the gap, if any. */
  private travelMiss(offer: MatchableOffer, blocks: readonly LimitBlock[]): LimitMiss | null {
    const here = this.positions.get(offer.serviceAreaId);
    if (here === undefined) return null;
    let before: LimitBlock | undefined;
    let after: LimitBlock | undefined;
    for (const block of blocks) {
      if (block.endTime * 1000 <= offer.startMs) {
        if (before === undefined || block.endTime > before.endTime) before = block;
      } else if (block.startTime * 1000 >= offer.endMs && (after === undefined || block.startTime < after.startTime)) after = block;
    }
    if (before) {
      const miss = this.tooFar(before, here, offer.serviceAreaId, offer.startMs - before.endTime * 1000);
      if (miss) return miss;
    }
    return after ? this.tooFar(after, here, offer.serviceAreaId, after.startTime * 1000 - offer.endMs) : null;
  }

  private tooFar(block: LimitBlock, here: Position, areaId: string, gapMs: number): LimitMiss | null {
    if (block.serviceAreaId === areaId) return null;
    const there = this.positions.get(block.serviceAreaId);
    if (there === undefined) return null;
    const driveMs = greatCircleKm(here, there) / this.kmPerMs;
    if (gapMs >= driveMs + this.bufferMs) return null;
    return { reason: 'travel', block, minutes: Math.ceil(driveMs / MINUTE_MS) };
  }

  /** The instant the local day `date` (YYYY-MM-DD) plus `days` begins. */
  private localMidnight(date: string, days = 0): number {
    const wall = Date.parse(`${date}T00:00:00Z`) + days * DAY_MS;
    // The offset at the wall time read as UTC, then at the instant it gives: right across a change.
    const guess = wall - this.localMinusUtc(wall);
    return wall - this.localMinusUtc(guess);
  }
}

/** Sunday-to-Saturday week number of a local day. */
function weekOf(localDay: number): number {
  return Math.floor((localDay + EPOCH_WEEKDAY) / 7);
}
