/**
 * E-mail address verification (docs/SECURITY.md "Free credit"). Register answers with a session
 * at once, but the sign-up bonus, and the reward of whoever invited the driver, wait until the
 * driver opens the link e-mailed to the address: one working mailbox per bonus.
 *
 * The link carries `<user id>.<expiry>.<signature>`: an HMAC-SHA256 under the link-signing key
 * of the user, the address it was sent to and the expiry. Nothing is stored; a link for an
 * address the driver has since changed, an expired one or a forged one does nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGN_UP_BONUS_CENTS, type CountryCode, type Language } from '@blockpilot/shared/constants';
import { formatCents } from '@blockpilot/shared/format';
import type { AppContext } from '../../context.js';
import { grantListedAdmin } from '../admin/adminEmails.js';
import { accountChanged } from '../search/changes.js';
import { credit, ledgerKey } from '../../domain/ledger.js';
import { REGIONS } from '../../domain/regions.js';
import { translate } from '../../domain/translate.js';
import { inviteRewardPaid, payInviteRewardIfDue } from '../store/orders.js';

/** The bonus as the driver's own money: "$10.00" (docs/FRONTEND.md, "Money and dates"). */
const bonusOf = (country: CountryCode, language: Language) => formatCents(REGIONS[country].currencySymbol, SIGN_UP_BONUS_CENTS, language);

/** What register answers: the bonus is there once the address is confirmed. */
export function signUpBonusNotice(country: CountryCode, language: Language): string {
  return translate(language, 'api.alert.signUpBonus', { bonus: bonusOf(country, language) });
}

/** The path of the link; the server answers it with a redirect to the dashboard. */
export const VERIFY_EMAIL_PATH = '/verifyEmail';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signature(key: Buffer, userId: string, email: string, expiresAtSeconds: number): Buffer {
  return createHmac('sha256', key).update(`verify-email\n${userId}\n${email}\n${expiresAtSeconds}`).digest();
}

/** The token of a verification link for this user and address, valid until `expiresAt`. */
export function emailVerificationToken(key: Buffer, userId: string, email: string, expiresAt: Date): string {
  const expiresAtSeconds = Math.floor(expiresAt.getTime() / 1000);
  return `${userId}.${expiresAtSeconds}.${signature(key, userId, email, expiresAtSeconds).toString('base64url')}`;
}

/** E-mails the driver their verification link (in the background), in their account language. */
export function sendVerificationEmail(ctx: AppContext, user: { id: string; email: string; language: Language; country: CountryCode }): void {
  const expiresAt = new Date(ctx.clock.now().getTime() + ctx.config.auth.verifyLinkTtlMs);
  const link = `${ctx.config.publicUrl}${VERIFY_EMAIL_PATH}/${emailVerificationToken(ctx.linkSigningKey, user.id, user.email, expiresAt)}`;
  const bonus = bonusOf(user.country, user.language);
  const hours = Math.round(ctx.config.auth.verifyLinkTtlMs / 3_600_000);
  ctx.background.run('verification e-mail', () =>
    ctx.mailer.send({
      to: user.email,
      subject: translate(user.language, 'email.verify.subject'),
      text: translate(user.language, 'email.verify.text', { bonus, hours, link }),
    }),
  );
}

/** The user a verification token names, if its signature, address and expiry hold; else null. */
async function userOfToken(ctx: AppContext, token: string): Promise<{ id: string } | null> {
  const [userId, expiry, signed, ...rest] = token.split('.');
  if (!userId || !UUID.test(userId) || !expiry || !/^\d{1,12}$/.test(expiry) || !signed || rest.length > 0) return null;
  const expiresAtSeconds = Number(expiry);
  if (expiresAtSeconds * 1000 <= ctx.clock.now().getTime()) return null;
  const user = await ctx.db.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
  const expected = signature(ctx.linkSigningKey, user.id, user.email, expiresAtSeconds);
  const presented = Buffer.from(signed, 'base64url');
  return presented.length === expected.length && timingSafeEqual(presented, expected) ? user : null;
}

/**
 * Marks the address verified and credits the sign-up bonus (its ledger key makes it once however
 * often the link is opened), then pays the inviter's reward if the driver's top-ups already earned
 * it. False for a link that does not verify.
 */
export async function verifyEmail(ctx: AppContext, token: string): Promise<boolean> {
  const user = await userOfToken(ctx, token);
  if (!user) return false;
  await confirmEmailAddress(ctx, user.id);
  return true;
}

/**
 * The verified driver's bonus, any invite reward they earned, and the admin role when ADMIN_EMAILS
 * lists the address (docs/OPERATIONS.md "Roles"): the effect of a good link.
 */
export async function confirmEmailAddress(ctx: AppContext, userId: string): Promise<void> {
  const now = ctx.clock.now();
  const rewardedInviter = await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ email_verified_at: now }).where('id', '=', userId).where('email_verified_at', 'is', null).execute();
    await grantListedAdmin(trx, ctx.config.auth.adminEmails, userId, now);
    await credit(trx, userId, ledgerKey.signup(userId), SIGN_UP_BONUS_CENTS);
    return payInviteRewardIfDue(trx, userId);
  });
  accountChanged(ctx, userId);
  if (rewardedInviter) inviteRewardPaid(ctx, rewardedInviter);
}
