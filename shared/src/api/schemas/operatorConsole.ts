/**
 * What the operator console's calls answer (mf-admin and /api/admin; docs/OPERATIONS.md). The
 * server answers with these schemas and the console's types are derived from them
 * (docs/ARCHITECTURE.md section 4.1, "The contract"). Times are epoch ms.
 */
import { LANGUAGES, ROLES } from '../../constants.js';
import { ORDER_STATUSES } from './store.js';
import { logEntrySchema } from './logs.js';
import { closedObject, type FromContract } from './fields.js';

export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export const PROMOTION_STATUSES = ['draft', 'sending', 'sent'] as const;
export const CREDIT_ADJUSTMENT_STATUSES = ['applied', 'pending', 'approved'] as const;

const epochMs = { type: 'number', description: 'Epoch ms' } as const;
const nullableMs = { type: ['number', 'null'], description: 'Epoch ms, or null' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const role = { type: 'string', enum: ROLES } as const;

/** A driver in the console's search results. */
export const userSummarySchema = closedObject(['id', 'emailAddress', 'displayName', 'role', 'credit', 'currencySymbol', 'searching', 'suspended', 'platformUserId', 'createdAt'], {
  id: { type: 'string' },
  emailAddress: { type: 'string' },
  displayName: { type: 'string' },
  role,
  credit: { type: 'integer', description: 'Cents' },
  currencySymbol: { type: 'string', description: "The driver's currency (their region's), for the credit and every amount of theirs" },
  searching: { type: 'boolean' },
  suspended: { type: 'boolean' },
  platformUserId: nullableText,
  createdAt: epochMs,
});

/** An order at the payment provider, as the console lists a driver's. */
export const adminOrderSchema = closedObject(['id', 'kind', 'amountCents', 'currency', 'membershipPlanId', 'status', 'createdAt', 'settledAt', 'refundedAt'], {
  id: { type: 'string' },
  kind: { type: 'string', enum: ['topup', 'membership'] },
  amountCents: { type: 'integer' },
  currency: { type: 'string' },
  membershipPlanId: nullableText,
  status: { type: 'string', enum: ORDER_STATUSES },
  createdAt: epochMs,
  settledAt: nullableMs,
  refundedAt: nullableMs,
});

const ticketStatus = { type: 'string', enum: TICKET_STATUSES } as const;

/** A contact or help message in the support inbox. */
export const ticketSummarySchema = closedObject(['id', 'status', 'fullName', 'emailAddress', 'userId', 'senderVerified', 'question', 'createdAt'], {
  id: { type: 'integer' },
  status: ticketStatus,
  fullName: { type: 'string' },
  emailAddress: { type: 'string' },
  userId: { ...nullableText, description: "The sender's account: set only when the message was sent signed in" },
  senderVerified: { type: 'boolean', description: 'Sent signed in from the account whose verified address it carries; false: anyone may have typed the address' },
  question: { type: 'string' },
  createdAt: epochMs,
});

export const ticketReplySchema = closedObject(['id', 'authorEmail', 'text', 'createdAt'], {
  id: { type: 'integer' },
  authorEmail: { type: 'string' },
  text: { type: 'string' },
  createdAt: epochMs,
});

/** A support message with its replies. */
export const ticketSchema = {
  ...ticketSummarySchema,
  required: [...ticketSummarySchema.required, 'phoneNumber', 'replies'],
  properties: {
    ...ticketSummarySchema.properties,
    phoneNumber: { type: 'string' },
    replies: { type: 'array', items: ticketReplySchema },
  },
} as const;

/** One change of credit, as the ledger holds it. */
export const adminLedgerEntrySchema = closedObject(['key', 'kind', 'amountCents', 'reason', 'createdAt'], {
  key: { type: 'string' },
  kind: { type: 'string' },
  amountCents: { type: 'integer' },
  reason: { ...nullableText, description: "An adjustment's reason as the operator gave it; null for other entries" },
  createdAt: epochMs,
});

const linkedUser = closedObject(['id', 'emailAddress'], { id: { type: 'string' }, emailAddress: { type: 'string' } });

/** Everything the console shows about one driver. */
export const userDetailSchema = closedObject(
  [
    ...userSummarySchema.required,
    'phoneNumber',
    'countryCode',
    'suspendedAt',
    'shareableCode',
    'ledger',
    'orders',
    'trialEndsAt',
    'membershipEndsAt',
    'invitedBy',
    'invited',
    'search',
    'notifications',
    'tickets',
  ],
  {
    ...userSummarySchema.properties,
    phoneNumber: { type: 'string' },
    countryCode: { type: 'string' },
    suspendedAt: nullableMs,
    shareableCode: { type: 'string' },
    ledger: { type: 'array', items: adminLedgerEntrySchema, description: 'Newest first' },
    orders: { type: 'array', items: adminOrderSchema },
    trialEndsAt: nullableMs,
    membershipEndsAt: nullableMs,
    invitedBy: { anyOf: [linkedUser, { type: 'null' }] },
    invited: { type: 'array', items: { ...linkedUser, required: [...linkedUser.required, 'createdAt'], properties: { ...linkedUser.properties, createdAt: epochMs } } },
    search: closedObject(['flexConnected', 'puzzleRequired', 'platformAccount', 'recentLog'], {
      flexConnected: { type: 'boolean' },
      puzzleRequired: { type: 'boolean' },
      platformAccount: {
        anyOf: [
          closedObject(['region', 'platformUserId', 'connectedAt'], { region: { type: 'string' }, platformUserId: { type: 'string' }, connectedAt: epochMs }),
          { type: 'null' },
        ],
      },
      recentLog: { type: 'array', items: logEntrySchema },
    }),
    notifications: closedObject(['emailAddress', 'whatsAppNumber', 'telegramConnected', 'promotionsOptedOutAt'], {
      emailAddress: { type: 'string' },
      whatsAppNumber: { type: 'string' },
      telegramConnected: { type: 'boolean' },
      promotionsOptedOutAt: nullableMs,
    }),
    tickets: { type: 'array', items: ticketSummarySchema },
  },
);

/** One operator action in the audit log. */
export const auditEntrySchema = closedObject(['id', 'actorId', 'actorEmail', 'action', 'targetUserId', 'subject', 'reason', 'before', 'after', 'createdAt'], {
  id: { type: 'integer' },
  actorId: nullableText,
  actorEmail: { type: 'string' },
  action: { type: 'string' },
  targetUserId: nullableText,
  subject: nullableText,
  reason: nullableText,
  before: { description: 'The state before (any JSON), or null' },
  after: { description: 'The state after (any JSON), or null' },
  currencySymbol: { ...nullableText, description: "The driver's currency, for the amounts in before and after (cents), or null" },
  createdAt: epochMs,
});

/** A knowledge-base article as the console edits it (docs/OPERATIONS.md "Knowledge base"). */
export const knowledgeBaseArticleSchema = closedObject(['id', 'question', 'answer', 'published', 'language', 'updatedAt'], {
  id: { type: 'integer' },
  question: { type: 'string' },
  answer: { type: 'string', description: "The answer's lines, joined by \\n ('' a blank line, '- ' a list item)" },
  published: { type: 'boolean', description: 'Drivers see published articles only' },
  language: { type: 'string', enum: LANGUAGES, description: 'Drivers read the articles of their page language' },
  updatedAt: epochMs,
});

const count = { type: 'integer', minimum: 0 } as const;

/** A promotional e-mail and how far its sending has got (docs/OPERATIONS.md "Promotions"). */
export const promotionSchema = closedObject(['id', 'subject', 'text', 'status', 'createdByEmail', 'createdAt', 'sendStartedAt', 'sentAt', 'delivery', 'batches'], {
  id: { type: 'integer' },
  subject: { type: 'string' },
  text: { type: 'string' },
  status: { type: 'string', enum: PROMOTION_STATUSES },
  createdByEmail: { type: 'string' },
  createdAt: epochMs,
  sendStartedAt: nullableMs,
  sentAt: nullableMs,
  delivery: closedObject(
    ['recipients', 'pending', 'sent', 'skipped', 'failed', 'unconfirmed'],
    { recipients: count, pending: count, sent: count, skipped: count, failed: count, unconfirmed: count },
    {
      description:
        'Recipients by state: sent is the delivered count; skipped opted out after sending started; failed the mail adapter refused; unconfirmed was being sent when its process stopped (never sent again)',
    },
  ),
  batches: closedObject(['total', 'done'], { total: count, done: count }, { description: 'Batches of recipients, each a job on the queue, and how many are done' }),
});

const nullableMsFigure = { type: ['number', 'null'], description: 'ms, or null when no accept left that minute' } as const;
const searchStates = {
  searching: { ...count, description: 'Drivers whose search is on (not paused)' },
  waitingOnPuzzle: { ...count, description: "Drivers stopped until they solve the platform's puzzle" },
  pausedForCredit: { ...count, description: 'Drivers paused because the credit does not cover a matching offer' },
} as const;

/** GET /api/admin/engineHealth: the last minutes of the engine, every process's, and the drivers' states now. */
export const engineHealthSchema = closedObject(['countedBy', 'now', 'minutes'], {
  countedBy: {
    type: 'array',
    items: { type: 'string' },
    description: "The processes whose counts are in the period (WORKER_ID; a search worker's ends in -worker)",
  },
  now: closedObject(['searching', 'waitingOnPuzzle', 'pausedForCredit'], searchStates),
  minutes: {
    type: 'array',
    description: 'Oldest first, ending with the current minute; none before the first minute stored (24 hours kept)',
    items: closedObject(['at', 'offersSeen', 'accepted', 'throttled', 'puzzles', 'backingOff', 'errors', 'raceP50Ms', 'raceP95Ms', 'raceP99Ms'], {
      at: { ...epochMs, description: "The minute's start, epoch ms" },
      offersSeen: count,
      accepted: count,
      throttled: count,
      puzzles: count,
      backingOff: { ...count, description: 'Drivers whose search backed off in the minute because the platform slowed it down' },
      errors: { type: 'object', additionalProperties: count, description: 'Failures by kind' },
      raceP50Ms: nullableMsFigure,
      raceP95Ms: nullableMsFigure,
      raceP99Ms: nullableMsFigure,
      ...searchStates,
    }),
  },
});

/** A job queue's depth, across every process that shares it. */
export const engineQueueSchema = closedObject(['name', 'waiting', 'active', 'delayed'], {
  name: { type: 'string', description: '`search` (a job per searching driver) or `promotion` (a job per batch)' },
  waiting: { ...count, description: 'Jobs waiting for a worker' },
  active: count,
  delayed: { ...count, description: "Jobs waiting for a retry's time" },
});

/** A search worker as its heartbeat and the leases in Redis tell it (docs/OPERATIONS.md "Engine health"). */
export const engineWorkerSchema = closedObject(
  ['id', 'host', 'pid', 'startedAt', 'lastSeenAt', 'alive', 'capacity', 'drivers', 'leases', 'searchesStarted', 'leasesLost', 'jobsLost', 'handedOver'],
  {
    id: { type: 'string', description: 'WORKER_ID' },
    host: { type: 'string' },
    pid: { type: 'integer' },
    startedAt: epochMs,
    lastSeenAt: { ...epochMs, description: 'Its latest heartbeat' },
    alive: { type: 'boolean', description: 'Heard from within the last few heartbeats' },
    capacity: count,
    drivers: { ...count, description: 'Drivers it holds, as it last said' },
    leases: { ...count, description: 'Leases in Redis naming it now' },
    searchesStarted: count,
    leasesLost: count,
    jobsLost: count,
    handedOver: count,
  },
);

/** GET /api/admin/engineHealth/workers: who runs the searches and the background jobs, now. */
export const engineWorkersSchema = closedObject(['scaledOut', 'readAt', 'workers', 'leases', 'queues'], {
  scaledOut: { type: 'boolean', description: 'False without REDIS_URL: this process runs every search and job' },
  readAt: epochMs,
  workers: { type: 'array', items: engineWorkerSchema, description: 'Workers heard from in the last 10 minutes, alive first' },
  leases: {
    type: ['object', 'null'],
    additionalProperties: false,
    required: ['held', 'unknownHolder', 'released'],
    properties: {
      held: { ...count, description: 'Leases held by a worker' },
      unknownHolder: { ...count, description: 'Of those, held by a worker with no heartbeat' },
      released: { ...count, description: "Released with the driver's pace for the next holder" },
    },
  },
  queues: { type: 'array', items: engineQueueSchema },
});

/** A deploy token as the console lists it (never its secret; docs/RELEASES.md "Tokens"). */
export const deployTokenSchema = closedObject(['id', 'label', 'remote', 'createdBy', 'createdAt', 'revokedAt'], {
  id: { type: 'string' },
  label: { type: 'string' },
  remote: { type: 'string', description: 'The one remote it may publish and move' },
  createdBy: { type: 'string', description: '`admin:<e-mail>`, or `RELEASE_TOKEN`' },
  createdAt: epochMs,
  revokedAt: nullableMs,
});

/** A token just minted: the listed fields and, this once, the token. */
export const mintedDeployTokenSchema = {
  ...deployTokenSchema,
  required: [...deployTokenSchema.required, 'token'],
  properties: { ...deployTokenSchema.properties, token: { type: 'string', description: 'The deploy token (`bprt_...`); never shown again' } },
} as const;

/** A credit adjustment waiting for, or given, a second admin's approval (docs/OPERATIONS.md "Credit adjustments"). */
export const creditAdjustmentSchema = closedObject(['id', 'userId', 'amountCents', 'reason', 'status', 'requestedBy', 'createdAt', 'approvedBy', 'approvedAt'], {
  id: { type: 'string' },
  userId: { type: 'string' },
  amountCents: { type: 'integer', description: 'Signed cents' },
  reason: { type: 'string' },
  status: { type: 'string', enum: CREDIT_ADJUSTMENT_STATUSES },
  requestedBy: { type: 'string', description: 'The e-mail of the admin who asked' },
  createdAt: epochMs,
  approvedBy: { ...nullableText, description: 'The e-mail of the admin who approved' },
  approvedAt: nullableMs,
});

/** adjustCredit's answer: the new balance, or the adjustment waiting for approval (the credit did not move). */
export const creditAdjustmentResultSchema = closedObject(['credit'], {
  credit: { type: 'integer', description: 'Cents' },
  pendingAdjustment: { ...creditAdjustmentSchema, description: 'Set when the adjustment waits for approval: the credit did not move' },
});

/** How many drivers a promotion sent now would reach (confirmed address, not opted out, not suspended). */
export const promotionAudienceSchema = closedObject(['drivers'], { drivers: { type: 'integer' } });

export type AdminUserSummary = FromContract<typeof userSummarySchema>;
export type AdminUserDetail = FromContract<typeof userDetailSchema>;
export type AdminLedgerEntry = FromContract<typeof adminLedgerEntrySchema>;
export type AdminOrder = FromContract<typeof adminOrderSchema>;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export type TicketSummary = FromContract<typeof ticketSummarySchema>;
export type TicketReply = FromContract<typeof ticketReplySchema>;
export type Ticket = FromContract<typeof ticketSchema>;
export type AuditEntry = FromContract<typeof auditEntrySchema>;
export type KnowledgeBaseArticle = FromContract<typeof knowledgeBaseArticleSchema>;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];
export type Promotion = FromContract<typeof promotionSchema>;
export type EngineHealth = FromContract<typeof engineHealthSchema>;
/** The drivers' search states at one moment (docs/OPERATIONS.md "Engine health"). */
export type EngineSearchStates = EngineHealth['now'];
/** One minute of the search engine's work, as the console charts it. States are absent for a minute never sampled. */
export type EngineHealthMinute = EngineHealth['minutes'][number];
export type EngineWorkers = FromContract<typeof engineWorkersSchema>;
export type EngineWorker = FromContract<typeof engineWorkerSchema>;
export type EngineQueue = FromContract<typeof engineQueueSchema>;
export type DeployToken = FromContract<typeof deployTokenSchema>;
export type MintedDeployToken = FromContract<typeof mintedDeployTokenSchema>;
export type CreditAdjustmentStatus = (typeof CREDIT_ADJUSTMENT_STATUSES)[number];
export type CreditAdjustmentRequest = FromContract<typeof creditAdjustmentSchema>;
export type CreditAdjustmentResult = FromContract<typeof creditAdjustmentResultSchema>;
export type PromotionAudience = FromContract<typeof promotionAudienceSchema>;
