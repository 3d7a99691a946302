/**
 * Offers the platform marks `hidden` are never accepted; the log says so with their own reason
 * ('hidden') instead of passing them off as a filter miss.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table offer_logs drop constraint offer_logs_reason_check`.execute(db);
  await sql`alter table offer_logs add constraint offer_logs_reason_check check (reason in ('filter', 'overlap', 'credit', 'taken', 'failed', 'hidden'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from offer_logs where reason = 'hidden'`.execute(db);
  await sql`alter table offer_logs drop constraint offer_logs_reason_check`.execute(db);
  await sql`alter table offer_logs add constraint offer_logs_reason_check check (reason in ('filter', 'overlap', 'credit', 'taken', 'failed'))`.execute(db);
}
