/** The response schema of GET /api/user/stats (the DriverStats wire type). */
import { IGNORE_REASONS } from '@blockpilot/shared/types';

const count = { type: 'integer', minimum: 0 } as const;
const cents = { type: 'integer' } as const;

const periodProperties = {
  accepted: count,
  forfeited: count,
  minutesBooked: count,
  payCents: cents,
  payPerHourCents: { type: ['integer', 'null'] },
  feesCents: cents,
} as const;
const periodRequired = Object.keys(periodProperties);

const period = {
  type: 'object',
  required: ['start', ...periodRequired],
  properties: { start: { type: 'string', description: 'The day, or the Monday of the week, YYYY-MM-DD' }, ...periodProperties },
} as const;

const funnelProperties = { seen: count, matching: count, accepted: count, lost: count } as const;
const funnelRequired = Object.keys(funnelProperties);

const raceCounts = { won: count, lost: count, other: count } as const;
const milliseconds = { type: ['number', 'null'], description: 'ms; null without a race' } as const;

export const driverStatsSchema = {
  type: 'object',
  required: ['from', 'to', 'timeZone', 'races', 'days', 'weeks', 'totals', 'funnel', 'byServiceArea', 'byHour', 'ignoredByReason'],
  properties: {
    races: {
      type: 'object',
      description: 'Accepts sent, won and lost per week, and the engine\'s time to accept (docs/ENGINE.md "Race timelines")',
      required: ['weeks', 'won', 'lost', 'other', 'timeToAcceptP50Ms', 'timeToAcceptP95Ms'],
      properties: {
        weeks: { type: 'array', items: { type: 'object', required: ['start', 'won', 'lost', 'other'], properties: { start: { type: 'string' }, ...raceCounts } } },
        ...raceCounts,
        timeToAcceptP50Ms: milliseconds,
        timeToAcceptP95Ms: milliseconds,
      },
    },
    from: { type: 'string' },
    to: { type: 'string' },
    timeZone: { type: 'string', description: "The zone days are counted in: the driver's IANA zone or a fixed offset (UTC-05:00)" },
    days: { type: 'array', items: period },
    weeks: { type: 'array', items: period },
    totals: { type: 'object', required: periodRequired, properties: periodProperties },
    funnel: { type: 'object', required: funnelRequired, properties: funnelProperties },
    byServiceArea: {
      type: 'array',
      items: { type: 'object', required: ['serviceAreaId', ...funnelRequired], properties: { serviceAreaId: { type: 'string' }, ...funnelProperties } },
    },
    byHour: {
      type: 'array',
      items: { type: 'object', required: ['hour', ...funnelRequired], properties: { hour: { type: 'integer', minimum: 0, maximum: 23 }, ...funnelProperties } },
    },
    ignoredByReason: {
      type: 'array',
      items: { type: 'object', required: ['reason', 'count'], properties: { reason: { type: 'string', enum: [...IGNORE_REASONS] }, count } },
    },
  },
} as const;
