/**
 * Race timelines (docs/ENGINE.md "Race timelines"): for each accept the engine sends, when its
 * offer was listed to the account (the poll answer that held it), how long the engine took from
 * that answer to sending the accept, the platform's answer and how long it took. The times are
 * monotonic reads (performance.now()) the live path takes anyway; the rows are written together
 * (`OfferLogStore.writeRaces`) once every accept of the poll has its answer, never before an
 * accept leaves.
 */
import type { PlatformResult } from '../adapters/platform/types.js';

/** What the platform answered an accept, as the timeline keeps it (the `offer_races.answer` column). */
export type RaceAnswer = 'accepted' | 'taken' | 'throttled' | 'other';

/** One accept's timeline. */
export interface RaceRecord {
  offerId: string;
  /** The wall time of the poll answer that held the offer. */
  listedAt: Date;
  /** Poll answer in hand -> accept sent, ms. */
  sentAfterMs: number;
  answer: RaceAnswer;
  /** Accept sent -> answer in hand, ms. */
  answeredAfterMs: number;
  answeredAt: Date;
}

/** The timeline's name for an accept's answer. */
export function raceAnswerOf(result: PlatformResult<void>): RaceAnswer {
  if (result.ok) return 'accepted';
  if (result.kind === 'offerTaken') return 'taken';
  if (result.kind === 'throttled') return 'throttled';
  return 'other';
}
