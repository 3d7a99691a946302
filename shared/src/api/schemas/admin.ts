/** The operator console's calls under /api/admin (docs/OPERATIONS.md); answered to operators only. */
import { LANGUAGES, ROLES } from '../../constants.js';
import { closedObject, optionalText, text, uuid, type FromContract } from './fields.js';
import { remoteName } from './releases.js';

/** Minutes of search-engine health the server keeps and the console can ask for: the last 24 hours (docs/OPERATIONS.md "Engine health"). */
export const ENGINE_HEALTH_MINUTES = 24 * 60;

/** Largest credit adjustment one request may make, either way (a typo guard: $10,000). */
export const MAX_ADJUSTMENT_CENTS = 1_000_000;

/** Every action's reason, kept in the audit log: words, not only spaces or punctuation (docs/OPERATIONS.md "Audit"). */
export const reason = { ...text(500), format: 'words', description: 'Why, in a sentence (kept in the audit log)' } as const;
/** Path and query values are text (no type coercion): a ticket number is digits, read with Number. */
const positiveNumber = { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } as const;

export const byUserId = closedObject(['id'], { id: uuid });
export const byTicketId = closedObject(['id'], { id: { ...positiveNumber, description: 'The ticket number' } });
export const byArticleId = closedObject(['id'], { id: { ...positiveNumber, description: 'The article id' } });
export const byPromotionId = closedObject(['id'], { id: { ...positiveNumber, description: 'The promotion id' } });
export const byTokenId = closedObject(['id'], { id: uuid });
export const byOrderId = closedObject(['id'], { id: uuid });
export const byAdjustmentId = closedObject(['id'], { id: { ...uuid, description: 'The credit adjustment waiting for approval' } });

export const withReason = closedObject(['reason'], { reason });

export const userSearchQuery = closedObject([], { q: optionalText(200) });

export const creditBody = closedObject(['amountCents', 'reason'], {
  amountCents: { type: 'integer', minimum: -MAX_ADJUSTMENT_CENTS, maximum: MAX_ADJUSTMENT_CENTS, description: 'Signed cents: positive adds credit, negative deducts it; not 0' },
  reason,
});
export const idempotencyHeaders = {
  type: 'object',
  required: ['idempotency-key'],
  properties: {
    'idempotency-key': { type: 'string', minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$', description: 'One per adjustment (a UUID): resending it adjusts nothing more' },
  },
} as const;

export const setRoleBody = closedObject(['role', 'reason'], { role: { type: 'string', enum: ROLES }, reason });

export const ticketListQuery = closedObject([], { status: { type: 'string', enum: ['open', 'answered', 'closed'] }, q: optionalText(200) });
export const ticketReplyBody = closedObject(['text'], { text: text(10_000) });
export const ticketStatusBody = closedObject(['status'], { status: { type: 'string', enum: ['open', 'closed'] }, reason: { ...optionalText(500), format: 'words-or-empty' } });

/** A knowledge-base article as the console writes it. */
export const articleBody = closedObject(['question', 'answer', 'published'], {
  question: text(300),
  answer: { ...text(20_000), description: "The answer's lines ('' a blank line, '- ' a list item)" },
  published: { type: 'boolean', description: 'Drivers see it at once when true; a draft otherwise' },
  language: { type: 'string', enum: LANGUAGES, description: 'The language of the drivers who read it (English when left out)' },
});
export const articleOrderBody = closedObject(['ids'], {
  ids: { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 1000, uniqueItems: true, description: 'Every article id, in the new order' },
});

export const promotionBody = closedObject(['subject', 'text'], {
  subject: text(200),
  text: { ...text(20_000), description: "The message; the driver's own opt-out link is added under it" },
});

export const engineHealthQuery = closedObject([], { minutes: { ...positiveNumber, description: `How many minutes back, 1 to ${ENGINE_HEALTH_MINUTES} (default 60)` } });

export const mintDeployTokenBody = closedObject(['label', 'remote'], { label: { ...text(100), description: 'Which team or CI uses it' }, remote: remoteName });

export const auditQuery = closedObject([], { q: optionalText(200), userId: uuid, before: { ...positiveNumber, description: 'Entries older than this entry id' } });

/** The revision the console showed: a move made since is a 409, never undone blindly (docs/OPERATIONS.md "Releases"). */
const shownRevision = {
  type: 'integer',
  minimum: 0,
  description: "The revision the screen showed: the remote's own (its last move) where the channel names one, else the channel's",
} as const;
export const releaseRollbackBody = closedObject(['remote', 'expectedRevision', 'reason'], { remote: remoteName, expectedRevision: shownRevision, reason });
export const abortCanaryBody = closedObject(['remote', 'canaryId', 'expectedRevision', 'reason'], {
  remote: remoteName,
  canaryId: { ...uuid, description: 'The canary release to end (another canary started since is left running)' },
  expectedRevision: shownRevision,
  reason,
});

export type CreditAdjustment = FromContract<typeof creditBody>;
export type KnowledgeBaseArticleInput = FromContract<typeof articleBody>;
export type PromotionInput = FromContract<typeof promotionBody>;
export type TicketListQuery = FromContract<typeof ticketListQuery>;
export type AuditQuery = FromContract<typeof auditQuery>;
export type MintDeployTokenRequest = FromContract<typeof mintDeployTokenBody>;
