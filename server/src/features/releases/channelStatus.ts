/**
 * What a channel serves (docs/RELEASES.md "Model", "Canary"): its revision, and for each remote
 * its stable release, its canary with the canary's schedule when it has one, and the revision of
 * the remote's own last move, which a move of that remote compares with (channelMoves.ts).
 */
import { healthyLoadsSince, holdEndsAt, type CanarySchedule } from './canarySteps.js';
import type { Db } from './releaseRecords.js';

export interface ChannelCanary {
  id: string;
  version: string;
  percent: number;
  users: string[];
  /** Its steps when it follows a schedule, else null. */
  schedule: CanarySchedule | null;
}

export interface ChannelEntry {
  remote: string;
  /** The channel revision of this remote's last move here; the revision a move of it may send as `expectedRevision`. */
  revision: number;
  release: { id: string; version: string };
  canary: ChannelCanary | null;
}

export interface ChannelStatus {
  name: string;
  /** Bumped by every move of any remote on the channel. */
  revision: number;
  updatedAt: string;
  entries: ChannelEntry[];
}

/** The channel `name` as it is now (as `executor` sees it), or null when nothing was ever moved there. */
export async function readChannelStatus(executor: Db, name: string): Promise<ChannelStatus | null> {
  const channel = await executor.selectFrom('release_channels').selectAll().where('name', '=', name).executeTakeFirst();
  if (!channel) return null;
  const rows = await executor
    .selectFrom('release_channel_entries as e')
    .innerJoin('releases as stable', 'stable.id', 'e.release_id')
    .leftJoin('releases as canary', 'canary.id', 'e.canary_release_id')
    .select([
      'e.remote',
      'e.revision',
      'e.release_id',
      'stable.version as stable_version',
      'e.canary_release_id',
      'canary.version as canary_version',
      'e.canary_percent',
      'e.canary_users',
      'e.canary_steps',
      'e.canary_step',
      'e.canary_step_started_at',
      'e.canary_hold_seconds',
      'e.canary_min_healthy_loads',
    ])
    .where('e.channel', '=', name)
    .orderBy('e.remote')
    .execute();
  const entries: ChannelEntry[] = [];
  for (const row of rows) {
    let canary: ChannelCanary | null = null;
    if (row.canary_release_id && row.canary_version) {
      let schedule: CanarySchedule | null = null;
      if (row.canary_steps && row.canary_step !== null && row.canary_step_started_at && row.canary_hold_seconds !== null && row.canary_min_healthy_loads !== null) {
        const state = {
          steps: row.canary_steps,
          stepIndex: row.canary_step,
          stepStartedAt: new Date(row.canary_step_started_at),
          holdSeconds: row.canary_hold_seconds,
          minHealthyLoads: row.canary_min_healthy_loads,
        };
        schedule = {
          ...state,
          stepStartedAt: state.stepStartedAt.toISOString(),
          nextStepAt: holdEndsAt(state).toISOString(),
          healthyLoads: await healthyLoadsSince(executor, name, row.canary_release_id, state.stepStartedAt),
        };
      }
      canary = { id: row.canary_release_id, version: row.canary_version, percent: row.canary_percent ?? 0, users: row.canary_users, schedule };
    }
    entries.push({ remote: row.remote, revision: row.revision, release: { id: row.release_id, version: row.stable_version }, canary });
  }
  return { name, revision: channel.revision, updatedAt: new Date(channel.updated_at).toISOString(), entries };
}

/** Every channel, by name. */
export async function readAllChannels(db: Db): Promise<ChannelStatus[]> {
  const names = await db.selectFrom('release_channels').select('name').orderBy('name').execute();
  const channels: ChannelStatus[] = [];
  for (const { name } of names) channels.push((await readChannelStatus(db, name))!);
  return channels;
}
