/**
 * GET /api/user/stats: the driver's money and funnel over a span of days. The server answers with
 * this schema and the client's types are derived from it (docs/ARCHITECTURE.md section 4.1, "The
 * contract").
 */
import { IGNORE_REASONS } from '../../ignoreReasons.js';
import { closedObject, type FromContract } from './fields.js';

const count = { type: 'integer', minimum: 0 } as const;
const cents = { type: 'integer' } as const;

const periodProperties = {
  accepted: { ...count, description: 'Blocks the engine accepted, forfeited ones included' },
  forfeited: { ...count, description: 'Of those, the ones given back' },
  minutesBooked: { ...count, description: 'Of the blocks kept (accepted, not forfeited): their length' },
  payCents: { ...cents, description: 'Of the blocks kept: their pay, cents' },
  payPerHourCents: { type: ['integer', 'null'], description: 'Pay per hour booked, cents; null without a booked minute' },
  feesCents: { ...cents, description: "Fees charged less fees refunded, cents (the ledger's fee and refund entries of these blocks)" },
} as const;
const PERIOD_REQUIRED = ['accepted', 'forfeited', 'minutesBooked', 'payCents', 'payPerHourCents', 'feesCents'] as const;

/** What the driver booked in one day or week (blocks counted by their start, in the driver's zone). */
const statsPeriodSchema = closedObject(['start', ...PERIOD_REQUIRED], {
  start: { type: 'string', description: 'The day, or the Monday starting the week, YYYY-MM-DD' },
  ...periodProperties,
});

const funnelProperties = {
  seen: { ...count, description: 'Every offer the engine logged' },
  matching: { ...count, description: "Those the driver's filters took (accepted, or ignored after matching: overlap, credit, taken, failed)" },
  accepted: count,
  lost: { ...count, description: 'Matching offers another driver got first (`taken`)' },
} as const;
const FUNNEL_REQUIRED = ['seen', 'matching', 'accepted', 'lost'] as const;

/** Offers of one group on their way from the platform's list to the driver's schedule. */
const funnelCountsSchema = closedObject(FUNNEL_REQUIRED, funnelProperties);

const raceCounts = {
  won: count,
  lost: { ...count, description: 'Taken by another driver first (410)' },
  other: { ...count, description: 'Throttled or unanswered' },
} as const;
const milliseconds = { type: ['number', 'null'], description: 'ms; null without a race' } as const;

/** Accepts the engine sent, won and lost, and its own time to accept (docs/ENGINE.md "Race timelines"). */
const raceStatsSchema = closedObject(['weeks', 'won', 'lost', 'other', 'timeToAcceptP50Ms', 'timeToAcceptP95Ms'], {
  weeks: {
    type: 'array',
    description: 'Every week of the span (by the day the offer was listed), oldest first',
    items: closedObject(['start', 'won', 'lost', 'other'], { start: { type: 'string' }, ...raceCounts }),
  },
  ...raceCounts,
  timeToAcceptP50Ms: { ...milliseconds, description: "From the poll's answer in hand to the accept leaving, ms; null without a race" },
  timeToAcceptP95Ms: milliseconds,
});

export const driverStatsSchema = closedObject(['from', 'to', 'timeZone', 'races', 'days', 'weeks', 'totals', 'funnel', 'byServiceArea', 'byHour', 'ignoredByReason'], {
  races: { ...raceStatsSchema, description: "The races of the span's offers" },
  from: { type: 'string', description: 'First day, YYYY-MM-DD' },
  to: { type: 'string', description: 'Last day (included), YYYY-MM-DD' },
  timeZone: { type: 'string', description: "The zone the days are counted in: the driver's IANA zone, or a fixed offset (UTC-05:00)" },
  days: { type: 'array', items: statsPeriodSchema, description: 'Every day of the span, oldest first, empty days included' },
  weeks: { type: 'array', items: statsPeriodSchema, description: 'Every week (Monday to Sunday) the span touches, oldest first' },
  totals: closedObject(PERIOD_REQUIRED, periodProperties, { description: 'The whole span' }),
  funnel: funnelCountsSchema,
  byServiceArea: {
    type: 'array',
    description: 'Per station, most offers seen first',
    items: closedObject(['serviceAreaId', ...FUNNEL_REQUIRED], { serviceAreaId: { type: 'string' }, ...funnelProperties }),
  },
  byHour: {
    type: 'array',
    description: "Per hour of the block's start (0 to 23) in the driver's zone, every hour listed",
    items: closedObject(['hour', ...FUNNEL_REQUIRED], { hour: { type: 'integer', minimum: 0, maximum: 23 }, ...funnelProperties }),
  },
  ignoredByReason: {
    type: 'array',
    description: 'Offers not taken, per reason (docs/ENGINE.md "Ignore reasons"), most first',
    items: closedObject(['reason', 'count'], { reason: { type: 'string', enum: IGNORE_REASONS }, count }),
  },
});

export type DriverStats = FromContract<typeof driverStatsSchema>;
export type StatsPeriod = FromContract<typeof statsPeriodSchema>;
export type FunnelCounts = FromContract<typeof funnelCountsSchema>;
export type RaceStats = FromContract<typeof raceStatsSchema>;
