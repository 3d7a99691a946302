/**
 * Race timelines (docs/ENGINE.md "Race timelines"): for each accept the engine sends, when its
 * offer was listed to the account (the poll answer that held it), how long the engine took from
 * that answer to sending the accept, the platform's answer and how long it took. The times are
 * monotonic reads (performance.now()) the live path takes anyway; the rows are written together
 * once every accept of the poll has its answer, never before an accept leaves.
 */
import type { Kysely } from 'kysely';
import type { PlatformResult } from '../adapters/platform/types.js';
import type { DatabaseSchema, OfferRaceTable } from '../db/schema.js';

/** What the platform answered an accept, as the timeline keeps it. */
export type RaceAnswer = OfferRaceTable['answer'];

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

/** Writes one poll's timelines in one statement. */
export async function writeRaces(db: Kysely<DatabaseSchema>, userId: string, races: readonly RaceRecord[]): Promise<void> {
  if (races.length === 0) return;
  await db
    .insertInto('offer_races')
    .values(
      races.map((race) => ({
        user_id: userId,
        offer_id: race.offerId,
        listed_at: race.listedAt,
        sent_after_ms: race.sentAfterMs,
        answer: race.answer,
        answered_after_ms: race.answeredAfterMs,
        answered_at: race.answeredAt,
      })),
    )
    .execute();
}

/** The newest timeline of each of `offerIds` (a page of the log), by offer id. */
export async function racesOf(db: Kysely<DatabaseSchema>, userId: string, offerIds: readonly string[]): Promise<Map<string, RaceRecord>> {
  const found = new Map<string, RaceRecord>();
  if (offerIds.length === 0) return found;
  const rows = await db
    .selectFrom('offer_races')
    .select(['offer_id', 'listed_at', 'sent_after_ms', 'answer', 'answered_after_ms', 'answered_at'])
    .where('user_id', '=', userId)
    .where('offer_id', '=', (eb) => eb.fn.any(eb.val([...offerIds])))
    .orderBy('id')
    .execute();
  for (const row of rows)
    found.set(row.offer_id, {
      offerId: row.offer_id,
      listedAt: row.listed_at,
      sentAfterMs: row.sent_after_ms,
      answer: row.answer,
      answeredAfterMs: row.answered_after_ms,
      answeredAt: row.answered_at,
    });
  return found;
}
