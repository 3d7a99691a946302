/** The release registry's calls under /api/releases (docs/RELEASES.md): publish, promote, roll back, preview links, tokens. */
import { LOAD_ERROR_NAME, REMOTES, RELEASE_CHANNEL_NAME } from '../../constants.js';
import { closedObject, optionalText, text, uuid, type FromContract } from './fields.js';

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

export const publishBody = closedObject(['files'], {
  gitCommit: { type: 'string', pattern: '^[0-9a-f]{7,64}$' },
  files: {
    type: 'array',
    minItems: 1,
    maxItems: 2000,
    items: closedObject(['path', 'content', 'integrity'], {
      path: filePath,
      content: { type: 'string', maxLength: 40 * 1024 * 1024, description: 'base64 of the file' },
      integrity,
    }),
  },
});

export const hostedBody = closedObject(['url'], {
  gitCommit: publishBody.properties.gitCommit,
  url: {
    type: 'string',
    minLength: 12,
    maxLength: 2000,
    pattern: '^https?://[^\\s]+$',
    description: "The URL of the build's mf-manifest.json, on one of RELEASE_HOSTED_ORIGINS",
  },
});

export const promoteBody = closedObject(['remote', 'version'], {
  remote: remoteName,
  version,
  expectedRevision: {
    type: 'integer',
    minimum: 0,
    description: "Refuse (409) if the remote moved on the channel after this revision (the remote's `revision` in status, or the channel's)",
  },
  percent: { type: 'integer', minimum: 0, maximum: 100, description: 'Under 100: a canary for this share of signed-in users, sticky per user' },
  users: { type: 'array', maxItems: 500, uniqueItems: true, items: text(254), description: 'User ids or e-mail addresses that always get the canary' },
  steps: {
    type: 'array',
    minItems: 2,
    maxItems: 10,
    items: { type: 'integer', minimum: 1, maximum: 100 },
    description:
      'A stepped canary: the percentages it widens through, ascending, ending at 100 (which promotes it); the first is its percentage. Needs holdSeconds and minHealthyLoads',
  },
  holdSeconds: { type: 'integer', minimum: 0, maximum: 30 * 86_400, description: 'A stepped canary: how long each step is held at least' },
  minHealthyLoads: {
    type: 'integer',
    minimum: 0,
    maximum: 1_000_000,
    description: 'A stepped canary: signed-in users who must load it healthily during each step before the next',
  },
  force: { type: 'boolean', description: 'Go live despite the compatibility gate (needs a reason; recorded)' },
  reason,
});

export const rollbackBody = closedObject(['remote'], {
  remote: remoteName,
  expectedRevision: promoteBody.properties.expectedRevision,
  force: promoteBody.properties.force,
  reason,
});

export const releaseListQuery = { type: 'object', additionalProperties: false, properties: { remote: remoteName } } as const;
/** How many entries, 1 to 500, as a query string writes a number (the API does not coerce types). */
const auditLimit = { type: 'string', pattern: '^([1-9][0-9]?|[1-4][0-9]{2}|500)$', description: 'How many entries, newest first: 1 to 500 (default 100)' } as const;
export const releaseAuditQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { remote: remoteName, channel: channelName, limit: auditLimit },
} as const;

export const mintReleaseTokenBody = closedObject(['label', 'remote'], { label: text(100), remote: remoteName });
export const tokenParams = { type: 'object', required: ['id'], properties: { id: uuid } } as const;
const previewHours = { type: 'integer', minimum: 1, maximum: 720, description: 'How long the link works (default RELEASE_PREVIEW_LINK_HOURS)' } as const;
export const previewLinkBody = { type: 'object', additionalProperties: false, properties: { hours: previewHours } } as const;
export const channelPreviewLinkBody = closedObject(['remote'], { remote: remoteName, hours: previewHours });
/**
 * A browser's vote on a release it was assigned (docs/RELEASES.md "Canary"): it rendered, or it
 * failed, at which stage, with the error's name and the SHA-256 of its stack, never its message.
 * `errorName` and `stage` come with a failure only.
 */
export const loadReportBody = closedObject(['releaseId', 'assignment', 'failed'], {
  releaseId: uuid,
  assignment: { type: 'string', maxLength: 100, pattern: '^\\d{1,12}\\.[A-Za-z0-9_-]{43}$', description: 'The assignment /remotes.json gave with the release' },
  failed: { type: 'boolean' },
  stage: { type: 'string', enum: ['load', 'render', 'mount'], description: 'Where it failed: loading its code, rendering, or mounting through its lifecycle' },
  errorName: { type: 'string', pattern: LOAD_ERROR_NAME.source, description: "The error's name, e.g. TypeError" },
  stackHash: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'SHA-256 (hex) of the stack without its message line' },
});

export type PublishBody = FromContract<typeof publishBody>;
export type HostedBody = FromContract<typeof hostedBody>;
export type PromoteBody = FromContract<typeof promoteBody>;
export type RollbackBody = FromContract<typeof rollbackBody>;
export type ReleaseAuditQuery = FromContract<typeof releaseAuditQuery>;
export type LoadReportBody = FromContract<typeof loadReportBody>;
