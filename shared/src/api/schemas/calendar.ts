/** The private calendar feed (docs/LIVE.md): a link whose token is its only key. */

/** The path of the private calendar feed (its token is its only key). */
export const calendarFeedParams = { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 1, maxLength: 64 } } } as const;
