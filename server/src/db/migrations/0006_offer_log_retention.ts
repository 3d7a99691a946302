/**
 * Ignored offers are the bulk of the log (every driver logs every new offer of their areas once)
 * and are pruned after OFFER_LOG_RETENTION_DAYS. The prune finds old ignored rows by this partial
 * index instead of scanning the table; accepted rows (money) are never pruned and are not in it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('offer_logs_ignored_discovered').on('offer_logs').column('discovered_at').where(sql.ref('action'), '=', 'BLOCK_IGNORE').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('offer_logs_ignored_discovered').execute();
}
