/**
 * The release CLI for teams and CI (docs/RELEASES.md "CLI"), run from the repo root:
 *
 *   npm run release -- publish <remote> [--dir DIST] [--version V] [--git-commit SHA]
 *   npm run release -- publish <remote> --url https://cdn.example.com/.../mf-manifest.json --version V [--git-commit SHA]
 *   npm run release -- list [<remote>]
 *   npm run release -- promote <remote> <version> [--channel C] [--percent P | --steps 5,25,50,100 --hold 10m --min-loads 20] [--users a,b]
 *                      [--expected-revision N] [--force --reason R]
 *   npm run release -- rollback <remote> [--channel C] [--reason R] [--force] [--expected-revision N]
 *   npm run release -- status
 *   npm run release -- preview <remote> <version> [--hours H] | preview <remote> --channel C [--hours H]
 *   npm run release -- token mint <remote> <label> | token revoke <id> | token list
 *
 * It talks HTTP to BLOCKPILOT_URL (default http://localhost:3000) with RELEASE_DEPLOY_TOKEN, else
 * RELEASE_TOKEN, else the token `npm start` keeps in the data folder. `--json` prints the answer's
 * data; the exit code says what happened (see EXIT). Promote and rollback read the remote's
 * revision on the channel first and send it, so a move someone else made in between is refused
 * (exit 3) instead of silently replaced; `--expected-revision` sends another.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { REMOTES } from '@blockpilot/shared/constants';
import { integrityOf } from '../adapters/releaseStore/fileStore.js';
import type { ErrorCode } from '../domain/errors.js';
import { buildDigest } from '../features/releases/build.js';
import { RELEASE_ERROR_CODES } from '../features/releases/errors.js';
import { scheduleBody, scheduleLine, type ScheduleOptions, type ScheduleStatus } from './releaseSchedule.js';

/** Exit codes CI can branch on. */
export const EXIT = { ok: 0, failed: 1, refusedByGate: 2, conflict: 3, notAllowed: 4 } as const;

const WORKSPACE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Where `npm start` keeps the all-remote token it starts the server with. */
export const QUICK_START_TOKEN_FILE = 'release-token';

/**
 * Files of a build's folder that are not uploaded, nor their precompressed copies: source maps
 * (only for debugging; the registry does not take them), webpack's stats, and the remote's
 * standalone preview page (the registry serves no page; docs/RELEASES.md "Model"). By path in the folder.
 */
const SKIPPED = /(\.map|^mf-stats\.json|^index\.html)(\.br|\.gz)?$/;
/** The refusal whose words speak of a form's highlighted fields: at a terminal its fields say it all. */
const VALIDATION_CODE: ErrorCode = 'BP_ERR_VALIDATION';

class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

function remoteOf(nameOrFolder: string | undefined): (typeof REMOTES)[number] {
  const remote = REMOTES.find((r) => r.name === nameOrFolder || r.folder === nameOrFolder);
  if (!remote) throw new CliError(`Name a remote: ${REMOTES.map((r) => r.name).join(', ')} (or its folder)`, EXIT.failed);
  return remote;
}

function tokenFromEnvironment(): string {
  const token = process.env.RELEASE_DEPLOY_TOKEN || process.env.RELEASE_TOKEN;
  if (token) return token;
  try {
    return readFileSync(path.resolve(process.env.DATA_DIR ?? path.join(WORKSPACE_ROOT, '.data'), QUICK_START_TOKEN_FILE), 'utf8').trim();
  } catch {
    throw new CliError('Set RELEASE_DEPLOY_TOKEN (a token minted for your remote) or RELEASE_TOKEN.', EXIT.notAllowed);
  }
}

async function call(method: string, urlPath: string, body?: unknown): Promise<{ data: unknown; alert?: string }> {
  const base = (process.env.BLOCKPILOT_URL ?? 'http://localhost:3000').replace(/\/$/, '');
  let response: Response;
  try {
    response = await fetch(`${base}${urlPath}`, {
      method,
      headers: { authorization: `Bearer ${tokenFromEnvironment()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new CliError(`${base} did not answer (${error instanceof Error ? error.message : String(error)}). Is the server running, and BLOCKPILOT_URL right?`, EXIT.failed);
  }
  const answer = (await response.json().catch(() => ({}))) as { data?: unknown; alert?: string; code?: string; errors?: Record<string, string> };
  if (response.ok) return { data: answer.data, ...(answer.alert ? { alert: answer.alert } : {}) };
  const fields = Object.entries(answer.errors ?? {}).map(([field, message]) => `  ${field}: ${message}`);
  const summary = fields.length && answer.code === VALIDATION_CODE ? [] : [answer.alert ?? `The server answered ${response.status}.`];
  const message = [...summary, ...fields].join('\n');
  if (answer.code === RELEASE_ERROR_CODES.gateRefused) throw new CliError(message, EXIT.refusedByGate, answer);
  if (response.status === 409) throw new CliError(message, EXIT.conflict, answer);
  if (response.status === 401 || response.status === 403) throw new CliError(message, EXIT.notAllowed, answer);
  throw new CliError(message, EXIT.failed, answer);
}

/** Every file under `dir`, as relative paths with forward slashes. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return filesUnder(dir, relative);
    return entry.isFile() && !SKIPPED.test(relative) ? [relative] : [];
  });
}

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: WORKSPACE_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/** Registers a build another origin hosts, by its manifest's URL (docs/RELEASES.md "Releases hosted elsewhere"). */
function registerHosted(remote: (typeof REMOTES)[number], url: string, values: Values) {
  // A hosted build is not read here, so it has no content to be named by: its version is given.
  if (!values.version) throw new CliError('publish --url needs --version: the build is hosted elsewhere, so it cannot be named by its content here.', EXIT.failed);
  const commit = values['git-commit'] ?? gitCommit();
  return call('PUT', `/api/releases/${remote.name}/${values.version}/hosted`, { url, ...(commit ? { gitCommit: commit } : {}) });
}

async function publish(args: string[], values: Values) {
  const remote = remoteOf(args[0]);
  if (values.url) return registerHosted(remote, values.url, values);
  const dir = path.resolve(values.dir ?? path.join(WORKSPACE_ROOT, remote.folder, 'dist'));
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new CliError(`${dir} is not a folder: build the remote first.`, EXIT.failed);
  const files = filesUnder(dir).map((relative) => {
    const bytes = readFileSync(path.join(dir, relative));
    return { path: relative, content: bytes.toString('base64'), integrity: integrityOf(bytes) };
  });
  const digest = buildDigest(files);
  // Unversioned builds are named by their content: the same build always gets the same version.
  const packageVersion = (JSON.parse(readFileSync(path.join(WORKSPACE_ROOT, remote.folder, 'package.json'), 'utf8')) as { version: string }).version;
  const version = values.version ?? `${packageVersion}-b${digest.slice(0, 12)}`;
  const commit = values['git-commit'] ?? gitCommit();
  try {
    return await call('PUT', `/api/releases/${remote.name}/${version}`, { files, ...(commit ? { gitCommit: commit } : {}) });
  } catch (error) {
    // Publishing the very same build again (a re-run of CI, a second `npm start`) is not a failure.
    const refusal = error instanceof CliError ? (error.body as { code?: string; data?: { buildDigest?: string } } | null) : null;
    if (refusal?.code === RELEASE_ERROR_CODES.exists && refusal.data?.buildDigest === digest) {
      return { data: { remote: remote.name, version, buildDigest: digest, unchanged: true }, alert: `${remote.name} ${version} is already published with this exact build.` };
    }
    throw error;
  }
}

type Values = Partial<Record<'dir' | 'url' | 'version' | 'git-commit' | 'channel' | 'percent' | 'users' | 'reason' | 'expected-revision' | 'hours', string>> &
  ScheduleOptions & {
    json?: boolean;
    force?: boolean;
  };

function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new CliError(`--${name} must be a whole number`, EXIT.failed);
  return number;
}

/**
 * The revision of `remote` on `channel` as the server has it now (0 when the channel never served
 * it): what a move sends unless told another, so it is refused if the remote moves meanwhile.
 */
async function revisionRead(channel: string, remote: string): Promise<number> {
  const { data } = await call('GET', '/api/releases/channels');
  const entries = (data as Array<{ name: string; entries: Array<{ remote: string; revision: number }> }>).find((c) => c.name === channel)?.entries ?? [];
  return entries.find((entry) => entry.remote === remote)?.revision ?? 0;
}

/** Runs one command; exported for the CLI's tests. */
export async function run(argv: string[]): Promise<{ data: unknown; alert?: string }> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      dir: { type: 'string' },
      url: { type: 'string' },
      version: { type: 'string' },
      'git-commit': { type: 'string' },
      channel: { type: 'string' },
      percent: { type: 'string' },
      users: { type: 'string' },
      reason: { type: 'string' },
      'expected-revision': { type: 'string' },
      hours: { type: 'string' },
      steps: { type: 'string' },
      hold: { type: 'string' },
      'min-loads': { type: 'string' },
      force: { type: 'boolean' },
      json: { type: 'boolean' },
    },
  });
  const [command, ...args] = positionals;
  const channel = values.channel ?? 'production';
  /** What a move of `remote` sends besides its own fields: the revision given, or the one read now. */
  const move = async (remote: string) => {
    // Checked here, before anything is sent: the server would refuse it under `reason` too.
    if (values.force && !values.reason?.trim())
      throw new CliError('--force needs --reason "why": the reason for overriding the compatibility gate is kept in the audit log.', EXIT.failed);
    return {
      ...(values.reason ? { reason: values.reason } : {}),
      ...(values.force ? { force: true } : {}),
      expectedRevision: values['expected-revision'] ? wholeNumber('expected-revision', values['expected-revision']) : await revisionRead(channel, remote),
    };
  };
  switch (command) {
    case 'publish':
      return publish(args, values);
    case 'list':
      return call('GET', `/api/releases${args[0] ? `?remote=${remoteOf(args[0]).name}` : ''}`);
    case 'promote': {
      if (!args[1]) throw new CliError('promote <remote> <version>', EXIT.failed);
      const users = values.users
        ?.split(',')
        .map((u) => u.trim())
        .filter(Boolean);
      const remote = remoteOf(args[0]).name;
      return call('POST', `/api/releases/channels/${channel}/promote`, {
        remote,
        version: args[1],
        ...(values.percent ? { percent: wholeNumber('percent', values.percent) } : {}),
        ...scheduleBody(values),
        ...(users?.length ? { users } : {}),
        ...(await move(remote)),
      });
    }
    case 'rollback': {
      const remote = remoteOf(args[0]).name;
      return call('POST', `/api/releases/channels/${channel}/rollback`, { remote, ...(await move(remote)) });
    }
    case 'status':
      return call('GET', '/api/releases/channels');
    case 'history':
      return call('GET', `/api/releases/channels/${channel}/history${args[0] ? `?remote=${remoteOf(args[0]).name}` : ''}`);
    case 'preview': {
      const hours = values.hours ? { hours: wholeNumber('hours', values.hours) } : {};
      // With --channel and no version: the link follows whatever release of the remote the channel serves.
      if (values.channel && !args[1]) return call('POST', `/api/releases/channels/${values.channel}/previewLink`, { remote: remoteOf(args[0]).name, ...hours });
      if (!args[1]) throw new CliError('preview <remote> <version>, or preview <remote> --channel C', EXIT.failed);
      return call('POST', `/api/releases/${remoteOf(args[0]).name}/${args[1]}/previewLink`, hours);
    }
    case 'token':
      if (args[0] === 'mint') return call('POST', '/api/releases/tokens', { remote: remoteOf(args[1]).name, label: args.slice(2).join(' ') || `${args[1]} deploys` });
      if (args[0] === 'revoke') return call('DELETE', `/api/releases/tokens/${args[1] ?? ''}`);
      return call('GET', '/api/releases/tokens');
    default:
      throw new CliError('Commands: publish, list, promote, rollback, status, history, preview, token (see docs/RELEASES.md)', EXIT.failed);
  }
}

/** A canary's votes as `status` prints them: the counts the canary guard acts on (docs/RELEASES.md "Canary"). */
interface CanaryVotes {
  health?: { healthy: number; failed: number; users: number; lastFailure: { errorName: string; stage: string } | null };
  verdict?: string;
}

function votesLine({ health, verdict }: CanaryVotes): string | null {
  if (!health) return null;
  const last = health.lastFailure ? `; last failure ${health.lastFailure.errorName} (${health.lastFailure.stage})` : '';
  return `${' '.repeat(17)}votes: ${health.users} users, ${health.healthy} healthy, ${health.failed} failed (${verdict ?? 'waiting'})${last}`;
}

/** A deploy token just minted: the answer that carries the token itself. */
const isMintedToken = (data: unknown): data is { token: string } => typeof data === 'object' && data !== null && typeof (data as { token?: unknown }).token === 'string';

/** What a person reads: the server's sentence, then the status table for `status`; exported for the CLI's tests. */
export function humanReadable(result: { data: unknown; alert?: string }): string {
  const lines = result.alert ? [result.alert] : [];
  const data = result.data;
  if (Array.isArray(data) && data.every((c) => c && typeof c === 'object' && 'entries' in c)) {
    for (const channel of data as Array<{
      name: string;
      revision: number;
      entries: Array<{
        remote: string;
        revision: number;
        release: { version: string };
        canary: ({ version: string; percent: number; users: string[]; schedule: ScheduleStatus | null } & CanaryVotes) | null;
      }>;
    }>) {
      lines.push(`${channel.name} (revision ${channel.revision})`);
      for (const entry of channel.entries) {
        lines.push(
          `  ${entry.remote.padEnd(14)} ${entry.release.version}${entry.canary ? `  canary ${entry.canary.version} to ${entry.canary.percent}%${entry.canary.users.length ? ` + ${entry.canary.users.length} named` : ''}` : ''}  (revision ${entry.revision})`,
        );
        if (entry.canary?.schedule) lines.push(`${' '.repeat(17)}${scheduleLine(entry.canary.schedule)}`);
        const votes = entry.canary && votesLine(entry.canary);
        if (votes) lines.push(votes);
      }
      if (!channel.entries.length) lines.push('  (no releases: every remote loads from REMOTE_*_URL)');
    }
  } else if (isMintedToken(data)) {
    // Shown once, and only here: plainly, on a line of its own, for copying.
    lines.push(data.token);
  } else if (!result.alert || Array.isArray(data)) lines.push(JSON.stringify(data, null, 2));
  return lines.join('\n');
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const json = argv.includes('--json');
  try {
    const result = await run(argv);
    console.log(json ? JSON.stringify(result.data, null, 2) : humanReadable(result));
  } catch (error) {
    const failure = error instanceof CliError ? error : new CliError(error instanceof Error ? error.message : String(error), EXIT.failed);
    if (json)
      console.log(JSON.stringify({ error: failure.message, exitCode: failure.exitCode, ...(failure.body && typeof failure.body === 'object' ? failure.body : {}) }, null, 2));
    else console.error(failure.message);
    process.exitCode = failure.exitCode;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
