/**
 * The audit log (docs/OPERATIONS.md "Audit"): every operator route writes one entry saying who
 * did what to whom, why, and the state before and after. A change and its entry are written in
 * the same transaction, so there is never a change without its record (nor a record of a change
 * that rolled back).
 */
import type { Kysely } from 'kysely';
import type { AuditEntry } from '@blockpilot/shared/types';
import type { DatabaseSchema } from '../../db/schema.js';

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

export interface AuditQuery {
  /** Matches the actor's e-mail, the action or the subject (part of it). */
  q?: string | undefined;
  targetUserId?: string | undefined;
  /** Entries older than this id (paging: newest first). */
  before?: number | undefined;
}

export const AUDIT_PAGE_SIZE = 100;

/** Entries newest first, at most {@link AUDIT_PAGE_SIZE}. */
export async function searchAudit(db: Kysely<DatabaseSchema>, { q, targetUserId, before }: AuditQuery): Promise<AuditEntry[]> {
  let query = db.selectFrom('audit_entries').selectAll().orderBy('id', 'desc').limit(AUDIT_PAGE_SIZE);
  if (targetUserId) query = query.where('target_user_id', '=', targetUserId);
  if (before !== undefined) query = query.where('id', '<', before);
  const term = q?.trim();
  if (term) {
    const like = containing(term);
    query = query.where((eb) => eb.or([eb('actor_email', 'ilike', like), eb('action', 'ilike', like), eb('subject', 'ilike', like)]));
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
    createdAt: r.created_at.getTime(),
  }));
}

/** An ILIKE pattern matching `term` anywhere, its own `%`, `_` and `\` taken literally. */
export function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
