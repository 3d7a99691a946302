/**
 * Decision overhead: from an offers response received (the raw JSON text
 * as the platform sends it) to the AcceptOffer request body ready to write. Per iteration:
 * JSON.parse + normalise every offer + match against compiled filters + rank + pick the best
 * block that does not overlap the schedule + build the body. The filters are compiled once, as
 * the engine does per filter change. Offers come from the simulator's own generator (realistic
 * starts, durations, prices, surges, fractions), 12 service areas.
 *
 *   cd bench && npx tsx --conditions=@blockpilot/source decision.ts
 */
import os from 'node:os';
import type { Filter } from '@blockpilot/shared/types';
import { createSimulator } from '@blockpilot/platform-sim';
import {
  acceptOfferBody,
  compileFilters,
  normaliseOffersPage,
  overlapsSchedule,
  rankMatches,
  type BlockSpan,
  type CompiledFilters,
  type NormalisedOffer,
} from '@blockpilot/server';
import { kb, machineLine, table, writeSection } from './lib/report.js';

const SIZES = [1, 100, 1000];
const GOAL_P99_MS_AT_100 = 0.5;
const NOW = Date.UTC(2025, 5, 2, 14, 0, 7);
/** A driver in UTC-5 (the browser's getTimezoneOffset()). */
const TIMEZONE_OFFSET = 300;

/** One response of `size` offers spread over the areas, exactly as the simulator serialises it. */
function offersResponse(size: number): { raw: string; areaIds: string[] } {
  const sim = createSimulator({ seed: 42, autoOffers: false, serviceAreaCount: 12, clock: { now: () => NOW } });
  const areaIds = sim.control.state().serviceAreas.map((a) => a.serviceAreaId);
  // One block the driver wants (so every size runs the whole path: tomorrow 10:00-13:00 local,
  // ending as a booked block starts), the rest as the generator makes them.
  sim.control.injectOffer({ serviceAreaId: areaIds[0], startTime: Date.UTC(2025, 5, 3, 15, 0) / 1000, durationHours: 3, priceAmount: 95 });
  for (let i = 1; i < size; i++) sim.control.injectOffer({ serviceAreaId: areaIds[i % areaIds.length] });
  const raw = JSON.stringify({ offerList: sim.control.listOffers(), refreshInterval: 1000, refreshTimeout: 1_800_000 });
  return { raw, areaIds };
}

/** A driver's realistic filter set: weekday days and weekend evenings, one disabled experiment. */
function driverFilters(areaIds: string[]): Filter[] {
  return [
    {
      id: 'weekdays',
      name: 'Weekdays',
      enabled: true,
      serviceAreas: areaIds.slice(0, 4),
      days: [1, 2, 3, 4, 5],
      time: [360, 1320],
      pay: [18, 100],
      payType: 'PER_BLOCK',
      duration: [2, 6],
      timeToArrive: 30,
      action: 'accept',
    },
    {
      id: 'weekend',
      name: 'Weekend per hour',
      enabled: true,
      serviceAreas: areaIds.slice(3, 7),
      days: [0, 6],
      time: [0, 1440],
      pay: [8, 100],
      payType: 'PER_HOUR',
      duration: [1.5, 10],
      timeToArrive: 45,
      action: 'accept',
    },
    {
      id: 'off',
      name: 'Night (off)',
      enabled: false,
      serviceAreas: areaIds,
      days: [0, 1, 2, 3, 4, 5, 6],
      time: [0, 1440],
      pay: [0, 100],
      payType: 'PER_BLOCK',
      duration: [0, 10],
      timeToArrive: 0,
      action: 'accept',
    },
  ];
}

/** Blocks the driver already has: tomorrow and the day after, mid-day. */
const SCHEDULE: BlockSpan[] = [1, 2, 3].map((day) => ({ startTime: NOW / 1000 + day * 86_400 + 4 * 3600, endTime: NOW / 1000 + day * 86_400 + 8 * 3600 }));

/** The whole decision for one response: the body to send, or null when nothing is acceptable. */
function decide(raw: string, compiled: CompiledFilters, schedule: readonly BlockSpan[], now: number): string | null {
  const page = normaliseOffersPage(JSON.parse(raw));
  if (!page) throw new Error('not an offers response');
  const matches: NormalisedOffer[] = [];
  for (const offer of page.offers) if (compiled.match(offer, now) !== null) matches.push(offer);
  for (const offer of rankMatches(matches)) {
    if (!overlapsSchedule(offer, schedule)) return acceptOfferBody(offer.offerId);
  }
  return null;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** Latencies of one measured run: pooled percentiles, and the median of the per-round p99s. */
interface Latencies {
  p50: number;
  /** p99 over every sample. */
  p99: number;
  /** Median of the rounds' p99: a burst of other work on the machine spoils one round, not the figure. */
  p99Rounds: number;
  max: number;
}

function measure(rounds: number, perRound: number, run: () => unknown): Latencies {
  for (let i = 0; i < Math.min(2000, rounds * perRound); i++) run(); // warm-up: let the JIT settle
  const all: number[] = [];
  const roundP99: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const samples = new Float64Array(perRound);
    for (let i = 0; i < perRound; i++) {
      const started = performance.now();
      run();
      samples[i] = performance.now() - started;
    }
    const sorted = Array.from(samples).sort((a, b) => a - b);
    roundP99.push(percentile(sorted, 0.99));
    all.push(...sorted);
  }
  all.sort((a, b) => a - b);
  roundP99.sort((a, b) => a - b);
  return { p50: percentile(all, 0.5), p99: percentile(all, 0.99), p99Rounds: percentile(roundP99, 0.5), max: all[all.length - 1]! };
}

const ms = (value: number) => `${value.toFixed(value < 0.1 ? 4 : 3)} ms`;
// Other work on the machine shows up in the tail; the figure says how busy it was.
const loadAtStart = os.loadavg()[0]!;
const rows: (string | number)[][] = [];
let p99At100 = Number.NaN;

for (const size of SIZES) {
  const { raw, areaIds } = offersResponse(size);
  const compiled = compileFilters(driverFilters(areaIds), TIMEZONE_OFFSET);
  const page = normaliseOffersPage(JSON.parse(raw))!;
  const matched = page.offers.filter((o) => compiled.match(o, NOW)).length;
  const [rounds, perRound] = size >= 1000 ? [10, 300] : [10, 2000];
  const whole = measure(rounds, perRound, () => decide(raw, compiled, SCHEDULE, NOW));
  const parseOnly = measure(rounds, perRound, () => JSON.parse(raw));
  if (size === 100) p99At100 = whole.p99Rounds;
  const picked = decide(raw, compiled, SCHEDULE, NOW);
  console.log({ offers: size, bytes: raw.length, matched, picked, ...whole, parseP50: parseOnly.p50, rounds, perRound });
  rows.push([
    size,
    kb(raw.length),
    matched,
    ms(whole.p50),
    `**${ms(whole.p99Rounds)}**`,
    ms(whole.p99),
    ms(whole.max),
    ms(parseOnly.p50),
    `${rounds} × ${perRound.toLocaleString('en-US')}`,
  ]);
}

const verdict = p99At100 < GOAL_P99_MS_AT_100 ? 'met' : 'NOT met';
console.log(`p99 (median of rounds) at 100 offers: ${ms(p99At100)} (goal < ${GOAL_P99_MS_AT_100} ms: ${verdict})`);

writeSection(
  'decision',
  `## Engine: decision overhead (\`bench/decision.ts\`)

${machineLine()}

From an offers response received (raw JSON text) to the AcceptOffer body ready to write: parse,
normalise, match against two enabled filters (plus a disabled one) compiled once, rank best paid
first, pick the best block not overlapping a three-block schedule, build the body. Offers from the
simulator's generator over 12 service areas; one thread, after a warm-up, in 10 rounds. The p99
in bold is the median of the rounds' p99s (a burst of other work on the machine spoils one round,
not the figure); the p99 over all samples and the max include such bursts and garbage collection.
One-minute load average when the run started: ${loadAtStart.toFixed(2)} on ${os.cpus().length} CPUs.

Goal: p99 < ${GOAL_P99_MS_AT_100} ms at 100 offers: **${verdict}** (${ms(p99At100)}).

${table(['offers per response', 'response size', 'matched', 'p50', 'p99 (median of rounds)', 'p99 (all samples)', 'max', 'JSON.parse alone, p50', 'rounds × iterations'], rows)}`,
);
