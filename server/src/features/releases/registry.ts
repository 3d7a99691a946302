/**
 * The release registry (docs/RELEASES.md): publishing immutable releases, moving channels by
 * compare-and-swap on their revision, rollback through the channel's history, canaries (the guard
 * that rolls them back on its own is loadReports.ts), and the append-only audit log. All state is
 * in the database, so every API instance sees a move at once.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import { PRERENDERED_LANDING_PATH, REMOTE_APP_EXPOSE, REMOTES } from '@blockpilot/shared/constants';
import { integrityOf, type ReleaseFileStore } from '../../adapters/releaseStore/fileStore.js';
import type { HostedFileReader } from '../../adapters/releaseStore/hostedFiles.js';
import type { Clock } from '../../clock.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { DatabaseSchema, ReleaseSharedModule } from '../../db/schema.js';
import type { ReleasesConfig } from '../../types.js';
import type { Words } from '../../domain/translate.js';
import { buildDigest, describeBuild, MANIFEST_FILE, remoteEntryPath, type BuildDescription, type BuildFile } from './build.js';
import { releaseErrors } from './errors.js';
import { checkCompatibility, type GateParty, type Mismatch } from './gate.js';
import { rollbackTarget } from './history.js';

type Db = Kysely<DatabaseSchema>;
type Trx = Transaction<DatabaseSchema>;

/** Who is acting: a deploy token's name and the remote it may change (`*`: every remote). */
export interface DeployActor {
  name: string;
  scope: string;
}

export interface RegistryDependencies {
  db: Db;
  files: ReleaseFileStore;
  /** Reads the files of releases hosted elsewhere (RELEASE_HOSTED_ORIGINS only). */
  readHosted: HostedFileReader;
  clock: Clock;
  config: ReleasesConfig;
  /** Folder of the shell's build, whose mf-manifest.json holds the shell's shared requirements. */
  shellDir: string;
}

export interface ReleaseSummary {
  id: string;
  remote: string;
  version: string;
  buildDigest: string;
  gitCommit: string | null;
  publishedBy: string;
  publishedAt: string;
  shared: ReleaseSharedModule[];
  exposes: string[];
  /** Where the shell loads it from: its manifest here, or where it is hosted. */
  entry: string;
  /** The URL of its manifest when another origin hosts it (docs/RELEASES.md "Releases hosted elsewhere"). */
  hostedUrl: string | null;
}

export const REMOTE_NAMES: readonly string[] = REMOTES.map((remote) => remote.name);

/** The immutable URL of a file of a release. */
export function releaseFileUrl(remote: string, version: string, file: string): string {
  return `/releases/${remote}/${version}/${file}`;
}

/** Where the shell loads a release from: its manifest here, or where another origin hosts it (docs/RELEASES.md "Releases hosted elsewhere"). */
export function releaseEntry(release: { remote: string; version: string; hosted_url: string | null }): string {
  return release.hosted_url ?? releaseFileUrl(release.remote, release.version, MANIFEST_FILE);
}

const RELEASE_COLUMNS = [
  'releases.id',
  'releases.remote',
  'releases.version',
  'releases.build_digest',
  'releases.git_commit',
  'releases.published_by',
  'releases.published_at',
  'releases.shared',
  'releases.exposes',
  'releases.hosted_url',
] as const;

type ReleaseRow = {
  id: string;
  remote: string;
  version: string;
  build_digest: string;
  git_commit: string | null;
  published_by: string;
  published_at: Date;
  shared: ReleaseSharedModule[];
  exposes: string[];
  hosted_url: string | null;
};

function summaryOf(row: ReleaseRow): ReleaseSummary {
  return {
    id: row.id,
    remote: row.remote,
    version: row.version,
    buildDigest: row.build_digest,
    gitCommit: row.git_commit,
    publishedBy: row.published_by,
    publishedAt: new Date(row.published_at).toISOString(),
    shared: row.shared,
    exposes: row.exposes,
    entry: releaseEntry(row),
    hostedUrl: row.hosted_url,
  };
}

export interface PublishInput {
  version: string;
  gitCommit?: string | undefined;
  files: Array<{ path: string; content: string; integrity?: string | undefined }>;
}

export interface RegisterHostedInput {
  version: string;
  /** The URL of the build's mf-manifest.json, on one of RELEASE_HOSTED_ORIGINS. */
  url: string;
  gitCommit?: string | undefined;
}

export interface PromoteInput {
  remote: string;
  version: string;
  expectedRevision?: number | undefined;
  /** Under 100 (or with users): a canary beside the stable release. */
  percent?: number | undefined;
  users?: string[] | undefined;
  force?: boolean | undefined;
  reason?: string | undefined;
}

export interface RollbackInput {
  remote: string;
  expectedRevision?: number | undefined;
  force?: boolean | undefined;
  reason?: string | undefined;
  /** Only end this canary (the automatic rollback must not end a canary started since). */
  onlyCanary?: string | undefined;
}

/** The result of a channel move. */
export interface ChannelMoveResult {
  channel: string;
  revision: number;
  remote: string;
  action: 'promote' | 'canary' | 'rollback' | 'canary-rollback' | 'unchanged';
  version: string;
  fromVersion: string | null;
  forced: boolean;
  mismatches: Mismatch[];
}

export interface ChannelEntry {
  remote: string;
  release: { id: string; version: string };
  canary: { id: string; version: string; percent: number; users: string[] } | null;
}

export interface ChannelStatus {
  name: string;
  revision: number;
  updatedAt: string;
  entries: ChannelEntry[];
}

export interface AuditRecord {
  id: number;
  at: string;
  actor: string;
  action: string;
  channel: string | null;
  remote: string | null;
  fromVersion: string | null;
  toVersion: string | null;
  revision: number | null;
  reason: string | null;
  forced: boolean;
  detail: Record<string, unknown>;
}

/** Actions that move a channel; the rest of the audit log is publishing and tokens. */
export const CHANNEL_MOVES = ['promote', 'canary', 'rollback', 'canary-rollback'] as const;

/** One entry of the registry's append-only audit log (docs/RELEASES.md "Model"). */
export interface ReleaseAuditRecord {
  actor: string;
  action: string;
  channel?: string;
  remote?: string;
  fromReleaseId?: string | null;
  toReleaseId?: string | null;
  revision?: number;
  reason?: string | null;
  forced?: boolean;
  detail?: Record<string, unknown>;
}

/** Writes one entry of the audit log; `executor` may be the transaction of the change it records. */
export async function recordReleaseAudit(executor: Kysely<DatabaseSchema>, at: Date, record: ReleaseAuditRecord): Promise<void> {
  await executor
    .insertInto('release_audit')
    .values({
      actor: record.actor,
      action: record.action,
      channel: record.channel ?? null,
      remote: record.remote ?? null,
      from_release_id: record.fromReleaseId ?? null,
      to_release_id: record.toReleaseId ?? null,
      revision: record.revision ?? null,
      reason: record.reason ?? null,
      forced: record.forced ?? false,
      at,
      detail: JSON.stringify(record.detail ?? {}),
    })
    .execute();
}

export function createRegistry(deps: RegistryDependencies) {
  const { db, files, config } = deps;

  async function findRelease(executor: Db | Trx, remote: string, version: string): Promise<ReleaseRow> {
    const row = await executor.selectFrom('releases').select(RELEASE_COLUMNS).where('remote', '=', remote).where('version', '=', version).executeTakeFirst();
    if (!row) throw releaseErrors.unknownRelease(remote, version);
    return row;
  }

  const audit = (executor: Db | Trx, record: ReleaseAuditRecord) => recordReleaseAudit(executor, deps.clock.now(), record);
  /** Told of every move of a channel this process made (another instance's moves are seen by reading). */
  const moveListeners = new Set<(move: { channel: string; remote: string }) => void>();

  async function assertNew(remote: string, version: string): Promise<void> {
    const existing = await db.selectFrom('releases').select('build_digest').where('remote', '=', remote).where('version', '=', version).executeTakeFirst();
    if (existing) throw releaseErrors.exists(remote, version, existing.build_digest);
  }

  /** Records a release and its files' integrity, with its audit entry, in one transaction. */
  async function record(
    actor: DeployActor,
    remote: string,
    release: { version: string; gitCommit?: string | undefined; hostedUrl: string | null },
    description: BuildDescription,
    recorded: readonly BuildFile[],
  ): Promise<ReleaseSummary> {
    const digest = buildDigest(recorded);
    try {
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('releases')
          .values({
            remote,
            version: release.version,
            build_digest: digest,
            manifest: JSON.stringify(description.manifest),
            shared: JSON.stringify(description.shared),
            exposes: description.exposes,
            git_commit: release.gitCommit ?? null,
            published_by: actor.name,
            published_at: deps.clock.now(),
            hosted_url: release.hostedUrl,
          })
          .returning(RELEASE_COLUMNS)
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('release_files')
          .values(recorded.map((file) => ({ release_id: inserted.id, path: file.path, integrity: file.integrity, size: file.bytes.length })))
          .execute();
        await audit(trx, {
          actor: actor.name,
          action: 'publish',
          remote,
          toReleaseId: inserted.id,
          detail: {
            version: release.version,
            buildDigest: digest,
            gitCommit: release.gitCommit ?? null,
            files: recorded.length,
            ...(release.hostedUrl ? { hostedUrl: release.hostedUrl } : {}),
          },
        });
        return inserted;
      });
      return summaryOf(row);
    } catch (error) {
      // Two publishes of one version at once: the unique constraint decides, the loser gets the 409.
      if (isUniqueViolation(error, 'releases_remote_version')) throw releaseErrors.exists(remote, release.version, digest);
      throw error;
    }
  }

  async function publish(actor: DeployActor, remote: string, input: PublishInput): Promise<ReleaseSummary> {
    await assertNew(remote, input.version);
    const decoded: BuildFile[] = [];
    for (const file of input.files) {
      const bytes = Buffer.from(file.content, 'base64');
      const integrity = integrityOf(bytes);
      // The sender's hash, when given, proves the bytes arrived as built.
      if (file.integrity !== undefined && file.integrity !== integrity)
        throw releaseErrors.invalidBuild({ files: { key: 'api.release.integrityMismatch', values: { path: file.path } } });
      decoded.push({ path: file.path, bytes, integrity });
    }
    if (new Set(decoded.map((f) => f.path)).size !== decoded.length) throw releaseErrors.invalidBuild({ files: 'api.release.fileTwice' });
    const description = describeBuild(remote, decoded);
    if ('errors' in description) throw releaseErrors.invalidBuild(description.errors);
    for (const file of decoded) {
      const stored = await files.put(file.bytes);
      if (stored !== file.integrity) throw new Error(`the file store kept ${file.path} under another hash`);
    }
    return record(actor, remote, { version: input.version, gitCommit: input.gitCommit, hostedUrl: null }, description, decoded);
  }

  /** The origins releases may be hosted at (RELEASE_HOSTED_ORIGINS), as URL origins. */
  const hostedOrigins = new Set(config.hostedOrigins.map((origin) => new URL(origin).origin));

  /** What a host answered (its URL and its error), sent as it is: a diagnostic for whoever deploys, not words of ours. */
  const hostProblem = (problem: string): Words => ({ key: 'api.release.hostProblem', values: { problem } });

  /** Reads one file of a hosted build, on an allowed origin only; `problem` says what went wrong, for the caller. */
  async function readHostedFile(url: URL, filePath: string): Promise<BuildFile | { problem: string }> {
    if (!hostedOrigins.has(url.origin)) return { problem: `${url.href} is not on RELEASE_HOSTED_ORIGINS (${[...hostedOrigins].join(', ') || 'none set'})` };
    try {
      const bytes = await deps.readHosted(url.href);
      return { path: filePath, bytes, integrity: integrityOf(bytes) };
    } catch (error) {
      return { problem: `${url.href} ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  /**
   * Registers a build another origin serves (docs/RELEASES.md "Releases hosted elsewhere"): its
   * manifest is read from `url` and its remote entry from beside it, checked as an upload is, and
   * their integrity recorded; nothing is stored here.
   */
  async function registerHosted(actor: DeployActor, remote: string, input: RegisterHostedInput): Promise<ReleaseSummary> {
    await assertNew(remote, input.version);
    let url: URL;
    try {
      url = new URL(input.url);
    } catch {
      throw releaseErrors.invalidBuild({ url: { key: 'api.release.urlNotFull', values: { manifest: MANIFEST_FILE } } });
    }
    if (!url.pathname.endsWith(`/${MANIFEST_FILE}`) || url.search || url.hash)
      throw releaseErrors.invalidBuild({ url: { key: 'api.release.urlWithQuery', values: { manifest: MANIFEST_FILE } } });
    const manifest = await readHostedFile(url, MANIFEST_FILE);
    if ('problem' in manifest) throw releaseErrors.invalidBuild({ url: hostProblem(manifest.problem) });
    const entryPath = remoteEntryPath(manifest.bytes);
    const entry = entryPath ? await readHostedFile(new URL(entryPath, url), entryPath) : null;
    if (entry && 'problem' in entry) throw releaseErrors.invalidBuild({ files: hostProblem(entry.problem) });
    const read = entry ? [manifest, entry] : [manifest];
    const description = describeBuild(remote, read);
    if ('errors' in description) throw releaseErrors.invalidBuild(description.errors);
    // Its prerendered page, when the build has one, is recorded too: the server puts it into the shell's page.
    const prerendered = await readHostedFile(new URL(PRERENDERED_LANDING_PATH, url), PRERENDERED_LANDING_PATH);
    const recorded = 'problem' in prerendered ? read : [...read, prerendered];
    return record(actor, remote, { version: input.version, gitCommit: input.gitCommit, hostedUrl: url.href }, description, recorded);
  }

  /** Null when the host still serves the files recorded for a hosted release, else what differs. */
  async function hostedDrift(release: ReleaseRow): Promise<string | null> {
    if (!release.hosted_url) return null;
    const recorded = await db.selectFrom('release_files').select(['path', 'integrity']).where('release_id', '=', release.id).execute();
    for (const file of recorded) {
      const now = await readHostedFile(new URL(file.path, release.hosted_url), file.path);
      if ('problem' in now) return now.problem;
      if (now.integrity !== file.integrity) return `${file.path} changed since it was registered`;
    }
    return null;
  }

  async function list(remote?: string): Promise<ReleaseSummary[]> {
    let query = db.selectFrom('releases').select(RELEASE_COLUMNS).orderBy('published_at', 'desc').orderBy('version', 'desc').limit(200);
    if (remote) query = query.where('remote', '=', remote);
    return (await query.execute()).map(summaryOf);
  }

  async function get(remote: string, version: string): Promise<ReleaseSummary & { files: Array<{ path: string; integrity: string; size: number }> }> {
    const row = await findRelease(db, remote, version);
    const fileRows = await db.selectFrom('release_files').select(['path', 'integrity', 'size']).where('release_id', '=', row.id).orderBy('path').execute();
    return { ...summaryOf(row), files: fileRows };
  }

  /** The files of a release by path, for serving; null for an unknown release. */
  async function fileIndex(remote: string, version: string): Promise<Map<string, string> | null> {
    const rows = await db
      .selectFrom('release_files')
      .innerJoin('releases', 'releases.id', 'release_files.release_id')
      .select(['release_files.path', 'release_files.integrity'])
      .where('releases.remote', '=', remote)
      .where('releases.version', '=', version)
      // A hosted release's files are served by its host; only their integrity is recorded here.
      .where('releases.hosted_url', 'is', null)
      .execute();
    return rows.length ? new Map(rows.map((r) => [r.path, r.integrity])) : null;
  }

  /**
   * A file of a release, checked against the integrity recorded for it when it was published: from
   * the store, or from its host for a hosted release. Null when it has no such file, or the bytes
   * are missing or do not match (fail closed). Throws when the store or host cannot be read.
   */
  async function verifiedFile(releaseId: string, filePath: string): Promise<Buffer | null> {
    const row = await db
      .selectFrom('release_files')
      .innerJoin('releases', 'releases.id', 'release_files.release_id')
      .select(['release_files.integrity', 'releases.hosted_url'])
      .where('releases.id', '=', releaseId)
      .where('release_files.path', '=', filePath)
      .executeTakeFirst();
    if (!row) return null;
    if (!row.hosted_url) return files.get(row.integrity);
    const hosted = await readHostedFile(new URL(filePath, row.hosted_url), filePath);
    if ('problem' in hosted) throw new Error(hosted.problem);
    return hosted.integrity === row.integrity ? hosted.bytes : null;
  }

  async function channelStatus(executor: Db | Trx, name: string): Promise<ChannelStatus | null> {
    const channel = await executor.selectFrom('release_channels').selectAll().where('name', '=', name).executeTakeFirst();
    if (!channel) return null;
    const rows = await executor
      .selectFrom('release_channel_entries as e')
      .innerJoin('releases as stable', 'stable.id', 'e.release_id')
      .leftJoin('releases as canary', 'canary.id', 'e.canary_release_id')
      .select(['e.remote', 'e.release_id', 'stable.version as stable_version', 'e.canary_release_id', 'canary.version as canary_version', 'e.canary_percent', 'e.canary_users'])
      .where('e.channel', '=', name)
      .orderBy('e.remote')
      .execute();
    return {
      name,
      revision: channel.revision,
      updatedAt: new Date(channel.updated_at).toISOString(),
      entries: rows.map((row) => ({
        remote: row.remote,
        release: { id: row.release_id, version: row.stable_version },
        canary:
          row.canary_release_id && row.canary_version
            ? { id: row.canary_release_id, version: row.canary_version, percent: row.canary_percent ?? 0, users: row.canary_users }
            : null,
      })),
    };
  }

  async function status(): Promise<ChannelStatus[]> {
    const names = await db.selectFrom('release_channels').select('name').orderBy('name').execute();
    const channels: ChannelStatus[] = [];
    for (const { name } of names) channels.push((await channelStatus(db, name))!);
    return channels;
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
  async function partiesFor(trx: Trx, channel: ChannelStatus, remote: string): Promise<GateParty[]> {
    const ids = channel.entries.filter((e) => e.remote !== remote).flatMap((e) => [e.release.id, ...(e.canary ? [e.canary.id] : [])]);
    const live = ids.length ? await trx.selectFrom('releases').select(['remote', 'version', 'shared']).where('id', 'in', ids).execute() : [];
    const shell = await shellParty();
    return [...(shell ? [shell] : []), ...live.map((r) => ({ label: `${r.remote}@${r.version}`, shared: r.shared }))];
  }

  function gate(release: ReleaseRow, parties: GateParty[]): Mismatch[] {
    return checkCompatibility({
      candidate: { label: `${release.remote}@${release.version}`, shared: release.shared, exposes: release.exposes },
      parties,
      consumedExposes: [REMOTE_APP_EXPOSE],
    });
  }

  /**
   * Runs `move` in a transaction on the channel as it is at `expectedRevision` (or as read now),
   * and bumps the revision only if nobody moved it meanwhile: a conditional update, so two API
   * instances promoting at once cannot both win. Once committed, this process's move listeners hear of it.
   */
  async function onChannel(
    name: string,
    expectedRevision: number | undefined,
    move: (trx: Trx, channel: ChannelStatus, commit: () => Promise<number>) => Promise<ChannelMoveResult>,
  ): Promise<ChannelMoveResult> {
    const result = await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('release_channels')
        .values({ name })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const channel = (await channelStatus(trx, name))!;
      if (expectedRevision !== undefined && expectedRevision !== channel.revision) throw releaseErrors.revisionConflict(name, channel.revision);
      const commit = async () => {
        const bumped = await trx
          .updateTable('release_channels')
          .set({ revision: channel.revision + 1, updated_at: deps.clock.now() })
          .where('name', '=', name)
          .where('revision', '=', channel.revision)
          .returning('revision')
          .executeTakeFirst();
        if (!bumped) {
          const now = await db.selectFrom('release_channels').select('revision').where('name', '=', name).executeTakeFirst();
          throw releaseErrors.revisionConflict(name, now?.revision ?? channel.revision);
        }
        return bumped.revision;
      };
      return move(trx, channel, commit);
    });
    if (result.action !== 'unchanged') for (const listener of moveListeners) listener({ channel: name, remote: result.remote });
    return result;
  }

  /** Records a refusal of the gate outside the refused move's transaction, which rolls back. */
  async function refused(actor: DeployActor, channel: string, remote: string, release: ReleaseRow, mismatches: Mismatch[], action: string): Promise<never> {
    await audit(db, { actor: actor.name, action: `${action}-refused`, channel, remote, toReleaseId: release.id, detail: { version: release.version, mismatches } });
    throw releaseErrors.gateRefused(mismatches);
  }

  async function promote(actor: DeployActor, channelName: string, input: PromoteInput): Promise<ChannelMoveResult> {
    const release = await findRelease(db, input.remote, input.version);
    // A hosted build goes live only as it was registered and gated (docs/RELEASES.md "Releases hosted elsewhere").
    const drift = await hostedDrift(release);
    if (drift) {
      await audit(db, {
        actor: actor.name,
        action: 'promote-refused',
        channel: channelName,
        remote: input.remote,
        toReleaseId: release.id,
        detail: { version: release.version, hostedChanged: drift },
      });
      throw releaseErrors.hostedChanged(release.hosted_url!, drift);
    }
    const users = input.users ?? [];
    const isCanary = (input.percent !== undefined && input.percent < 100) || users.length > 0;
    // Set when the gate refuses, to audit the refusal after the move's transaction rolled back.
    const refusal: { mismatches: Mismatch[] | null } = { mismatches: null };
    try {
      return await onChannel(channelName, input.expectedRevision, async (trx, channel, commit) => {
        const current = channel.entries.find((e) => e.remote === input.remote) ?? null;
        const base = { channel: channelName, remote: input.remote, version: release.version, fromVersion: current?.release.version ?? null };
        if (!isCanary && current?.release.id === release.id && !current.canary) return { ...base, revision: channel.revision, action: 'unchanged', forced: false, mismatches: [] };
        if (isCanary && !current) throw releaseErrors.invalidBuild({ percent: { key: 'api.release.noLiveReleaseYet', values: { remote: input.remote, channel: channelName } } });
        if (isCanary && current?.release.id === release.id)
          throw releaseErrors.invalidBuild({ version: { key: 'api.release.alreadyStable', values: { version: release.version, remote: input.remote, channel: channelName } } });
        const mismatches = gate(release, await partiesFor(trx, channel, input.remote));
        if (mismatches.length && !input.force) {
          refusal.mismatches = mismatches;
          throw releaseErrors.gateRefused(mismatches);
        }
        const revision = await commit();
        const action = isCanary ? 'canary' : 'promote';
        if (isCanary) {
          await trx
            .updateTable('release_channel_entries')
            .set({ canary_release_id: release.id, canary_percent: input.percent ?? 0, canary_users: users })
            .where('channel', '=', channelName)
            .where('remote', '=', input.remote)
            .execute();
        } else {
          await trx
            .insertInto('release_channel_entries')
            .values({ channel: channelName, remote: input.remote, release_id: release.id, canary_release_id: null, canary_percent: null, canary_users: [] })
            .onConflict((oc) => oc.columns(['channel', 'remote']).doUpdateSet({ release_id: release.id, canary_release_id: null, canary_percent: null, canary_users: [] }))
            .execute();
        }
        await audit(trx, {
          actor: actor.name,
          action,
          channel: channelName,
          remote: input.remote,
          fromReleaseId: current?.release.id ?? null,
          toReleaseId: release.id,
          revision,
          reason: input.reason ?? null,
          forced: mismatches.length > 0,
          detail: { version: release.version, mismatches, ...(isCanary ? { percent: input.percent ?? 0, users } : {}) },
        });
        return { ...base, revision, action, forced: mismatches.length > 0, mismatches };
      });
    } catch (error) {
      if (refusal.mismatches) await refused(actor, channelName, input.remote, release, refusal.mismatches, 'promote');
      throw error;
    }
  }

  async function rollback(actor: DeployActor, channelName: string, input: RollbackInput): Promise<ChannelMoveResult> {
    const refusal: { mismatches: Mismatch[]; release: ReleaseRow | null } = { mismatches: [], release: null };
    try {
      return await onChannel(channelName, input.expectedRevision, async (trx, channel, commit) => {
        const current = channel.entries.find((e) => e.remote === input.remote);
        if (!current || (input.onlyCanary && current.canary?.id !== input.onlyCanary)) throw releaseErrors.nothingToRollBack(channelName, input.remote);
        if (current.canary) {
          // The newest change is the canary: rolling back ends it, the stable release stays.
          const revision = await commit();
          await trx
            .updateTable('release_channel_entries')
            .set({ canary_release_id: null, canary_percent: null, canary_users: [] })
            .where('channel', '=', channelName)
            .where('remote', '=', input.remote)
            .execute();
          await audit(trx, {
            actor: actor.name,
            action: 'canary-rollback',
            channel: channelName,
            remote: input.remote,
            fromReleaseId: current.canary.id,
            toReleaseId: current.release.id,
            revision,
            reason: input.reason ?? null,
            detail: { version: current.release.version },
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
        const target = (await trx.selectFrom('releases').select(RELEASE_COLUMNS).where('id', '=', targetId).executeTakeFirst())!;
        const mismatches = gate(target, await partiesFor(trx, channel, input.remote));
        if (mismatches.length && !input.force) {
          Object.assign(refusal, { mismatches, release: target });
          throw releaseErrors.gateRefused(mismatches);
        }
        const revision = await commit();
        await trx.updateTable('release_channel_entries').set({ release_id: target.id }).where('channel', '=', channelName).where('remote', '=', input.remote).execute();
        await audit(trx, {
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
    } catch (error) {
      if (refusal.release) await refused(actor, channelName, input.remote, refusal.release, refusal.mismatches, 'rollback');
      throw error;
    }
  }

  async function auditLog({
    channel,
    remote,
    movesOnly = false,
    limit = 100,
  }: {
    channel?: string | undefined;
    remote?: string | undefined;
    movesOnly?: boolean;
    limit?: number;
  }): Promise<AuditRecord[]> {
    let query = db
      .selectFrom('release_audit as a')
      .leftJoin('releases as f', 'f.id', 'a.from_release_id')
      .leftJoin('releases as t', 't.id', 'a.to_release_id')
      .select([
        'a.id',
        'a.at',
        'a.actor',
        'a.action',
        'a.channel',
        'a.remote',
        'f.version as from_version',
        't.version as to_version',
        'a.revision',
        'a.reason',
        'a.forced',
        'a.detail',
      ])
      .orderBy('a.id', 'desc')
      .limit(limit);
    if (channel) query = query.where('a.channel', '=', channel);
    if (remote) query = query.where('a.remote', '=', remote);
    if (movesOnly) query = query.where('a.action', 'in', [...CHANNEL_MOVES]);
    return (await query.execute()).map((r) => ({
      id: r.id,
      at: new Date(r.at).toISOString(),
      actor: r.actor,
      action: r.action,
      channel: r.channel,
      remote: r.remote,
      fromVersion: r.from_version,
      toVersion: r.to_version,
      revision: r.revision,
      reason: r.reason,
      forced: r.forced,
      detail: r.detail,
    }));
  }

  return {
    publish,
    registerHosted,
    list,
    get,
    fileIndex,
    readVerified: (integrity: string) => files.get(integrity),
    verifiedFile,
    /** Calls `listener` after each move of a channel this process makes; returns how to stop. */
    onMove(listener: (move: { channel: string; remote: string }) => void): () => void {
      moveListeners.add(listener);
      return () => void moveListeners.delete(listener);
    },
    closeFiles: () => files.close(),
    status,
    channelStatus: (name: string) => channelStatus(db, name),
    promote,
    rollback,
    auditLog,
    audit: (record: ReleaseAuditRecord) => audit(db, record),
  };
}

export type ReleaseRegistry = ReturnType<typeof createRegistry>;
