/**
 * GET /api/user/accountHealth (docs/LIVE.md "Account health"): the driver's platform account over
 * the last 7 days as the platform saw the search, and a verdict. The response's schema, written
 * once: the server answers with it and the client's type is derived from it.
 */
import { closedObject, type FromContract } from './fields.js';

/** Days the panel covers. */
export const ACCOUNT_HEALTH_DAYS = 7;

/**
 * The verdict, worst first: the platform refused the account (a device check or signed out),
 * asked for puzzles, throttled it, it was searched faster than the platform asks, it was not
 * searched, or all was well ('steady').
 */
export const ACCOUNT_HEALTH_VERDICTS = ['refused', 'puzzles', 'throttled', 'fast', 'notSearched', 'steady'] as const;

const count = { type: 'integer', minimum: 0 } as const;

export const accountHealthSchema = closedObject(
  ['connected', 'days', 'verdict', 'polls', 'minutesSearched', 'pollsPerMinute', 'platformPollsPerMinute', 'throttled', 'puzzles', 'refused', 'backedOff', 'paused'],
  {
    connected: { type: 'boolean', description: 'A platform account is connected; the counts are zero when not' },
    days: { type: 'integer', const: ACCOUNT_HEALTH_DAYS },
    verdict: { type: 'string', enum: ACCOUNT_HEALTH_VERDICTS },
    polls: { ...count, description: 'Offer polls sent' },
    minutesSearched: { ...count, description: 'Minutes with at least one poll' },
    pollsPerMinute: { type: ['number', 'null'], description: 'Polls per minute searched; null when not searched' },
    platformPollsPerMinute: { type: ['number', 'null'], description: 'The pace the platform asks for (60 s / its refresh interval); null before it answered a poll' },
    throttled: { ...count, description: 'Answers where the platform said to slow down (throttled)' },
    puzzles: { ...count, description: 'Puzzles (captcha) the platform asked for' },
    refused: { ...count, description: 'Times the platform refused the account (420 device check, 401 signed out)' },
    backedOff: { ...count, description: 'Polls the engine put off after failures (backoff)' },
    paused: { ...count, description: 'Times the engine stopped the search and asked the driver to act' },
  },
);

export type AccountHealth = FromContract<typeof accountHealthSchema>;
export type AccountHealthVerdict = (typeof ACCOUNT_HEALTH_VERDICTS)[number];
