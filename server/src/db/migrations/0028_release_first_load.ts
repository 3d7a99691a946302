/**
 * Each release's first load (docs/RELEASES.md "Compatibility gate"): the gzipped bytes of its remote
 * entry and of the scripts its `./App` expose loads before it runs, measured when it is published.
 * The gate refuses a release that outgrows the one it would replace by more than
 * RELEASE_BUDGET_GROWTH_BYTES. Releases published before this migration were not measured: null,
 * and the budget does not compare them.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('releases').addColumn('first_load_bytes', 'integer').execute();
}
