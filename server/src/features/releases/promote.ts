/**
 * Promote (docs/RELEASES.md "Moves: promote, rollback, compare-and-swap", "Canary"): a release
 * becomes a remote's stable release on a channel (its canary, if any, ends), or its canary beside
 * the stable one: for a share of signed-in users, named users, or a schedule of steps
 * (canarySteps.ts). Its files are checked first, then the gate, then the move commits.
 */
import type { CanaryScheduleInput } from './canarySteps.js';
import { NO_CANARY, type ChannelMoveResult, type EntryWrite, type MoveContext, type MoveFrame } from './channelMoves.js';
import { releaseErrors } from './errors.js';
import type { DeployActor } from './releaseRecords.js';

export interface PromoteInput {
  remote: string;
  version: string;
  /** Refuse (409) when the remote moved on the channel after this revision. */
  expectedRevision?: number | undefined;
  /** Under 100 (or with users): a canary beside the stable release. */
  percent?: number | undefined;
  users?: string[] | undefined;
  /** A stepped canary: the percentages it widens through, ending at 100 (its first step is its percentage). */
  steps?: number[] | undefined;
  holdSeconds?: number | undefined;
  minHealthyLoads?: number | undefined;
  force?: boolean | undefined;
  reason?: string | undefined;
}

/** The schedule a promote asks for, when it gives steps (the route's rules saw that the rest comes with them). */
function scheduleOf({ steps, holdSeconds, minHealthyLoads }: PromoteInput): CanaryScheduleInput | null {
  return steps ? { steps, holdSeconds: holdSeconds ?? 0, minHealthyLoads: minHealthyLoads ?? 0 } : null;
}

/**
 * Promotes `input.version` of `input.remote` on `channelName`. `stillWanted`, run inside the
 * move's transaction before the gate, may refuse the move (the schedule checks there that its
 * step is still due).
 */
export async function promote(
  frame: MoveFrame,
  actor: DeployActor,
  channelName: string,
  input: PromoteInput,
  stillWanted?: (context: MoveContext) => Promise<void>,
): Promise<ChannelMoveResult> {
  // What the caller read: sent, or the channel as this request found it.
  const basis = input.expectedRevision ?? (await frame.revisionNow(channelName));
  const release = await frame.findRelease(input.remote, input.version);
  await frame.checkFiles(actor, channelName, release, 'promote');
  const users = input.users ?? [];
  const schedule = scheduleOf(input);
  const isCanary = (input.percent !== undefined && input.percent < 100) || users.length > 0 || schedule !== null;
  return frame.onChannel(channelName, input.remote, basis, async (context) => {
    const current = context.entry;
    const base = { channel: channelName, remote: input.remote, version: release.version, fromVersion: current?.release.version ?? null };
    if (!isCanary && current?.release.id === release.id && !current.canary)
      return { ...base, revision: context.channel.revision, action: 'unchanged', forced: false, mismatches: [] };
    if (isCanary && !current)
      throw releaseErrors.invalidBuild({ [schedule ? 'steps' : 'percent']: { key: 'api.release.noLiveReleaseYet', values: { remote: input.remote, channel: channelName } } });
    if (isCanary && current?.release.id === release.id)
      throw releaseErrors.invalidBuild({ version: { key: 'api.release.alreadyStable', values: { version: release.version, remote: input.remote, channel: channelName } } });
    await stillWanted?.(context);
    const mismatches = await context.gate(release, { actor, action: 'promote', force: input.force });
    const write: EntryWrite = isCanary
      ? {
          canary_release_id: release.id,
          canary_percent: schedule ? schedule.steps[0]! : (input.percent ?? 0),
          canary_users: users,
          canary_steps: schedule?.steps ?? null,
          canary_step: schedule ? 0 : null,
          canary_step_started_at: schedule ? frame.clock.now() : null,
          canary_hold_seconds: schedule?.holdSeconds ?? null,
          canary_min_healthy_loads: schedule?.minHealthyLoads ?? null,
        }
      : { release_id: release.id, ...NO_CANARY };
    const revision = await context.commit(write);
    const action = isCanary ? 'canary' : 'promote';
    await frame.audit(context.trx, {
      actor: actor.name,
      action,
      channel: channelName,
      remote: input.remote,
      fromReleaseId: current?.release.id ?? null,
      toReleaseId: release.id,
      revision,
      reason: input.reason ?? null,
      forced: mismatches.length > 0,
      detail: { version: release.version, mismatches, ...(isCanary ? { percent: write.canary_percent, users, ...(schedule ? { schedule } : {}) } : {}) },
    });
    return { ...base, revision, action, forced: mismatches.length > 0, mismatches };
  });
}
