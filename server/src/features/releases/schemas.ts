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
    firstLoadBytes: {
      type: ['integer', 'null'],
      description: "Gzipped bytes of its remote entry and ./App's first scripts, measured at publish (the first-load budget); null before they were measured",
    },
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
    action: { type: 'string', enum: ['promote', 'canary', 'canary-step', 'rollback', 'canary-rollback', 'unchanged'] },
    version: { type: 'string' },
    fromVersion: { type: ['string', 'null'] },
    forced: { type: 'boolean' },
    mismatches: { type: 'array', items: mismatch },
  },
} as const;

const versionRef = { type: 'object', properties: { id: { type: 'string' }, version: { type: 'string' } } } as const;
/** A release's load votes on the channel (docs/RELEASES.md "Canary"): one per signed-in user who was assigned it. */
const releaseHealth = {
  type: 'object',
  properties: {
    healthy: { type: 'integer', description: 'Users whose browsers rendered it and never saw it fail' },
    failed: { type: 'integer', description: 'Users whose browsers failed to load it or saw it throw while rendering or mounting' },
    users: { type: 'integer', description: 'Distinct users who voted: the number RELEASE_CANARY_MIN_REPORTS is compared with' },
    lastFailure: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          properties: {
            stage: { type: 'string', enum: ['load', 'render', 'mount'] },
            errorName: { type: 'string' },
            stackHash: { type: ['string', 'null'] },
            at: { type: 'string' },
          },
        },
      ],
    },
  },
} as const;
/** A stepped canary's schedule and where it is (docs/RELEASES.md "Canary"). */
const canarySchedule = {
  type: 'object',
  properties: {
    steps: { type: 'array', items: { type: 'integer' }, description: 'The percentages it widens through, ending at 100 (which promotes it)' },
    stepIndex: { type: 'integer', description: 'Index in steps of the step it is at' },
    holdSeconds: { type: 'integer', description: 'How long each step is held at least' },
    minHealthyLoads: { type: 'integer', description: 'Healthy loads each step needs before the next' },
    stepStartedAt: { type: 'string', description: 'When this step began' },
    nextStepAt: { type: 'string', description: "When this step's hold ends: the earliest time of the next step, which also waits for the loads and a healthy verdict" },
    healthyLoads: { type: 'integer', description: 'Users whose browsers loaded it healthily since this step began' },
  },
} as const;
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
          revision: { type: 'integer', description: "The channel revision of this remote's last move here: what a move of it sends as expectedRevision" },
          release: { type: 'object', properties: { ...versionRef.properties, health: releaseHealth } },
          canary: {
            anyOf: [
              { type: 'null' },
              {
                type: 'object',
                properties: {
                  ...versionRef.properties,
                  percent: { type: 'integer' },
                  users: { type: 'array', items: { type: 'string' } },
                  health: releaseHealth,
                  verdict: { type: 'string', enum: ['waiting', 'healthy', 'failing'], description: "The canary guard's verdict on its health" },
                  schedule: { anyOf: [{ type: 'null' }, canarySchedule], description: 'Its steps when it is a stepped canary' },
                },
              },
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
