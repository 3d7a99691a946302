/**
 * Engine health charts the drivers the platform slowed down beside those searching and paused
 * (docs/OPERATIONS.md "Engine health"): each process counts, per minute, the drivers whose search
 * backed off after a throttle or failures in a row; the fleet's minute sums the processes.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('engine_health_minutes')
    .addColumn('backing_off', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('engine_health_minutes').dropColumn('backing_off').execute();
}
