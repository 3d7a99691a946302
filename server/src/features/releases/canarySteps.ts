/**
 * A stepped canary (docs/RELEASES.md "Canary"): the percentages it widens through, ascending to
 * 100, each held for at least a time AND until a number of signed-in users loaded it healthily
 * during that step, and only while the canary guard judges its votes healthy. The last step, 100,
 * promotes it to stable. What the promote body may say, what a schedule looks like in `status`,
 * and the decision at each step; the server's sweep that acts on it is canarySchedule.ts.
 */
import type { FieldRules } from '../../http/fieldRules.js';
import { isRecord } from '../../http/fieldRules.js';
import type { FieldWords } from '../../domain/errors.js';
import type { CanaryVerdict } from './canary.js';
import type { Db } from './releaseRecords.js';

/** A schedule as the promote body gives it. */
export interface CanaryScheduleInput {
  /** Percentages, strictly ascending, ending at 100. */
  steps: number[];
  /** How long each step is held at least. */
  holdSeconds: number;
  /** Healthy loads (distinct signed-in users) each step needs before the next. */
  minHealthyLoads: number;
}

/** A running schedule as `status` shows it (docs/RELEASES.md "Canary"). */
export interface CanarySchedule extends CanaryScheduleInput {
  /** Index in `steps` of the step the canary is at. */
  stepIndex: number;
  /** When this step began. */
  stepStartedAt: string;
  /** The earliest time of the next step: when this step's hold ends (it also waits for the loads and the guard). */
  nextStepAt: string;
  /** Users whose browsers loaded it healthily since this step began. */
  healthyLoads: number;
}

/** Where a running schedule is, as the database keeps it. */
export interface ScheduleState extends CanaryScheduleInput {
  stepIndex: number;
  stepStartedAt: Date;
}

/** The next move of a schedule: none yet, the next percentage, or stable for everyone. */
export type StepDecision = { kind: 'hold' } | { kind: 'widen'; stepIndex: number; percent: number } | { kind: 'promote' };

/** When this step's hold ends. */
export const holdEndsAt = (state: ScheduleState): Date => new Date(state.stepStartedAt.getTime() + state.holdSeconds * 1000);

/**
 * The schedule's move now: the next step once the hold is over, this step has its healthy loads,
 * and the guard's verdict on every vote so far is `healthy` (never while it is `waiting` for
 * enough users to judge, or `failing`, which the guard rolls back).
 */
export function nextStep(state: ScheduleState, now: Date, healthyLoads: number, verdict: CanaryVerdict): StepDecision {
  if (now < holdEndsAt(state) || healthyLoads < state.minHealthyLoads || verdict !== 'healthy') return { kind: 'hold' };
  const stepIndex = state.stepIndex + 1;
  const percent = state.steps[stepIndex] ?? 100;
  return percent >= 100 ? { kind: 'promote' } : { kind: 'widen', stepIndex, percent };
}

/** Users whose vote on `releaseId` on `channel` is healthy and was cast at `since` or later. */
export async function healthyLoadsSince(executor: Db, channel: string, releaseId: string, since: Date): Promise<number> {
  const row = await executor
    .selectFrom('release_load_votes')
    .select((eb) => eb.fn.countAll<string>().as('healthy'))
    .where('channel', '=', channel)
    .where('release_id', '=', releaseId)
    .where('failed', '=', false)
    .where('voted_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.healthy);
}

const ascendsTo100 = (steps: unknown[]) => steps.length >= 2 && steps.at(-1) === 100 && steps.every((step, i) => i === 0 || Number(step) > Number(steps[i - 1]));

/**
 * The promote body's rules across fields (http/fieldRules.ts): steps ascend to 100 and come with
 * a hold and a number of loads, and not with a percentage (the first step is the percentage).
 */
export const canaryScheduleRules: FieldRules = (body) => {
  if (!isRecord(body)) return {};
  const { steps, percent, holdSeconds, minHealthyLoads } = body;
  const errors: FieldWords = {};
  if (steps === undefined) {
    if (holdSeconds !== undefined) errors.holdSeconds = 'api.release.onlyWithSteps';
    if (minHealthyLoads !== undefined) errors.minHealthyLoads = 'api.release.onlyWithSteps';
    return errors;
  }
  if (Array.isArray(steps) && steps.every((step) => typeof step === 'number') && !ascendsTo100(steps)) errors.steps = 'api.release.stepsAscendTo100';
  if (percent !== undefined) errors.percent = 'api.release.percentOrSteps';
  if (holdSeconds === undefined) errors.holdSeconds = 'api.field.required';
  if (minHealthyLoads === undefined) errors.minHealthyLoads = 'api.field.required';
  return errors;
};
