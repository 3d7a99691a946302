/**
 * Questions to support: stored first (nothing is lost if mail fails), then e-mailed to the support
 * address. Who sent one is known only from the session (docs/OPERATIONS.md "Support inbox"): the
 * address typed in the form is anyone's to type.
 */
import type { SupportMessage } from '@blockpilot/shared/types';
import type { AppContext } from '../../context.js';

/**
 * The ticket is linked to the signed-in sender's account, never to the account of the address
 * typed; its sender is verified only when that account's verified address is the one typed.
 */
export async function submitQuestion(ctx: AppContext, message: SupportMessage, userId: string | null): Promise<void> {
  const email = message.emailAddress.trim();
  const account = userId ? await ctx.db.selectFrom('users').select(['email', 'email_verified_at']).where('id', '=', userId).executeTakeFirst() : undefined;
  const senderVerified = account !== undefined && account.email_verified_at !== null && account.email === email.toLowerCase();
  const { id } = await ctx.db
    .insertInto('support_messages')
    .values({
      user_id: userId,
      sender_verified: senderVerified,
      full_name: message.fullName.trim(),
      email,
      phone_number: message.phoneNumber.trim(),
      question: message.question.trim(),
      created_at: ctx.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ctx.background.run('support e-mail', () =>
    ctx.mailer.send({
      to: ctx.config.mail.supportAddress,
      replyTo: email,
      subject: `Question #${id} from ${message.fullName.trim()}`,
      text: [
        `From: ${message.fullName.trim()} <${email}>, phone ${message.phoneNumber.trim()}`,
        userId ? `Signed in as user ${userId}` : 'Not signed in',
        senderVerified ? 'Sender verified: the account of this address' : 'Sender not verified: anyone may have typed this address',
        '',
        message.question.trim(),
      ].join('\n'),
    }),
  );
}
