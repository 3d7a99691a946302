/**
 * How a channel moves (docs/RELEASES.md "Moves: promote, rollback, compare-and-swap"): what
 * promote.ts, rollback.ts and canarySchedule.ts share.
 *
 * - Compare-and-swap per remote. Each remote's entry keeps the channel revision of its own last
 *   move. A move names the revision its caller read (`expectedRevision`, else the channel's
 *   revision when the request arrived) and is refused, 409 with what is live now, when that
 *   remote moved after it. Two teams moving different remotes never refuse each other; two moves
 *   of one remote from the same reading never both win.
 * - One move of a channel at a time. Each move's transaction locks its channel's row first
 *   (`select ... for update`), on every API instance, so the gate reads the other remotes as they
 *   are when the move commits: two remotes that each fit what is live, but not each other, cannot
 *   both go live at once. The lock is held for a handful of statements: the release's files are
 *   checked before it is taken.
 * - Before a release goes live its files are checked where they are kept (storedFilesCheck.ts) or
 *   on their host; a refusal is audited (`promote-refused`) outside the move's transaction.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Updateable } from 'kysely';
import { REMOTE_APP_EXPOSE } from '@blockpilot/shared/constants';
import type { ReleaseFileStore } from '../../adapters/releaseStore/fileStore.js';
import type { Clock } from '../../clock.js';
import type { ReleaseChannelEntryTable, ReleaseSharedModule } from '../../db/schema.js';
import { MANIFEST_FILE } from './build.js';
import { readChannelStatus, type ChannelEntry, type ChannelStatus } from './channelStatus.js';
import { releaseErrors } from './errors.js';
import { firstLoadBudget } from './budget.js';
import { checkCompatibility, requiredSingletons, type GateParty, type Mismatch } from './gate.js';
import { findRelease, RELEASE_COLUMNS, recordReleaseAudit, type Db, type DeployActor, type ReleaseAuditRecord, type ReleaseRow, type Trx } from './releaseRecords.js';
import { changedStoredFiles } from './storedFilesCheck.js';

/** What a move did; `unchanged` moved nothing. */
export type MoveAction = 'promote' | 'canary' | 'canary-step' | 'rollback' | 'canary-rollback' | 'unchanged';

export interface ChannelMoveResult {
  channel: string;
  /** The channel's revision after the move (the remote's own revision is this one too). */
  revision: number;
  remote: string;
  action: MoveAction;
  version: string;
  fromVersion: string | null;
  forced: boolean;
  mismatches: Mismatch[];
}

/** The columns of a remote's entry a move writes; its `revision` is the move's own. */
export type EntryWrite = Omit<Updateable<ReleaseChannelEntryTable>, 'channel' | 'remote' | 'revision'>;

/** An entry with no canary (and so no canary schedule). */
export const NO_CANARY = {
  canary_release_id: null,
  canary_percent: null,
  canary_users: [] as string[],
  canary_steps: null,
  canary_step: null,
  canary_step_started_at: null,
  canary_hold_seconds: null,
  canary_min_healthy_loads: null,
} satisfies EntryWrite;

/** What a move of one remote sees and may do inside its channel's transaction. */
export interface MoveContext {
  trx: Trx;
  channel: ChannelStatus;
  /** The remote's entry as the move found it; null when the channel never served the remote. */
  entry: ChannelEntry | null;
  /** Bumps the channel's revision and writes the remote's entry with it; the new revision. */
  commit(write: EntryWrite): Promise<number>;
  /**
   * The gate's verdict on `release` going live beside every other remote live on the channel
   * (and the shell): its mismatches when `force` overrides them; else a refusal, audited as
   * `<action>-refused` once the move's transaction has rolled back.
   */
  gate(release: ReleaseRow, refusal: { actor: DeployActor; action: string; force: boolean | undefined }): Promise<Mismatch[]>;
}

export interface MoveDependencies {
  db: Db;
  clock: Clock;
  /** The store uploaded releases' files are kept in. */
  files: ReleaseFileStore;
  /** Folder of the shell's build, whose mf-manifest.json holds the shell's shared requirements. */
  shellDir: string;
  /** RELEASE_BUDGET_GROWTH_BYTES: how much more a promoted release's first load may be than the one it replaces (budget.ts). */
  budgetGrowthBytes: number;
  /** Null when the host of a hosted release still serves the files registered, else what differs. */
  hostedDrift(release: ReleaseRow): Promise<string | null>;
  /** Told of each move once it is committed. */
  moved(move: { channel: string; remote: string }): void;
}

export function createMoveFrame(deps: MoveDependencies) {
  const { db, clock } = deps;
  const audit = (executor: Db, record: ReleaseAuditRecord) => recordReleaseAudit(executor, clock.now(), record);

  /** The channel's revision now (0 for a channel never moved): what a caller that sent none is taken to have read. */
  async function revisionNow(channel: string): Promise<number> {
    const row = await db.selectFrom('release_channels').select('revision').where('name', '=', channel).executeTakeFirst();
    return row?.revision ?? 0;
  }

  async function shellParty(): Promise<GateParty | null> {
    try {
      const manifest = JSON.parse(await readFile(path.join(deps.shellDir, MANIFEST_FILE), 'utf8')) as { shared?: ReleaseSharedModule[] };
      return { label: 'shell', shared: (manifest.shared ?? []).map(({ name, version, requiredVersion }) => ({ name, version, requiredVersion: requiredVersion ?? '' })) };
    } catch {
      // No shell build beside this server (an API-only instance): the live remotes still gate.
      return null;
    }
  }

  /** The shell and every release live on the channel for another remote (stable and canary). */
  async function partiesFor(trx: Trx, channel: ChannelStatus, remote: string, shell: GateParty | null): Promise<GateParty[]> {
    const ids = channel.entries.filter((e) => e.remote !== remote).flatMap((e) => [e.release.id, ...(e.canary ? [e.canary.id] : [])]);
    const live = ids.length ? await trx.selectFrom('releases').select(['remote', 'version', 'shared']).where('id', 'in', ids).execute() : [];
    return [...(shell ? [shell] : []), ...live.map((r) => ({ label: `${r.remote}@${r.version}`, shared: r.shared }))];
  }

  /**
   * Runs `move` of `remote` in a transaction holding the channel's row, once the remote is known
   * not to have moved after `basis` (null: no comparison, for a move conditional on something
   * else, such as ending one given canary). Move listeners hear of it once it is committed.
   */
  async function onChannel(name: string, remote: string, basis: number | null, move: (context: MoveContext) => Promise<ChannelMoveResult>): Promise<ChannelMoveResult> {
    const shell = await shellParty();
    // Refusals of the gate, written once the move's transaction has rolled back.
    const refusals: ReleaseAuditRecord[] = [];
    try {
      const result = await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('release_channels')
          .values({ name })
          .onConflict((oc) => oc.column('name').doNothing())
          .execute();
        // One move of this channel at a time, on every instance (docs/RELEASES.md "Moves: promote, rollback, compare-and-swap").
        const locked = await trx.selectFrom('release_channels').select('revision').where('name', '=', name).forUpdate().executeTakeFirstOrThrow();
        const channel = (await readChannelStatus(trx, name))!;
        const entry = channel.entries.find((e) => e.remote === remote) ?? null;
        if (basis !== null && basis > locked.revision) throw releaseErrors.revisionConflict(name, locked.revision);
        if (basis !== null && entry && entry.revision > basis) throw releaseErrors.revisionConflict(name, locked.revision, { remote, expected: basis, live: entry });
        const revision = locked.revision + 1;
        return move({
          trx,
          channel,
          entry,
          async commit(write) {
            await trx.updateTable('release_channels').set({ revision, updated_at: clock.now() }).where('name', '=', name).execute();
            // The swap itself is conditional too, should anything write an entry without the lock.
            const written = entry
              ? await trx
                  .updateTable('release_channel_entries')
                  .set({ ...write, revision })
                  .where('channel', '=', name)
                  .where('remote', '=', remote)
                  .where('revision', '=', entry.revision)
                  .returning('remote')
                  .executeTakeFirst()
              : await trx
                  .insertInto('release_channel_entries')
                  .values({ ...NO_CANARY, ...write, release_id: write.release_id!, channel: name, remote, revision })
                  .onConflict((oc) => oc.columns(['channel', 'remote']).doNothing())
                  .returning('remote')
                  .executeTakeFirst();
            if (!written) throw releaseErrors.revisionConflict(name, locked.revision);
            return revision;
          },
          async gate(release, { actor, action, force }) {
            const mismatches = checkCompatibility({
              candidate: { label: `${release.remote}@${release.version}`, shared: release.shared, exposes: release.exposes },
              parties: await partiesFor(trx, channel, remote, shell),
              consumedExposes: [REMOTE_APP_EXPOSE],
              singletons: requiredSingletons(shell),
              // A rollback returns to a release the channel ran: only a promote is held to the first-load budget.
              budget: action === 'promote' ? await firstLoadBudget(trx, release, entry, deps.budgetGrowthBytes) : null,
            });
            if (mismatches.length && !force) {
              refusals.push({ actor: actor.name, action: `${action}-refused`, channel: name, remote, toReleaseId: release.id, detail: { version: release.version, mismatches } });
              throw releaseErrors.gateRefused(mismatches);
            }
            return mismatches;
          },
        });
      });
      if (result.action !== 'unchanged') deps.moved({ channel: name, remote });
      return result;
    } catch (error) {
      for (const refusal of refusals) await audit(db, refusal);
      throw error;
    }
  }

  /**
   * Refuses, and audits as `<action>-refused`, a release whose files are not as recorded: an
   * uploaded one's in the store, a hosted one's on its host (docs/RELEASES.md "Releases hosted elsewhere").
   */
  async function checkFiles(actor: DeployActor, channel: string, release: ReleaseRow, action: string): Promise<void> {
    const refuse = async (detail: Record<string, unknown>) =>
      audit(db, { actor: actor.name, action: `${action}-refused`, channel, remote: release.remote, toReleaseId: release.id, detail: { version: release.version, ...detail } });
    if (release.hosted_url) {
      const drift = await deps.hostedDrift(release);
      if (!drift) return;
      await refuse({ hostedChanged: drift });
      throw releaseErrors.hostedChanged(release.hosted_url, drift);
    }
    const changed = await changedStoredFiles(db, deps.files, release.id);
    if (!changed.length) return;
    await refuse({ filesChanged: changed });
    throw releaseErrors.filesChanged(release.remote, release.version, changed);
  }

  return {
    db,
    clock,
    audit,
    revisionNow,
    onChannel,
    checkFiles,
    findRelease: (remote: string, version: string) => findRelease(db, remote, version),
    releaseById: (executor: Db, id: string) => executor.selectFrom('releases').select(RELEASE_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow(),
  };
}

export type MoveFrame = ReturnType<typeof createMoveFrame>;
