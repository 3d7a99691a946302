/**
 * The canary guard (docs/RELEASES.md "Canary"): the votes of signed-in users on the health of a
 * release they were assigned, and the automatic rollback of a canary that fails too often.
 *
 * - A vote counts only with the assignment `/remotes.json` gave that user for that release on this
 *   deployment's channel (loadAssignment.ts): visitors, users outside a canary and preview tabs
 *   cannot vote on it, and a vote on one channel never rolls back another channel's canary.
 * - One vote per user, release and channel: the first verdict, except that a failure replaces a success
 *   (it rendered, then threw on a later screen), never the other way round, so a retry that works
 *   does not hide a crash.
 * - A failure carries the stage (load, render, mount), the error's name and a hash of its stack;
 *   never its message, which may hold a driver's data.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { DatabaseSchema } from '../../db/schema.js';
import type { LoadReportBody } from '@blockpilot/shared/api/schemas';
import type { LoadStage } from '@blockpilot/shared/types';
import { DomainError, validationError } from '../../domain/errors.js';
import type { MessageKey } from '../../domain/translate.js';
import { canaryVerdict, type CanaryCounts, type CanaryPolicy } from './canary.js';
import { releaseErrors } from './errors.js';
import { assignmentHolds, type LoadAssignee } from './loadAssignment.js';
import type { ReleaseRegistry } from './registry.js';

type Db = Kysely<DatabaseSchema>;

/** How a release failed in one browser: no message, only what groups failures without data. */
export interface LoadFailure {
  stage: LoadStage;
  errorName: string;
  stackHash: string | null;
}

/** One browser's report on a release, from a signed-in user, to the deployment serving `channel`. */
export interface LoadVote extends LoadAssignee {
  /** What `/remotes.json` gave this user with the release. */
  assignment: string;
  /** Null: its first render committed. */
  failure: LoadFailure | null;
}

/** A release's votes as `status` shows them and the guard judges them. */
export interface ReleaseHealth extends CanaryCounts {
  lastFailure: (LoadFailure & { at: string }) | null;
}

/** One kind of failure of a release (stage, error name, stack) and how many users had it. */
export interface FailureGroup extends LoadFailure {
  users: number;
}

/** A canary the guard rolled back, as the log and the team's e-mail tell it (teamNotice.ts). */
export interface CanaryRollback {
  channel: string;
  remote: string;
  /** The canary's version, now off the channel. */
  version: string;
  reason: string;
  /** The votes the guard acted on. */
  health: CanaryCounts;
  /** What failed, most users first: error name, stage and stack hash (never a message). */
  failures: FailureGroup[];
}

/**
 * The failure a report describes, or null for a success. A failure names its stage and error; a
 * success names neither (a 400 with the stray or missing fields otherwise).
 */
export function loadFailureOf({ failed, stage, errorName, stackHash }: LoadReportBody): LoadFailure | null {
  const wrong = (fields: Record<string, unknown>, present: boolean, words: MessageKey) => {
    const named = Object.keys(fields).filter((field) => (fields[field] !== undefined) === present);
    if (named.length) throw validationError(Object.fromEntries(named.map((field) => [field, words])));
  };
  if (!failed) {
    wrong({ stage, errorName, stackHash }, true, 'api.release.onlyWithFailure');
    return null;
  }
  wrong({ stage, errorName }, false, 'api.release.failureNeedsIt');
  return { stage: stage!, errorName: errorName!, stackHash: stackHash ?? null };
}

const NO_VOTES: ReleaseHealth = { healthy: 0, failed: 0, users: 0, lastFailure: null };

/** The votes cast on `channel` on each of `releaseIds` (a release nobody voted on has zero counts). */
export async function releaseHealth(db: Db, channel: string, releaseIds: readonly string[]): Promise<Map<string, ReleaseHealth>> {
  const health = new Map(releaseIds.map((id) => [id, NO_VOTES]));
  if (!releaseIds.length) return health;
  const [counts, lastFailures] = await Promise.all([
    db
      .selectFrom('release_load_votes')
      .select((eb) => [
        'release_id',
        eb.fn.countAll<string>().filterWhere('failed', '=', false).as('healthy'),
        eb.fn.countAll<string>().filterWhere('failed', '=', true).as('failed'),
        eb.fn.countAll<string>().as('users'),
      ])
      .where('channel', '=', channel)
      .where('release_id', 'in', releaseIds)
      .groupBy('release_id')
      .execute(),
    db
      .selectFrom('release_load_votes')
      .distinctOn('release_id')
      .select(['release_id', 'stage', 'error_name', 'stack_hash', 'voted_at'])
      .where('channel', '=', channel)
      .where('release_id', 'in', releaseIds)
      .where('failed', '=', true)
      .orderBy('release_id')
      .orderBy('voted_at', 'desc')
      .execute(),
  ]);
  for (const row of counts) health.set(row.release_id, { healthy: Number(row.healthy), failed: Number(row.failed), users: Number(row.users), lastFailure: null });
  for (const row of lastFailures) {
    const last = { stage: row.stage!, errorName: row.error_name!, stackHash: row.stack_hash, at: new Date(row.voted_at).toISOString() };
    health.set(row.release_id, { ...health.get(row.release_id)!, lastFailure: last });
  }
  return health;
}

/** The failures of a release on a channel, most users first: what the team is told. */
export async function failureGroups(db: Db, channel: string, releaseId: string, limit = 5): Promise<FailureGroup[]> {
  const rows = await db
    .selectFrom('release_load_votes')
    .select((eb) => ['stage', 'error_name', 'stack_hash', eb.fn.countAll<string>().as('users')])
    .where('release_id', '=', releaseId)
    .where('channel', '=', channel)
    .where('failed', '=', true)
    .groupBy(['stage', 'error_name', 'stack_hash'])
    .orderBy('users', 'desc')
    .orderBy('error_name')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ stage: row.stage!, errorName: row.error_name!, stackHash: row.stack_hash, users: Number(row.users) }));
}

const STAGE_WORDS: Record<LoadStage, string> = { load: 'while loading', render: 'while rendering', mount: 'while mounting' };

/** One failure group in a sentence, e.g. `TypeError while rendering (stack 3f2a9c01b7d4): 3 users`. */
export function describeFailureGroup({ errorName, stage, stackHash, users }: FailureGroup, hashLength = 12): string {
  return `${errorName} ${STAGE_WORDS[stage]}${stackHash ? ` (stack ${stackHash.slice(0, hashLength)})` : ''}: ${users} user${users === 1 ? '' : 's'}`;
}

/** Every channel's status with each release's health, and the guard's verdict on each canary. */
export async function withReleaseHealth<Channel extends { name: string; entries: Array<{ release: { id: string }; canary: { id: string } | null }> }>(
  db: Db,
  policy: CanaryPolicy,
  channels: Channel[],
) {
  return Promise.all(
    channels.map(async (channel) => {
      const health = await releaseHealth(
        db,
        channel.name,
        channel.entries.flatMap((e) => [e.release.id, ...(e.canary ? [e.canary.id] : [])]),
      );
      const of = (id: string) => health.get(id) ?? NO_VOTES;
      return {
        ...channel,
        entries: channel.entries.map((entry) => ({
          ...entry,
          release: { ...entry.release, health: of(entry.release.id) },
          canary: entry.canary ? { ...entry.canary, health: of(entry.canary.id), verdict: canaryVerdict(of(entry.canary.id), policy) } : null,
        })),
      };
    }),
  );
}

export interface CanaryGuardDependencies {
  db: Db;
  clock: Clock;
  policy: CanaryPolicy;
  /** The key assignments are signed with (the server's link-signing key). */
  assignmentKey: Buffer;
  rollback: ReleaseRegistry['rollback'];
  /** Told of each canary the guard rolled back (the log and the team's e-mail, teamNotice.ts). */
  onRolledBack(event: CanaryRollback): void;
}

export function createCanaryGuard(deps: CanaryGuardDependencies) {
  const { db, policy } = deps;

  /** Records the vote; true when it changed what the guard counts (a new vote, or a failure replacing a success). */
  async function record({ userId, releaseId, channel, failure }: LoadVote): Promise<boolean> {
    const row = {
      release_id: releaseId,
      channel,
      user_id: userId,
      failed: failure !== null,
      stage: failure?.stage ?? null,
      error_name: failure?.errorName ?? null,
      stack_hash: failure?.stackHash ?? null,
      voted_at: deps.clock.now(),
    };
    const changed = await db
      .insertInto('release_load_votes')
      .values(row)
      .onConflict((oc) =>
        failure
          ? oc
              .columns(['release_id', 'channel', 'user_id'])
              .doUpdateSet({ failed: true, stage: row.stage, error_name: row.error_name, stack_hash: row.stack_hash, voted_at: row.voted_at })
              .where('release_load_votes.failed', '=', false)
          : oc.columns(['release_id', 'channel', 'user_id']).doNothing(),
      )
      .returning('failed')
      .executeTakeFirst();
    return changed !== undefined;
  }

  /** Rolls the canary `releaseId` back on `channel` when its votes there say it fails. */
  async function judge(releaseId: string, channel: string): Promise<void> {
    const canary = await db.selectFrom('release_channel_entries').select('remote').where('channel', '=', channel).where('canary_release_id', '=', releaseId).executeTakeFirst();
    if (!canary) return;
    const health = (await releaseHealth(db, channel, [releaseId])).get(releaseId)!;
    if (canaryVerdict(health, policy) !== 'failing') return;
    const failures = await failureGroups(db, channel, releaseId);
    const reason =
      `${health.failed} of ${health.users} users failed to run it (threshold ${Math.round(policy.maxFailureRate * 100)}%): ` +
      failures.map((group) => describeFailureGroup(group)).join('; ');
    const { remote } = canary;
    try {
      const result = await deps.rollback({ name: 'canary-guard', scope: remote }, channel, { remote, reason, onlyCanary: releaseId });
      deps.onRolledBack({ channel, remote, version: result.fromVersion ?? '', reason, health, failures });
    } catch (error) {
      // Another vote (or a person) ended this canary, or moved the channel, first: the next vote judges again.
      if (!(error instanceof DomainError)) throw error;
    }
  }

  /**
   * Counts a browser's report when its assignment holds for this user and release; refuses it
   * (BP_ERR_RELEASE_NOT_ASSIGNED) otherwise, changing nothing.
   */
  async function vote(report: LoadVote): Promise<void> {
    if (!assignmentHolds(deps.assignmentKey, report.assignment, report, deps.clock.now())) throw releaseErrors.notAssigned();
    // A success can tip a canary too: it may be the vote that brings the users up to the minimum.
    if (await record(report)) await judge(report.releaseId, report.channel);
  }

  return { vote };
}

export type CanaryGuard = ReturnType<typeof createCanaryGuard>;
