/**
 * The audit log (docs/OPERATIONS.md "Audit"): every change an operator makes writes one entry
 * saying who did what to whom, why, and the state before and after. A change and its entry are
 * written in the same transaction, so there is never a change without its record (nor a record of
 * a change that rolled back). A read of personal data is recorded once per operator, subject and
 * hour. The database refuses to update or delete an entry (migration 0026).
 */
import type { Kysely } from 'kysely';
import type { AuditEntry } from '@blockpilot/shared/types';
import type { DatabaseSchema } from '../../db/schema.js';
import { REGIONS } from '../../domain/regions.js';

/** Who acts: an operator, or (the ADMIN_EMAILS bootstrap) the configuration itself. */
export interface Actor {
  id: string | null;
  email: string;
}

export interface AuditRecord {
  /** `<area>.<verb>`: `user.credit`, `ticket.reply`, `users.search`. */
  action: string;
  targetUserId?: string | null;
  subject?: string | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

export async function recordAudit(db: Kysely<DatabaseSchema>, actor: Actor, record: AuditRecord, now: Date): Promise<void> {
  await db
    .insertInto('audit_entries')
    .values({
      actor_id: actor.id,
      actor_email: actor.email,
      action: record.action,
      target_user_id: record.targetUserId ?? null,
      subject: record.subject ?? null,
      reason: record.reason ?? null,
      before: json(record.before),
      after: json(record.after),
      created_at: now,
    })
    .execute();
}

/** A read of personal data: `subject` names what was read (`user:<id>`, `ticket:<n>`, `search:<q>`). */
export interface AuditRead {
  action: string;
  subject: string;
  targetUserId?: string | null;
  after?: unknown;
}

const HOUR_MS = 3_600_000;

/**
 * Records the read unless this operator read the same subject this hour already: the entry's
 * `read_hour` and the unique index over (actor, action, subject, hour) keep one entry however many
 * reads arrive at once (a poll, a flood of requests).
 */
export async function recordRead(db: Kysely<DatabaseSchema>, actor: Actor, read: AuditRead, now: Date): Promise<void> {
  await db
    .insertInto('audit_entries')
    .values({
      actor_id: actor.id,
      actor_email: actor.email,
      action: read.action,
      target_user_id: read.targetUserId ?? null,
      subject: read.subject,
      after: json(read.after),
      read_hour: new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS),
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['actor_id', 'action', 'subject', 'read_hour']).where('read_hour', 'is not', null).doNothing())
    .execute();
}

export interface AuditQuery {
  /** Words, each found (in part) in the actor's e-mail, the action, the subject, the reason or the driver's e-mail. */
  q?: string | undefined;
  targetUserId?: string | undefined;
  /** Entries older than this id (paging: newest first). */
  before?: number | undefined;
}

export const AUDIT_PAGE_SIZE = 100;

/** The most words of a search that count: a search is a few words, not a text. */
const MAX_SEARCH_WORDS = 10;

/** Entries newest first, at most {@link AUDIT_PAGE_SIZE}. */
export async function searchAudit(db: Kysely<DatabaseSchema>, { q, targetUserId, before }: AuditQuery): Promise<AuditEntry[]> {
  let query = db
    .selectFrom('audit_entries')
    .leftJoin('users as target', 'target.id', 'audit_entries.target_user_id')
    .selectAll('audit_entries')
    .select('target.country_code as target_country')
    .orderBy('audit_entries.id', 'desc')
    .limit(AUDIT_PAGE_SIZE);
  if (targetUserId) query = query.where('audit_entries.target_user_id', '=', targetUserId);
  if (before !== undefined) query = query.where('audit_entries.id', '<', before);
  for (const word of (q ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS)) {
    const like = containing(word);
    query = query.where((eb) =>
      eb.or([
        eb('audit_entries.actor_email', 'ilike', like),
        eb('audit_entries.action', 'ilike', like),
        eb('audit_entries.subject', 'ilike', like),
        eb('audit_entries.reason', 'ilike', like),
        eb('target.email', 'ilike', like),
      ]),
    );
  }
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    actorId: r.actor_id,
    actorEmail: r.actor_email,
    action: r.action,
    targetUserId: r.target_user_id,
    subject: r.subject,
    reason: r.reason,
    before: r.before ?? null,
    after: r.after ?? null,
    currencySymbol: r.target_country ? REGIONS[r.target_country].currencySymbol : null,
    createdAt: r.created_at.getTime(),
  }));
}

/** An ILIKE pattern matching `term` anywhere, its own `%`, `_` and `\` taken literally. */
export function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
