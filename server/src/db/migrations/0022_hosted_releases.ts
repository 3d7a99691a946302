/**
 * Releases hosted elsewhere (docs/RELEASES.md "Releases hosted elsewhere"): a release may be a
 * build another origin serves, registered by the URL of its mf-manifest.json. Its files are not
 * kept here; release_files records the integrity of its manifest and remote entry as they were
 * when it was registered, and a promote checks that the host still serves exactly those.
 * Releases uploaded before this migration are stored ones: their hosted_url is null.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('releases').addColumn('hosted_url', 'text').execute();
}
