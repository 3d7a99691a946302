/**
 * Push notifications (docs/LIVE.md "Push notifications"): the devices (browsers) that receive Web
 * Push for a driver, and per channel the events that notify them.
 *
 * `notification_events` holds one row per driver and channel the driver has chosen for; a channel
 * without a row notifies of every event. That is what every channel did before this migration, so
 * existing drivers keep exactly the notifications they had, and nothing needs copying.
 */
import { sql, type Kysely } from 'kysely';

// Written out, not imported: a migration keeps the values of its day (shared/src/constants.ts has today's).
const CHANNELS = sql.raw(`'email', 'whatsapp', 'telegram', 'push'`);
const EVENTS = sql.raw(`'accepted', 'lowCredit', 'captcha', 'stopped'`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // One browser subscription is one device: saved again (by this or another driver) it moves, never doubles.
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('push_subscriptions_user_id').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('notification_events')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in (${CHANNELS})`))
    .addColumn('events', sql`text[]`, (c) => c.notNull().check(sql`events <@ array[${EVENTS}]::text[]`))
    .addPrimaryKeyConstraint('notification_events_pkey', ['user_id', 'channel'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_events').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
