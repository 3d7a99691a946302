/**
 * The driver's schedule as last read from the platform, kept with the account: the dashboard
 * asks for it every 10 s on every open device, and answering those from the engine's own reads
 * keeps the account within the platform's request limit (docs/ENGINE.md "Request budget").
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platform_accounts').addColumn('schedule', 'jsonb').addColumn('schedule_read_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platform_accounts').dropColumn('schedule').dropColumn('schedule_read_at').execute();
}
