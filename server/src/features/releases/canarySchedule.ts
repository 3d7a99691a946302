/**
 * The server's side of a stepped canary (docs/RELEASES.md "Canary"): every API instance sweeps
 * the scheduled canaries every {@link CANARY_SCHEDULE_SWEEP_MS} and moves each whose step is due
 * (canarySteps.ts decides) to its next percentage, or, at 100, promotes it to stable; actor
 * `canary-schedule`, each step audited.
 *
 * - Safe with several instances: a step is a channel move like any other, compared with the
 *   remote's revision the sweep read (channelMoves.ts), so when two instances take the same step
 *   one wins and the other's is refused and dropped. Inside the move's transaction the decision is
 *   taken again on the votes as they are then, so a failing vote that came in meanwhile holds the step.
 * - A failing canary is rolled back by the canary guard at the vote that tips it, whatever its
 *   step (loadReports.ts); the schedule only never widens one the guard does not judge healthy.
 * - A step whose release may no longer go live (its files changed; at 100, also the gate, which
 *   promote runs) ends the canary instead, with the refusal as reason.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DomainError } from '../../domain/errors.js';
import { canaryVerdict, type CanaryCounts, type CanaryPolicy } from './canary.js';
import { healthyLoadsSince, holdEndsAt, nextStep, type ScheduleState } from './canarySteps.js';
import type { ChannelMoveResult, MoveFrame } from './channelMoves.js';
import { RELEASE_ERROR_CODES } from './errors.js';
import { promote } from './promote.js';
import type { Db, DeployActor, ReleaseRow } from './releaseRecords.js';
import { rollback } from './rollback.js';

/** Who the schedule's moves are recorded as. */
export const SCHEDULE_ACTOR: DeployActor = { name: 'canary-schedule', scope: '*' };
/** How often each instance looks for a step that is due. */
export const CANARY_SCHEDULE_SWEEP_MS = 15_000;

/** Refusals of the release itself: the canary cannot go on, so the schedule ends it. */
const HALTING: ReadonlySet<string> = new Set([RELEASE_ERROR_CODES.filesChanged, RELEASE_ERROR_CODES.hostedChanged, RELEASE_ERROR_CODES.gateRefused]);

export interface ScheduleDependencies {
  frame: MoveFrame;
  policy: CanaryPolicy;
  /** The canary guard's counts of a release's votes on a channel (loadReports.ts), as `executor` sees them. */
  health(executor: Db, channel: string, releaseId: string): Promise<CanaryCounts>;
}

/** A scheduled canary as the sweep read it. */
interface ScheduledCanary {
  channel: string;
  remote: string;
  /** The remote's revision when read: the step is refused if anything moved it since. */
  revision: number;
  canaryId: string;
  state: ScheduleState;
}

/** Thrown inside a step's transaction when the step is no longer due there. */
class StepNotDue extends Error {}

export function createCanarySchedule({ frame, policy, health }: ScheduleDependencies) {
  async function scheduled(): Promise<ScheduledCanary[]> {
    const rows = await frame.db
      .selectFrom('release_channel_entries')
      .select(['channel', 'remote', 'revision', 'canary_release_id', 'canary_steps', 'canary_step', 'canary_step_started_at', 'canary_hold_seconds', 'canary_min_healthy_loads'])
      .where('canary_steps', 'is not', null)
      .orderBy('channel')
      .orderBy('remote')
      .execute();
    return rows.map((row) => ({
      channel: row.channel,
      remote: row.remote,
      revision: row.revision,
      canaryId: row.canary_release_id!,
      state: {
        steps: row.canary_steps!,
        stepIndex: row.canary_step!,
        stepStartedAt: new Date(row.canary_step_started_at!),
        holdSeconds: row.canary_hold_seconds!,
        minHealthyLoads: row.canary_min_healthy_loads!,
      },
    }));
  }

  /** The schedule's decision on the votes as `executor` sees them, with the counts it took. */
  async function decide(executor: Db, canary: ScheduledCanary) {
    const counts = await health(executor, canary.channel, canary.canaryId);
    const healthyLoads = await healthyLoadsSince(executor, canary.channel, canary.canaryId, canary.state.stepStartedAt);
    return { decision: nextStep(canary.state, frame.clock.now(), healthyLoads, canaryVerdict(counts, policy)), healthyLoads, counts };
  }

  const stepWords = (canary: ScheduledCanary, healthyLoads: number) =>
    `${healthyLoads} healthy loads at ${canary.state.steps[canary.state.stepIndex]}% (step ${canary.state.stepIndex + 1} of ${canary.state.steps.length})`;

  async function widen(canary: ScheduledCanary, release: ReleaseRow): Promise<ChannelMoveResult> {
    await frame.checkFiles(SCHEDULE_ACTOR, canary.channel, release, 'promote');
    return frame.onChannel(canary.channel, canary.remote, canary.revision, async ({ trx, entry, commit }) => {
      const { decision, healthyLoads, counts } = await decide(trx, canary);
      if (decision.kind !== 'widen' || !entry) throw new StepNotDue();
      const revision = await commit({ canary_percent: decision.percent, canary_step: decision.stepIndex, canary_step_started_at: frame.clock.now() });
      await frame.audit(trx, {
        actor: SCHEDULE_ACTOR.name,
        action: 'canary-step',
        channel: canary.channel,
        remote: canary.remote,
        fromReleaseId: entry.release.id,
        toReleaseId: release.id,
        revision,
        reason: `widened to ${decision.percent}% after ${stepWords(canary, healthyLoads)}`,
        detail: { version: release.version, percent: decision.percent, step: decision.stepIndex, steps: canary.state.steps, healthyLoads, health: counts },
      });
      return {
        channel: canary.channel,
        remote: canary.remote,
        revision,
        action: 'canary-step',
        version: release.version,
        fromVersion: entry.release.version,
        forced: false,
        mismatches: [],
      };
    });
  }

  /** The last step: the canary becomes the stable release, through promote (files, gate, history). */
  function promoteToStable(canary: ScheduledCanary, release: ReleaseRow, healthyLoads: number): Promise<ChannelMoveResult> {
    return promote(
      frame,
      SCHEDULE_ACTOR,
      canary.channel,
      {
        remote: canary.remote,
        version: release.version,
        expectedRevision: canary.revision,
        reason: `promoted at the end of its schedule after ${stepWords(canary, healthyLoads)}`,
      },
      async ({ trx, entry }) => {
        if (entry?.canary?.id !== canary.canaryId || (await decide(trx, canary)).decision.kind !== 'promote') throw new StepNotDue();
      },
    );
  }

  /** Takes the canary's next step when it is due; null when it is not, or another move came first. */
  async function advance(canary: ScheduledCanary): Promise<ChannelMoveResult | null> {
    const { decision, healthyLoads } = await decide(frame.db, canary);
    if (decision.kind === 'hold') return null;
    const release = await frame.releaseById(frame.db, canary.canaryId);
    try {
      return decision.kind === 'promote' ? await promoteToStable(canary, release, healthyLoads) : await widen(canary, release);
    } catch (error) {
      if (error instanceof DomainError && HALTING.has(error.code)) {
        const reason = `the schedule stopped at ${canary.state.steps[canary.state.stepIndex]}%: ${error.message}`;
        return rollback(frame, SCHEDULE_ACTOR, canary.channel, { remote: canary.remote, onlyCanary: canary.canaryId, reason }).catch(droppedIfRefused);
      }
      // Another instance took the step, a person or the guard moved the remote, or a vote held it: the next sweep reads again.
      if (error instanceof StepNotDue) return null;
      return droppedIfRefused(error);
    }
  }

  /**
   * Moves every scheduled canary whose step is due, on every channel; what moved. Every instance
   * may run it at once (see the file's comment).
   */
  async function advanceDue(): Promise<ChannelMoveResult[]> {
    const moves: ChannelMoveResult[] = [];
    for (const canary of await scheduled()) {
      if (frame.clock.now() < holdEndsAt(canary.state)) continue;
      const move = await advance(canary);
      if (move) moves.push(move);
    }
    return moves;
  }

  return { advanceDue };
}

/** A refusal (another move came first) means there is nothing to do; anything else is a fault. */
function droppedIfRefused(error: unknown): null {
  if (error instanceof DomainError) return null;
  throw error;
}

/**
 * Runs `advanceDue` every `intervalMs` on this instance, one sweep at a time, logging each move;
 * returns how to stop (waiting for a sweep under way).
 */
export function runCanarySchedules(advanceDue: () => Promise<ChannelMoveResult[]>, log: FastifyBaseLogger, intervalMs = CANARY_SCHEDULE_SWEEP_MS): () => Promise<void> {
  let running: Promise<void> | null = null;
  const sweep = async () => {
    try {
      for (const move of await advanceDue()) {
        if (move.action === 'canary-rollback') log.error({ move }, 'canary schedule: a step could not go live, the canary was ended');
        else log.info({ move }, 'canary schedule: the canary moved to its next step');
      }
    } catch (error) {
      log.error({ err: error }, 'canary schedule: the sweep failed');
    }
  };
  const timer = setInterval(() => {
    running ??= sweep().finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
