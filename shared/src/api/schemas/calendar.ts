/** The private calendar feed (docs/LIVE.md): a link whose token is its only key. */
import { closedObject, type FromContract } from './fields.js';

/** The path of the private calendar feed (its token is its only key). */
export const calendarFeedParams = { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 1, maxLength: 64 } } } as const;

/**
 * The driver's private calendar feed (GET/POST/DELETE /api/user/calendarFeed). The server answers
 * with this schema and the client's type is derived from it (docs/ARCHITECTURE.md section 4.1,
 * "The contract").
 */
export const calendarFeedSchema = closedObject(['createdAt'], {
  createdAt: { type: ['number', 'null'], description: 'When the current link was made, epoch ms; null: no link (never made, or revoked)' },
  url: { type: 'string', description: "The feed's URL: only in the answer that made it, since the server keeps just its hash" },
});

export type CalendarFeed = FromContract<typeof calendarFeedSchema>;
