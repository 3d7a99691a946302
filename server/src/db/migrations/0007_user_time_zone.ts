/**
 * The driver's IANA time zone (`America/New_York`), sent with Start beside the browser's fixed
 * offset, so filters are matched with the offset each block will really have across daylight-saving
 * changes. Nullable: drivers who started before it, and browsers that do not say, keep the offset.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('time_zone', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('time_zone').execute();
}
