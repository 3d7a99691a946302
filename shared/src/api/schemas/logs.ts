/**
 * The driver's log of offers (getLogs, the calendar's blocks; docs/PRODUCT.md section 3 "Log
 * entry"). The server answers with this schema and the client's type is derived from it
 * (docs/ARCHITECTURE.md section 4.1, "The contract").
 */
import { IGNORE_REASONS } from '../../ignoreReasons.js';
import { closedObject, type FromContract } from './fields.js';

/** What the platform answered an accept. */
export const RACE_ANSWERS = ['accepted', 'taken', 'throttled', 'other'] as const;

/** One accept's race: listed to the account, the accept sent, the platform's answer. */
const raceTimelineSchema = closedObject(
  ['listedAt', 'sentAfterMs', 'answer', 'answeredAfterMs'],
  {
    listedAt: { type: 'number', description: 'When the poll answer that held the offer came, epoch ms' },
    sentAfterMs: { type: 'number', description: 'From that answer to the accept leaving, ms' },
    answer: { type: 'string', enum: RACE_ANSWERS },
    answeredAfterMs: { type: 'number', description: "From the accept leaving to the platform's answer, ms" },
  },
  { description: 'For an offer the engine tried to accept: its race (docs/ENGINE.md "Race timelines")' },
);

/** One discovered offer in the driver's log. */
export const logEntrySchema = closedObject(['_id', 'action', 'discoveredAt', 'startTime', 'endTime', 'serviceAreaId', 'rateInfo'], {
  _id: { type: 'string' },
  action: { type: 'string', enum: ['BLOCK_ACCEPT', 'BLOCK_IGNORE'], description: 'What the engine did with the offer' },
  discoveredAt: { type: 'number', description: 'When the engine saw the offer, epoch ms' },
  startTime: { type: 'number', description: 'Block start, epoch seconds' },
  endTime: { type: 'number', description: 'Block end, epoch seconds' },
  serviceAreaId: { type: 'string' },
  cost: { type: 'integer', description: 'The fee charged, cents (accepted entries)' },
  rateInfo: closedObject(['priceAmount'], { priceAmount: { type: 'number' }, currency: { type: 'string' } }),
  reason: { type: 'string', enum: IGNORE_REASONS, description: 'Why the offer was ignored (ignored entries; docs/ENGINE.md "Ignore reasons")' },
  overlaps: closedObject(
    ['startTime', 'serviceAreaId'],
    { startTime: { type: 'number', description: 'Epoch seconds' }, serviceAreaId: { type: 'string' } },
    { description: "For an 'overlap': the booked block it clashed with" },
  ),
  travel: closedObject(
    ['startTime', 'serviceAreaId', 'minutes'],
    { startTime: { type: 'number', description: 'Epoch seconds' }, serviceAreaId: { type: 'string' }, minutes: { type: 'integer' } },
    { description: "For a 'travel': the booked block it was too close to, and the travel time between the two stations, minutes" },
  ),
  race: raceTimelineSchema,
});

export type LogEntry = FromContract<typeof logEntrySchema>;
/** What the engine did with an offer. */
export type LogAction = LogEntry['action'];
export type RaceTimeline = FromContract<typeof raceTimelineSchema>;
export type RaceAnswer = (typeof RACE_ANSWERS)[number];
