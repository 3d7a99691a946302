/**
 * Rollback (docs/RELEASES.md "Moves: promote, rollback, compare-and-swap"): ends the remote's
 * canary when one runs (its schedule with it); otherwise returns the remote to the release live
 * before the current one was promoted (history.ts), through the gate. A rollback does not wait
 * on the store or on another host: it is how a broken release is taken off.
 */
import { NO_CANARY, type ChannelMoveResult, type MoveFrame } from './channelMoves.js';
import { releaseErrors } from './errors.js';
import { rollbackTarget } from './history.js';
import type { DeployActor } from './releaseRecords.js';

export interface RollbackInput {
  remote: string;
  /** Refuse (409) when the remote moved on the channel after this revision. */
  expectedRevision?: number | undefined;
  force?: boolean | undefined;
  reason?: string | undefined;
  /**
   * Only end this canary. Without `expectedRevision` that is the whole condition: the canary
   * guard and the schedule end the canary they judged, whatever else moved meanwhile.
   */
  onlyCanary?: string | undefined;
}

export async function rollback(frame: MoveFrame, actor: DeployActor, channelName: string, input: RollbackInput): Promise<ChannelMoveResult> {
  const basis = input.expectedRevision ?? (input.onlyCanary ? null : await frame.revisionNow(channelName));
  return frame.onChannel(channelName, input.remote, basis, async ({ trx, entry: current, commit, gate }) => {
    if (!current || (input.onlyCanary && current.canary?.id !== input.onlyCanary)) throw releaseErrors.nothingToRollBack(channelName, input.remote);
    if (current.canary) {
      // The newest change is the canary: rolling back ends it, the stable release stays.
      const revision = await commit(NO_CANARY);
      await frame.audit(trx, {
        actor: actor.name,
        action: 'canary-rollback',
        channel: channelName,
        remote: input.remote,
        fromReleaseId: current.canary.id,
        toReleaseId: current.release.id,
        revision,
        reason: input.reason ?? null,
        detail: { version: current.release.version, ...(current.canary.schedule ? { percent: current.canary.percent, step: current.canary.schedule.stepIndex } : {}) },
      });
      return {
        channel: channelName,
        remote: input.remote,
        revision,
        action: 'canary-rollback',
        version: current.release.version,
        fromVersion: current.canary.version,
        forced: false,
        mismatches: [],
      };
    }
    const moves = await trx
      .selectFrom('release_audit')
      .select(['action', 'to_release_id'])
      .where('channel', '=', channelName)
      .where('remote', '=', input.remote)
      .where('action', 'in', ['promote', 'rollback'])
      .orderBy('id')
      .execute();
    const targetId = rollbackTarget(moves.map((m) => ({ action: m.action, toReleaseId: m.to_release_id })));
    if (!targetId) throw releaseErrors.nothingToRollBack(channelName, input.remote);
    const target = await frame.releaseById(trx, targetId);
    const mismatches = await gate(target, { actor, action: 'rollback', force: input.force });
    const revision = await commit({ release_id: target.id });
    await frame.audit(trx, {
      actor: actor.name,
      action: 'rollback',
      channel: channelName,
      remote: input.remote,
      fromReleaseId: current.release.id,
      toReleaseId: target.id,
      revision,
      reason: input.reason ?? null,
      forced: mismatches.length > 0,
      detail: { version: target.version, mismatches },
    });
    return {
      channel: channelName,
      remote: input.remote,
      revision,
      action: 'rollback',
      version: target.version,
      fromVersion: current.release.version,
      forced: mismatches.length > 0,
      mismatches,
    };
  });
}
