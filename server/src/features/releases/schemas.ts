/** JSON schemas of the release routes (docs/RELEASES.md), and the request types they describe. */
import { REMOTES, RELEASE_CHANNEL_NAME } from '@blockpilot/shared/constants';
import { optionalText, text, uuid } from '../../http/schemas.js';

export const remoteName = { type: 'string', enum: REMOTES.map((remote) => remote.name), description: 'Federation name of the remote, e.g. mf_auth' } as const;
/** Semantic version without build metadata (`+...` would not survive a URL path unescaped). */
const version = {
  type: 'string',
  minLength: 5,
  maxLength: 64,
  pattern: '^\\d+\\.\\d+\\.\\d+(-[0-9A-Za-z.-]+)?$',
  description: 'Semantic version, e.g. 1.4.0 or 1.4.0-rc.1',
} as const;
const channelName = { type: 'string', pattern: RELEASE_CHANNEL_NAME.source, description: 'production, staging, or a named preview channel' } as const;
/** A file path inside the build: relative, forward slashes, no `.` or `..` segments. */
// No segment starts with a dot, so neither '.' nor '..' can climb out of the release's folder
// (written without a lookahead: the fuzzer generates values from every route's patterns).
const filePath = { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-][A-Za-z0-9._-]*(/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$' } as const;
const integrity = { type: 'string', pattern: '^sha384-[A-Za-z0-9+/]{64}$', description: "SRI form of the file's sha384" } as const;
const reason = optionalText(500);

export const remoteParams = { type: 'object', required: ['remote'], properties: { remote: remoteName } } as const;
export const releaseParams = { type: 'object', required: ['remote', 'version'], properties: { remote: remoteName, version } } as const;
export const channelParams = { type: 'object', required: ['channel'], properties: { channel: channelName } } as const;

export const publishBody = {
  type: 'object',
  additionalProperties: false,
  required: ['files'],
  properties: {
    gitCommit: { type: 'string', pattern: '^[0-9a-f]{7,64}$' },
    files: {
      type: 'array',
      minItems: 1,
      maxItems: 2000,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['path', 'content', 'integrity'],
        // The sender's hash proves the bytes arrived as built (a damaged base64 text fails it).
        properties: { path: filePath, content: { type: 'string', maxLength: 40 * 1024 * 1024, description: 'base64 of the file' }, integrity },
      },
    },
  },
} as const;
export interface PublishBody {
  gitCommit?: string;
  files: Array<{ path: string; content: string; integrity: string }>;
}

export const hostedBody = {
  type: 'object',
  additionalProperties: false,
  required: ['url'],
  properties: {
    gitCommit: publishBody.properties.gitCommit,
    url: {
      type: 'string',
      minLength: 12,
      maxLength: 2000,
      pattern: '^https?://[^\\s]+$',
      description: "The URL of the build's mf-manifest.json, on one of RELEASE_HOSTED_ORIGINS",
    },
  },
} as const;
export interface HostedBody {
  gitCommit?: string;
  url: string;
}

export const promoteBody = {
  type: 'object',
  additionalProperties: false,
  required: ['remote', 'version'],
  properties: {
    remote: remoteName,
    version,
    expectedRevision: { type: 'integer', minimum: 0, description: 'Refuse (409) unless the channel is still at this revision' },
    percent: { type: 'integer', minimum: 0, maximum: 100, description: 'Under 100: a canary for this share of signed-in users, sticky per user' },
    users: { type: 'array', maxItems: 500, uniqueItems: true, items: text(254), description: 'User ids or e-mail addresses that always get the canary' },
    force: { type: 'boolean', description: 'Go live despite the compatibility gate (needs a reason; recorded)' },
    reason,
  },
} as const;
export interface PromoteBody {
  remote: string;
  version: string;
  expectedRevision?: number;
  percent?: number;
  users?: string[];
  force?: boolean;
  reason?: string;
}

export const rollbackBody = {
  type: 'object',
  additionalProperties: false,
  required: ['remote'],
  properties: { remote: remoteName, expectedRevision: promoteBody.properties.expectedRevision, force: promoteBody.properties.force, reason },
} as const;
export interface RollbackBody {
  remote: string;
  expectedRevision?: number;
  force?: boolean;
  reason?: string;
}

export const listQuery = { type: 'object', additionalProperties: false, properties: { remote: remoteName } } as const;
export const auditQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { remote: remoteName, channel: channelName, limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 } },
} as const;
export interface AuditQuery {
  remote?: string;
  channel?: string;
  limit?: number;
}

export const mintTokenBody = { type: 'object', additionalProperties: false, required: ['label', 'remote'], properties: { label: text(100), remote: remoteName } } as const;
export const tokenParams = { type: 'object', required: ['id'], properties: { id: uuid } } as const;
const previewHours = { type: 'integer', minimum: 1, maximum: 720, description: 'How long the link works (default RELEASE_PREVIEW_LINK_HOURS)' } as const;
export const previewLinkBody = { type: 'object', additionalProperties: false, properties: { hours: previewHours } } as const;
export const channelPreviewLinkBody = { type: 'object', additionalProperties: false, required: ['remote'], properties: { remote: remoteName, hours: previewHours } } as const;
export const previewLinkSchema = { type: 'object', properties: { url: { type: 'string' }, expiresAt: { type: 'string' } } } as const;
export const loadReportBody = {
  type: 'object',
  additionalProperties: false,
  required: ['releaseId', 'failed'],
  properties: { releaseId: uuid, failed: { type: 'boolean' } },
} as const;

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
    files: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, integrity: { type: 'string' }, size: { type: 'integer' } } } },
  },
} as const;

const mismatch = { type: 'object', properties: { kind: { type: 'string' }, subject: { type: 'string' }, party: { type: 'string' }, message: { type: 'string' } } } as const;
export const moveSchema = {
  type: 'object',
  properties: {
    channel: { type: 'string' },
    revision: { type: 'integer' },
    remote: { type: 'string' },
    action: { type: 'string', enum: ['promote', 'canary', 'rollback', 'canary-rollback', 'unchanged'] },
    version: { type: 'string' },
    fromVersion: { type: ['string', 'null'] },
    forced: { type: 'boolean' },
    mismatches: { type: 'array', items: mismatch },
  },
} as const;

const versionRef = { type: 'object', properties: { id: { type: 'string' }, version: { type: 'string' } } } as const;
export const channelSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    revision: { type: 'integer' },
    updatedAt: { type: 'string' },
    entries: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          remote: { type: 'string' },
          release: versionRef,
          canary: {
            anyOf: [
              { type: 'null' },
              { type: 'object', properties: { ...versionRef.properties, percent: { type: 'integer' }, users: { type: 'array', items: { type: 'string' } } } },
            ],
          },
        },
      },
    },
  },
} as const;

export const auditSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    at: { type: 'string' },
    actor: { type: 'string' },
    action: { type: 'string' },
    channel: { type: ['string', 'null'] },
    remote: { type: ['string', 'null'] },
    fromVersion: { type: ['string', 'null'] },
    toVersion: { type: ['string', 'null'] },
    revision: { type: ['integer', 'null'] },
    reason: { type: ['string', 'null'] },
    forced: { type: 'boolean' },
    detail: { type: 'object', additionalProperties: true },
  },
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
