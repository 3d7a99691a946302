/**
 * The driver's work limits (docs/PRODUCT.md "Work limits"): away dates, caps on booked minutes per
 * day and per week, a weekly pay goal, and the travel settings (buffer, average speed). One row per
 * driver who saved them; none means no limits. Also the ignore reasons they give, and for
 * `travel` the minutes between the two stations (docs/ENGINE.md "Ignore reasons").
 */
import { sql, type Kysely } from 'kysely';

const REASONS_BEFORE = `'filter', 'overlap', 'credit', 'taken', 'failed', 'hidden', 'station', 'day', 'time', 'pay', 'duration', 'arrival'`;
const REASONS_AFTER = `${REASONS_BEFORE}, 'travel', 'away', 'dayCap', 'weekCap', 'payGoal'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('work_limits')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // [{ from: 'YYYY-MM-DD', to: 'YYYY-MM-DD' }], days in the driver's time zone, both included.
    .addColumn('away_dates', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('max_day_minutes', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`max_day_minutes between 0 and 1440`),
    )
    .addColumn('max_week_minutes', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`max_week_minutes between 0 and 10080`),
    )
    .addColumn('weekly_pay_goal_cents', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`weekly_pay_goal_cents >= 0`),
    )
    .addColumn('travel_buffer_minutes', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`travel_buffer_minutes between 0 and 120`),
    )
    .addColumn('average_speed_kmh', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(40)
        .check(sql`average_speed_kmh between 10 and 130`),
    )
    .execute();
  await db.schema.alterTable('offer_logs').addColumn('travel_minutes', 'integer').execute();
  await sql`alter table offer_logs drop constraint offer_logs_reason_check`.execute(db);
  await sql.raw(`alter table offer_logs add constraint offer_logs_reason_check check (reason in (${REASONS_AFTER}))`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`update offer_logs set reason = 'filter' where reason in ('away', 'dayCap', 'weekCap', 'payGoal')`).execute(db);
  await sql`update offer_logs set reason = 'overlap' where reason = 'travel'`.execute(db);
  await sql`alter table offer_logs drop constraint offer_logs_reason_check`.execute(db);
  await sql.raw(`alter table offer_logs add constraint offer_logs_reason_check check (reason in (${REASONS_BEFORE}))`).execute(db);
  await db.schema.alterTable('offer_logs').dropColumn('travel_minutes').execute();
  await db.schema.dropTable('work_limits').execute();
}
