/**
 * Notify-only filters (docs/PRODUCT.md "Notify-only filters"): each filter says what its match
 * does, `accept` (take the block at once, what every filter did before) or `notify` (only tell the
 * driver, who may accept it with one tap). Also the ignore reason such an offer is logged with,
 * `notify`, and the notification event `offered`, which every channel a driver chose events for
 * gains: a driver who makes a notify filter is told on the channels they already use.
 */
import { sql, type Kysely } from 'kysely';

// Written out, not imported: a migration keeps the values of its day (shared/src/constants.ts has today's).
const REASONS_BEFORE = `'filter', 'overlap', 'credit', 'taken', 'failed', 'hidden', 'station', 'day', 'time', 'pay', 'duration', 'arrival', 'travel', 'away', 'dayCap', 'weekCap', 'payGoal'`;
const REASONS_AFTER = `${REASONS_BEFORE}, 'notify'`;
const EVENTS_BEFORE = `'accepted', 'lowCredit', 'captcha', 'stopped'`;
const EVENTS_AFTER = `${EVENTS_BEFORE}, 'offered'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('filters')
    .addColumn('action', 'text', (c) =>
      c
        .notNull()
        .defaultTo('accept')
        .check(sql`action in ('accept', 'notify')`),
    )
    .execute();
  await sql`alter table offer_logs drop constraint offer_logs_reason_check`.execute(db);
  await sql.raw(`alter table offer_logs add constraint offer_logs_reason_check check (reason in (${REASONS_AFTER}))`).execute(db);
  await sql`alter table notification_events drop constraint notification_events_events_check`.execute(db);
  await sql.raw(`alter table notification_events add constraint notification_events_events_check check (events <@ array[${EVENTS_AFTER}]::text[])`).execute(db);
  await sql`update notification_events set events = array_append(events, 'offered') where events <> '{}'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update notification_events set events = array_remove(events, 'offered')`.execute(db);
  await sql`alter table notification_events drop constraint notification_events_events_check`.execute(db);
  await sql.raw(`alter table notification_events add constraint notification_events_events_check check (events <@ array[${EVENTS_BEFORE}]::text[])`).execute(db);
  await sql`update offer_logs set reason = 'filter' where reason = 'notify'`.execute(db);
  await sql`alter table offer_logs drop constraint offer_logs_reason_check`.execute(db);
  await sql.raw(`alter table offer_logs add constraint offer_logs_reason_check check (reason in (${REASONS_BEFORE}))`).execute(db);
  await db.schema.alterTable('filters').dropColumn('action').execute();
}
