/**
 * Several filters per driver (docs/PRODUCT.md "Several filters"): the order the driver gives them
 * is kept in `position` (0 first; the first is the one the dashboard shows and edits), instead of
 * following creation time, so a driver can move a filter up or down. Existing filters keep the
 * order they had (creation time, then id).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('filters')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update filters set position = ordered.position
    from (select id, (row_number() over (partition by user_id order by created_at, id) - 1)::integer as position from filters) as ordered
    where filters.id = ordered.id
  `.execute(db);
  await db.schema.dropIndex('filters_user').execute();
  await db.schema.createIndex('filters_user_position').on('filters').columns(['user_id', 'position']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('filters_user_position').execute();
  await db.schema.createIndex('filters_user').on('filters').columns(['user_id', 'created_at']).execute();
  await db.schema.alterTable('filters').dropColumn('position').execute();
}
