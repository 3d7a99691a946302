/**
 * What the driver is told about their search (docs/LIVE.md): the credit guard's pause and what it
 * skipped, the once-per-crossing low-credit notice, the stations the platform account may work
 * (as the engine last read them), and the finer reasons of ignored offers with the booked block an
 * overlap clashed with (docs/ENGINE.md "Ignore reasons").
 */
import { sql, type Kysely } from 'kysely';

const REASONS_BEFORE = `'filter', 'overlap', 'credit', 'taken', 'failed', 'hidden'`;
const REASONS_AFTER = `${REASONS_BEFORE}, 'station', 'day', 'time', 'pay', 'duration', 'arrival'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('search_paused_for', 'text', (c) => c.check(sql`search_paused_for in ('credit')`))
    .addColumn('missed_offers', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`missed_offers >= 0`),
    )
    .addColumn('missed_value_cents', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`missed_value_cents >= 0`),
    )
    .addColumn('low_credit_notified_at', 'timestamptz')
    .execute();
  await db.schema.alterTable('platform_accounts').addColumn('eligible_service_areas', 'jsonb').addColumn('eligible_read_at', 'timestamptz').execute();
  await db.schema.alterTable('offer_logs').addColumn('overlap_start_time', 'double precision').addColumn('overlap_service_area_id', 'text').execute();
  await sql`alter table offer_logs drop constraint offer_logs_reason_check`.execute(db);
  await sql.raw(`alter table offer_logs add constraint offer_logs_reason_check check (reason in (${REASONS_AFTER}))`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`update offer_logs set reason = 'filter' where reason in ('station', 'day', 'time', 'pay', 'duration', 'arrival')`).execute(db);
  await sql`alter table offer_logs drop constraint offer_logs_reason_check`.execute(db);
  await sql.raw(`alter table offer_logs add constraint offer_logs_reason_check check (reason in (${REASONS_BEFORE}))`).execute(db);
  await db.schema.alterTable('offer_logs').dropColumn('overlap_start_time').dropColumn('overlap_service_area_id').execute();
  await db.schema.alterTable('platform_accounts').dropColumn('eligible_service_areas').dropColumn('eligible_read_at').execute();
  await db.schema.alterTable('users').dropColumn('search_paused_for').dropColumn('missed_offers').dropColumn('missed_value_cents').dropColumn('low_credit_notified_at').execute();
}
