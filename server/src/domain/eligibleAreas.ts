/**
 * The stations the platform account may work, as the engine last read them (docs/LIVE.md
 * "Eligible stations"): the filter marks them, and a search whose filters name none of them says
 * so instead of waiting for offers that are never asked for.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

type Db = Kysely<DatabaseSchema>;

export async function saveEligibleAreas(db: Db, userId: string, areaIds: readonly string[], readAt: Date): Promise<void> {
  await db
    .updateTable('platform_accounts')
    .set({ eligible_service_areas: JSON.stringify(areaIds), eligible_read_at: readAt })
    .where('user_id', '=', userId)
    .execute();
}

/** The ids last read, or null when the engine has not read them yet. */
export async function eligibleAreasOf(db: Db, userId: string): Promise<Set<string> | null> {
  const row = await db.selectFrom('platform_accounts').select('eligible_service_areas').where('user_id', '=', userId).executeTakeFirst();
  return row?.eligible_service_areas ? new Set(row.eligible_service_areas) : null;
}
