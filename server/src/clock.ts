/** Where the server reads the time. Expiry rules (reset links, sessions, trials) go through it so tests can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
