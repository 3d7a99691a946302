/**
 * The driver's language (docs/FRONTEND.md, "Languages"): the app opens in it on every device, and
 * e-mails, chat and push messages are written in it. Existing accounts keep English, the only
 * language there was.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo(sql`'en'`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
