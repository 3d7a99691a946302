/**
 * The release registry (docs/RELEASES.md): publishing immutable releases, moving channels
 * (promote.ts, rollback.ts and the stepped canary's canarySchedule.ts, on what channelMoves.ts
 * shares: compare-and-swap per remote, one move of a channel at a time), canaries (the guard that
 * rolls them back on its own is loadReports.ts), and the append-only audit log. All state is in
 * the database, so every API instance sees a move at once.
 */
import { PRERENDERED_LANDING_PATH, REMOTES } from '@blockpilot/shared/constants';
import { integrityOf, type ReleaseFileStore } from '../../adapters/releaseStore/fileStore.js';
import type { HostedFileReader } from '../../adapters/releaseStore/hostedFiles.js';
import type { Clock } from '../../clock.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { ReleaseSharedModule } from '../../db/schema.js';
import type { ReleasesConfig } from '../../config.js';
import type { Words } from '../../domain/translate.js';
import { buildDigest, describeBuild, MANIFEST_FILE, remoteEntryPath, type BuildDescription, type BuildFile } from './build.js';
import { firstLoadBytes, firstLoadFiles } from './budget.js';
import { refusedFileTypes } from './fileTypes.js';
import { isPlainRelativePath, misplacedNames } from './publicPath.js';
import { releaseErrors } from './errors.js';
import type { CanaryCounts } from './canary.js';
import { createCanarySchedule } from './canarySchedule.js';
import { createMoveFrame } from './channelMoves.js';
import { readAllChannels, readChannelStatus } from './channelStatus.js';
import { promote, type PromoteInput } from './promote.js';
import { findRelease, RELEASE_COLUMNS, recordReleaseAudit, type Db, type DeployActor, type ReleaseAuditRecord, type ReleaseRow } from './releaseRecords.js';
import { rollback, type RollbackInput } from './rollback.js';

export type { ChannelMoveResult } from './channelMoves.js';
export type { ChannelEntry, ChannelStatus } from './channelStatus.js';
export type { DeployActor, ReleaseAuditRecord } from './releaseRecords.js';
export { recordReleaseAudit } from './releaseRecords.js';
export type { PromoteInput, RollbackInput };

export interface RegistryDependencies {
  db: Db;
  files: ReleaseFileStore;
  /** Reads the files of releases hosted elsewhere (RELEASE_HOSTED_ORIGINS only). */
  readHosted: HostedFileReader;
  clock: Clock;
  config: ReleasesConfig;
  /** Folder of the shell's build, whose mf-manifest.json holds the shell's shared requirements. */
  shellDir: string;
  /** The canary guard's counts of a release's votes on a channel (loadReports.ts), which a stepped canary waits on. */
  canaryHealth(executor: Db, channel: string, releaseId: string): Promise<CanaryCounts>;
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
  /** Gzipped bytes of its remote entry and `./App`'s first scripts (docs/RELEASES.md "Compatibility gate"); null before they were measured. */
  firstLoadBytes: number | null;
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
    firstLoadBytes: row.first_load_bytes,
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
export const CHANNEL_MOVES = ['promote', 'canary', 'canary-step', 'rollback', 'canary-rollback'] as const;

export function createRegistry(deps: RegistryDependencies) {
  const { db, files, config } = deps;

  const audit = (executor: Db, record: ReleaseAuditRecord) => recordReleaseAudit(executor, deps.clock.now(), record);
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
    // What the budget compares (docs/RELEASES.md "Compatibility gate"): every file of it is among those recorded.
    const firstLoad = firstLoadFiles(description.manifest, description.entryPath);
    const firstLoadSize = firstLoadBytes(recorded.filter((file) => firstLoad.includes(file.path)).map((file) => file.bytes));
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
            first_load_bytes: firstLoadSize,
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
            firstLoadBytes: firstLoadSize,
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
    const paths = new Set(decoded.map((f) => f.path));
    if (paths.size !== decoded.length) throw releaseErrors.invalidBuild({ files: 'api.release.fileTwice' });
    // Only what a remote's build is made of: its files are served from the product's own origin (fileTypes.ts).
    const refusedTypes = refusedFileTypes([...paths]);
    if (refusedTypes) throw releaseErrors.invalidBuild(refusedTypes);
    const description = describeBuild(remote, decoded);
    if ('errors' in description) throw releaseErrors.invalidBuild(description.errors);
    // Browsers load it from its own folder here, and every file it names is one of those uploaded (publicPath.ts).
    const misplaced = misplacedNames(description.manifest, releaseFileUrl(remote, input.version, ''), paths);
    if (misplaced) throw releaseErrors.invalidBuild(misplaced);
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
    // An entry named outside the build's folder is not read: describeBuild says why it is refused.
    const entry = entryPath && isPlainRelativePath(entryPath) ? await readHostedFile(new URL(entryPath, url), entryPath) : null;
    if (entry && 'problem' in entry) throw releaseErrors.invalidBuild({ files: hostProblem(entry.problem) });
    const read = entry ? [manifest, entry] : [manifest];
    const description = describeBuild(remote, read);
    if ('errors' in description) throw releaseErrors.invalidBuild(description.errors);
    // Browsers load it from the folder it was registered at, on its host (publicPath.ts).
    const misplaced = misplacedNames(description.manifest, new URL('.', url).href);
    if (misplaced) throw releaseErrors.invalidBuild(misplaced);
    // The rest of its first load is read and recorded too: the budget measures it, and a promote checks the host still serves it.
    for (const chunk of firstLoadFiles(description.manifest, description.entryPath).filter((file) => file !== description.entryPath)) {
      const file = await readHostedFile(new URL(chunk, url), chunk);
      if ('problem' in file) throw releaseErrors.invalidBuild({ files: hostProblem(file.problem) });
      read.push(file);
    }
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

  // Channel moves (docs/RELEASES.md "Moves: promote, rollback, compare-and-swap", "Canary"): each in promote.ts, rollback.ts or canarySchedule.ts.
  const moves = createMoveFrame({
    db,
    clock: deps.clock,
    files,
    shellDir: deps.shellDir,
    budgetGrowthBytes: config.budgetGrowthBytes,
    hostedDrift,
    moved: (move) => {
      for (const listener of moveListeners) listener(move);
    },
  });
  const canarySchedule = createCanarySchedule({ frame: moves, policy: config.canary, health: deps.canaryHealth });

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
    /** Every channel: what it serves of each remote, each remote's revision, canaries and their schedules. */
    status: () => readAllChannels(db),
    channelStatus: (name: string) => readChannelStatus(db, name),
    promote: (actor: DeployActor, channel: string, input: PromoteInput) => promote(moves, actor, channel, input),
    rollback: (actor: DeployActor, channel: string, input: RollbackInput) => rollback(moves, actor, channel, input),
    /** Takes each stepped canary's next step where it is due (canarySchedule.ts); every instance runs it. */
    advanceCanarySchedules: canarySchedule.advanceDue,
    auditLog,
    audit: (record: ReleaseAuditRecord) => audit(db, record),
  };
}

export type ReleaseRegistry = ReturnType<typeof createRegistry>;
