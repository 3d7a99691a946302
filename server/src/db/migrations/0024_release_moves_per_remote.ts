/**
 * Channel moves per remote (docs/RELEASES.md "Moves: promote, rollback, compare-and-swap", "Canary"):
 *
 * - Each remote on a channel keeps the channel revision of its own last move. A move compares the
 *   revision its caller read with that one, so moves of two remotes no longer refuse each other,
 *   while two moves of one remote from the same reading cannot both win. Existing entries take
 *   their channel's revision now: a caller that read before this migration is refused rather than
 *   allowed to overwrite a move it never saw.
 * - A canary may follow a schedule of steps: the percentages it widens through, how long each is
 *   held at least and how many healthy loads each needs; `canary_step` is the step it is at and
 *   `canary_step_started_at` when that step began. All null when the canary has no schedule.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('release_channel_entries')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('canary_steps', sql`integer[]`)
    .addColumn('canary_step', 'integer')
    .addColumn('canary_step_started_at', 'timestamptz')
    .addColumn('canary_hold_seconds', 'integer')
    .addColumn('canary_min_healthy_loads', 'integer')
    .execute();
  await sql`update release_channel_entries e set revision = c.revision from release_channels c where c.name = e.channel`.execute(db);
  await sql`alter table release_channel_entries add constraint release_channel_entries_schedule check (
    canary_steps is null or (canary_release_id is not null and canary_step is not null and canary_step_started_at is not null
      and canary_hold_seconds is not null and canary_min_healthy_loads is not null))`.execute(db);
}
