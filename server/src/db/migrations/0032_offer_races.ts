/**
 * Lost-race forensics (docs/ENGINE.md "Race timelines"): one row per accept the engine sent: when
 * the offer was first listed to the account (the wall time of the poll answer that held it), how
 * long the engine took from that answer to sending the accept, the platform's answer and how long
 * it took to come. Written after the poll's accepts have their answers, never before one leaves.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('offer_races')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .addColumn('listed_at', 'timestamptz', (c) => c.notNull())
    // Monotonic durations, ms with fractions: poll answer -> accept sent, accept sent -> answer.
    .addColumn('sent_after_ms', 'double precision', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull().check(sql`answer in ('accepted', 'taken', 'throttled', 'other')`))
    .addColumn('answered_after_ms', 'double precision', (c) => c.notNull())
    .addColumn('answered_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('offer_races_user_offer').on('offer_races').columns(['user_id', 'offer_id']).execute();
  await db.schema.createIndex('offer_races_user_answered').on('offer_races').columns(['user_id', 'answered_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('offer_races').execute();
}
