/**
 * What the release registry's calls answer (docs/RELEASES.md), to its CLI and to the operator
 * console (GET /api/admin/releases and its moves). The server answers with these schemas and the
 * console's types are derived from them (docs/ARCHITECTURE.md section 4.1, "The contract").
 */
import { closedObject, type FromContract } from './fields.js';

export const previewLinkSchema = { type: 'object', properties: { url: { type: 'string' }, expiresAt: { type: 'string' } } } as const;

const sharedModule = { type: 'object', properties: { name: { type: 'string' }, version: { type: 'string' }, requiredVersion: { type: 'string' } } } as const;
export const releaseSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    remote: { type: 'string' },
    version: { type: 'string' },
    buildDigest: { type: 'string' },
    gitCommit: { type: ['string', 'null'] },
    publishedBy: { type: 'string' },
    publishedAt: { type: 'string' },
    shared: { type: 'array', items: sharedModule },
    exposes: { type: 'array', items: { type: 'string' } },
    entry: { type: 'string' },
    hostedUrl: { type: ['string', 'null'], description: 'The URL of its manifest when another origin hosts it' },
    firstLoadBytes: {
      type: ['integer', 'null'],
      description: "Gzipped bytes of its remote entry and ./App's first scripts, measured at publish (the first-load budget); null before they were measured",
    },
    files: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, integrity: { type: 'string' }, size: { type: 'integer' } } } },
  },
} as const;

const mismatch = { type: 'object', properties: { kind: { type: 'string' }, subject: { type: 'string' }, party: { type: 'string' }, message: { type: 'string' } } } as const;

/** What a move of a channel did. */
export const moveSchema = closedObject(['channel', 'revision', 'remote', 'action', 'version', 'fromVersion', 'forced', 'mismatches'], {
  channel: { type: 'string' },
  revision: { type: 'integer', description: "The channel's revision after the move" },
  remote: { type: 'string' },
  action: { type: 'string', enum: ['promote', 'canary', 'canary-step', 'rollback', 'canary-rollback', 'unchanged'] },
  version: { type: 'string', description: 'The release live after the move' },
  fromVersion: { type: ['string', 'null'] },
  forced: { type: 'boolean' },
  mismatches: { type: 'array', items: mismatch },
});

const versionProperties = { id: { type: 'string' }, version: { type: 'string' } } as const;

/** A release's votes (docs/RELEASES.md "Canary"): one per signed-in user it was given to, and the last failure's kind (never its message). */
const releaseHealthSchema = closedObject(['healthy', 'failed', 'users', 'lastFailure'], {
  healthy: { type: 'integer', description: 'Users whose browsers rendered it and never saw it fail' },
  failed: { type: 'integer', description: 'Users whose browsers failed to load it or saw it throw while rendering or mounting' },
  users: { type: 'integer', description: 'Distinct users who voted: the number RELEASE_CANARY_MIN_REPORTS is compared with' },
  lastFailure: {
    anyOf: [
      { type: 'null' },
      closedObject(['stage', 'errorName', 'stackHash', 'at'], {
        stage: { type: 'string', enum: ['load', 'render', 'mount'] },
        errorName: { type: 'string' },
        stackHash: { type: ['string', 'null'] },
        at: { type: 'string' },
      }),
    ],
  },
});

/** Where a stepped canary is (docs/RELEASES.md "Canary"): its percentages, the step it holds, and what the next one waits for. */
const canaryScheduleSchema = closedObject(['steps', 'stepIndex', 'holdSeconds', 'minHealthyLoads', 'stepStartedAt', 'nextStepAt', 'healthyLoads'], {
  steps: { type: 'array', items: { type: 'integer' }, description: 'The percentages it widens through, ending at 100 (which promotes it)' },
  stepIndex: { type: 'integer', description: 'Index in steps of the step it is at' },
  holdSeconds: { type: 'integer', description: 'How long each step is held at least' },
  minHealthyLoads: { type: 'integer', description: 'Healthy loads each step needs before the next' },
  stepStartedAt: { type: 'string', description: 'When this step began' },
  nextStepAt: { type: 'string', description: "When this step's hold ends: the earliest time of the next step, which also waits for the loads and a healthy verdict" },
  healthyLoads: { type: 'integer', description: 'Users whose browsers loaded it healthily since this step began' },
});

/** A release as a channel names it, with its votes. */
const releaseRefSchema = closedObject(['id', 'version', 'health'], { ...versionProperties, health: releaseHealthSchema });

/**
 * A canary beside a channel's stable release (docs/RELEASES.md "Canary"): the share of signed-in
 * users and the named users who get it, the guard's verdict on its votes and its schedule of steps.
 */
const releaseCanarySchema = closedObject(['id', 'version', 'health', 'percent', 'users', 'verdict', 'schedule'], {
  ...versionProperties,
  percent: { type: 'integer' },
  users: { type: 'array', items: { type: 'string' } },
  health: releaseHealthSchema,
  verdict: { type: 'string', enum: ['waiting', 'healthy', 'failing'], description: "The canary guard's verdict on its health" },
  schedule: { anyOf: [{ type: 'null' }, canaryScheduleSchema], description: 'Its steps when it is a stepped canary' },
});

/** What a channel serves of one remote: its stable release and, at most, one canary. */
const releaseChannelEntrySchema = closedObject(['remote', 'revision', 'release', 'canary'], {
  remote: { type: 'string' },
  revision: { type: 'integer', description: "The channel revision of this remote's last move here: what a move of it sends as expectedRevision" },
  release: releaseRefSchema,
  canary: { anyOf: [{ type: 'null' }, releaseCanarySchema] },
});

const channelProperties = {
  name: { type: 'string' },
  revision: { type: 'integer', description: 'Bumped by every move; a move names the one it saw' },
  updatedAt: { type: 'string' },
  entries: { type: 'array', items: releaseChannelEntrySchema },
} as const;

/** A channel: what it serves of each remote, with each release's votes. */
export const channelSchema = closedObject(['name', 'revision', 'updatedAt', 'entries'], channelProperties);

/** One entry of the release registry's audit log (docs/RELEASES.md "Model"); `at` is an ISO time. */
export const auditSchema = closedObject(['id', 'at', 'actor', 'action', 'channel', 'remote', 'fromVersion', 'toVersion', 'revision', 'reason', 'forced', 'detail'], {
  id: { type: 'integer' },
  at: { type: 'string' },
  actor: { type: 'string', description: "A deploy token's name, `RELEASE_TOKEN`, `canary-guard`, or `admin:<e-mail>`" },
  action: { type: 'string', description: 'A move (`promote`, `canary`, `rollback`, `canary-rollback`), a publish, a token change...' },
  channel: { type: ['string', 'null'] },
  remote: { type: ['string', 'null'] },
  fromVersion: { type: ['string', 'null'] },
  toVersion: { type: ['string', 'null'] },
  revision: { type: ['integer', 'null'] },
  reason: { type: ['string', 'null'] },
  forced: { type: 'boolean' },
  detail: { type: 'object', additionalProperties: true },
});

/** How many of a channel's moves the console shows, newest first (the CLI's `history` reads further back). */
export const CONSOLE_HISTORY_MOVES = 20;

/** A channel as the operator console shows it (GET /api/admin/releases): what it serves and its latest moves, newest first. */
export const consoleChannelSchema = {
  ...channelSchema,
  required: [...channelSchema.required, 'history'],
  properties: { ...channelProperties, history: { type: 'array', items: auditSchema, description: `The channel's latest ${CONSOLE_HISTORY_MOVES} moves, newest first` } },
} as const;

export const tokenSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    label: { type: 'string' },
    remote: { type: 'string' },
    createdBy: { type: 'string' },
    createdAt: { type: 'string' },
    revokedAt: { type: ['string', 'null'] },
    token: { type: 'string' },
  },
} as const;

export type ReleaseHealth = FromContract<typeof releaseHealthSchema>;
export type CanarySchedule = FromContract<typeof canaryScheduleSchema>;
export type ReleaseRef = FromContract<typeof releaseRefSchema>;
export type ReleaseCanary = FromContract<typeof releaseCanarySchema>;
export type ReleaseChannelEntry = FromContract<typeof releaseChannelEntrySchema>;
export type ReleaseAuditEntry = FromContract<typeof auditSchema>;
export type ReleaseChannel = FromContract<typeof consoleChannelSchema>;
export type ReleaseMoveResult = FromContract<typeof moveSchema>;
