/**
 * The embedded mail adapter: nothing leaves the machine; each message is kept in the outbox table,
 * where the operator (GET /dev/outbox, or `node server/dist/cli/outbox.js`) and the browser tests
 * read it, e.g. to follow a password-reset link.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { Mailer, MailMessage } from './types.js';

/** A kept message as the outbox page and CLI show it. */
export interface OutboxMessage extends MailMessage {
  id: number;
  createdAt: string;
}

export class OutboxMailer implements Mailer {
  readonly kind = 'outbox';

  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async send({ to, subject, text, replyTo, headers = {} }: MailMessage): Promise<void> {
    await this.db
      .insertInto('outbox')
      .values({ to_address: to, subject, text, reply_to: replyTo ?? null, headers: JSON.stringify(headers) })
      .execute();
  }

  async close(): Promise<void> {}
}

/** The newest kept messages first, optionally only those to one address. */
export async function readOutbox(db: Kysely<DatabaseSchema>, { to, limit = 50 }: { to?: string; limit?: number } = {}): Promise<OutboxMessage[]> {
  let query = db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit);
  if (to) query = query.where('to_address', '=', to.trim().toLowerCase());
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text,
    ...(row.reply_to ? { replyTo: row.reply_to } : {}),
    headers: row.headers,
    createdAt: row.created_at.toISOString(),
  }));
}
