/**
 * The support inbox (docs/OPERATIONS.md "Support inbox"): every contact or help message is a
 * ticket, open until answered; an operator's reply goes to the sender by e-mail through the mail
 * adapter and is kept on the ticket.
 */
import type { Kysely } from 'kysely';
import { DEFAULT_LANGUAGE } from '@blockpilot/shared/constants';
import type { Ticket, TicketStatus, TicketSummary } from '@blockpilot/shared/types';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { translate } from '../../domain/translate.js';
import { conflict, notFound, refusal } from '../../domain/errors.js';
import type { AuthenticatedUser } from '../auth/authenticate.js';
import { containing, recordAudit } from './audit.js';
import { ticketSummaryOf } from './drivers.js';
import { actorOf } from './roles.js';

type Db = Kysely<DatabaseSchema>;

export const TICKET_PAGE_SIZE = 100;

const noSuchTicket = () => notFound('api.error.noSuchTicket');

export interface TicketQuery {
  status?: TicketStatus | undefined;
  /** Part of the sender's name, e-mail or question. */
  q?: string | undefined;
}

/** Tickets newest first, at most {@link TICKET_PAGE_SIZE}. */
export async function listTickets(db: Db, { status, q }: TicketQuery): Promise<TicketSummary[]> {
  let query = db.selectFrom('support_messages').selectAll().orderBy('id', 'desc').limit(TICKET_PAGE_SIZE);
  if (status) query = query.where('status', '=', status);
  const term = q?.trim();
  if (term) {
    const like = containing(term);
    query = query.where((eb) => eb.or([eb('full_name', 'ilike', like), eb('email', 'ilike', like), eb('question', 'ilike', like)]));
  }
  return (await query.execute()).map(ticketSummaryOf);
}

export async function ticketOf(db: Db, id: number): Promise<Ticket> {
  const row = await db.selectFrom('support_messages').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw noSuchTicket();
  const replies = await db.selectFrom('support_replies').selectAll().where('message_id', '=', id).orderBy('id').execute();
  return {
    ...ticketSummaryOf(row),
    phoneNumber: row.phone_number,
    replies: replies.map((r) => ({ id: r.id, authorEmail: r.author_email, text: r.text, createdAt: r.created_at.getTime() })),
  };
}

/**
 * E-mails the reply to the sender, then keeps it on the ticket and marks it answered. The e-mail
 * goes first: a reply that could not be sent is not recorded as sent (the operator sees the
 * failure and tries again). The operator's words go as written; the e-mail around them is in the
 * language of the sender's account, English when the ticket has none. A ticket whose sender is not
 * verified gets its reply at the address given, saying the sender was not verified.
 */
export async function replyToTicket(ctx: AppContext, operator: AuthenticatedUser, id: number, text: string): Promise<Ticket> {
  const ticket = await ctx.db
    .selectFrom('support_messages')
    .leftJoin('users', 'users.id', 'support_messages.user_id')
    .select(['support_messages.id', 'support_messages.email', 'full_name', 'question', 'status', 'user_id', 'sender_verified', 'users.language'])
    .where('support_messages.id', '=', id)
    .executeTakeFirst();
  if (!ticket) throw noSuchTicket();
  if (ticket.status === 'closed') throw conflict('api.error.ticketClosed');
  const reply = text.trim();
  const language = ticket.language ?? DEFAULT_LANGUAGE;
  const written = translate(language, 'email.ticketReply.text', {
    name: ticket.full_name,
    reply,
    quoted: ticket.question
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n'),
  });
  try {
    await ctx.mailer.send({
      to: ticket.email,
      replyTo: ctx.config.mail.supportAddress,
      subject: translate(language, 'email.ticketReply.subject', { ticket: ticket.id }),
      // Whoever owns the address may not have written: the reply says so (docs/OPERATIONS.md "Support inbox").
      text: ticket.sender_verified ? written : `${written}\n\n--\n${translate(language, 'email.ticketReply.unverified')}`,
    });
  } catch (error) {
    ctx.log.error({ err: error, ticket: id }, 'a support reply could not be e-mailed');
    throw refusal('BP_ERR_SERVICE_REFUSED', { words: 'api.error.replyNotSent' });
  }
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const { id: replyId } = await trx
      .insertInto('support_replies')
      .values({ message_id: id, author_id: operator.id, author_email: operator.row.email, text: reply, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('support_messages').set({ status: 'answered' }).where('id', '=', id).execute();
    await recordAudit(
      trx,
      actorOf(operator),
      { action: 'ticket.reply', targetUserId: ticket.user_id, subject: `ticket:${id}`, before: { status: ticket.status }, after: { status: 'answered', replyId } },
      now,
    );
  });
  return ticketOf(ctx.db, id);
}

/** Closes or reopens a ticket. */
export async function setTicketStatus(ctx: AppContext, operator: AuthenticatedUser, id: number, status: 'open' | 'closed', reason: string | undefined): Promise<Ticket> {
  await ctx.db.transaction().execute(async (trx) => {
    const ticket = await trx.selectFrom('support_messages').select(['status', 'user_id']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!ticket) throw noSuchTicket();
    if (ticket.status === status) throw conflict({ key: 'api.error.ticketAlreadyInStatus', values: { status } });
    await trx.updateTable('support_messages').set({ status }).where('id', '=', id).execute();
    await recordAudit(
      trx,
      actorOf(operator),
      {
        action: status === 'closed' ? 'ticket.close' : 'ticket.reopen',
        targetUserId: ticket.user_id,
        subject: `ticket:${id}`,
        reason,
        before: { status: ticket.status },
        after: { status },
      },
      ctx.clock.now(),
    );
  });
  return ticketOf(ctx.db, id);
}
