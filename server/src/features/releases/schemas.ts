/** Response schemas of the release routes (docs/RELEASES.md); their requests are the API contract's (@blockpilot/shared/api/schemas). */

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
