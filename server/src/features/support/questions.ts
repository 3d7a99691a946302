/** Questions to support: stored first (nothing is lost if mail fails), then e-mailed to the support address. */
import type { SupportMessage } from '@blockpilot/shared/types';
import type { AppContext } from '../../context.js';

export async function submitQuestion(ctx: AppContext, message: SupportMessage, userId: string | null): Promise<void> {
  const email = message.emailAddress.trim();
  // The inbox links the ticket to the driver's account: the signed-in one, else the account of that address.
  const owner = userId ?? (await ctx.db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst())?.id ?? null;
  const { id } = await ctx.db
    .insertInto('support_messages')
    .values({
      user_id: owner,
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
        '',
        message.question.trim(),
      ].join('\n'),
    }),
  );
}
