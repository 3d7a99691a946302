/**
 * Accounts and sessions: sign-up (with the sign-up bonus, the default filter and the inviter),
 * sign-in, password reset by e-mailed link, password change, sign-out. Routes validate shapes
 * (and that a confirmation repeats its password, http/fieldRules.ts); the rules live here.
 */
import type { RegisterRequest } from '@blockpilot/shared/api/schemas';
import { pageLinks } from '@blockpilot/shared/pages';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { forbidden, refusal, validationError } from '../../domain/errors.js';
import { hashToken, newCode } from '../../security/tokens.js';
import { grantListedAdmin } from '../admin/adminEmails.js';
import { DEFAULT_FILTER, insertFilter } from '../../domain/filters.js';
import { translate } from '../../domain/translate.js';
import { invalidResetLink } from './authenticate.js';
import { sendVerificationEmail } from './emailVerification.js';
import { consumeResetToken, issueToken, revokeToken, revokeUserTokens } from './tokens.js';

/** The same words whether the address is unknown or the password wrong. */
export const WRONG_CREDENTIALS = 'api.error.wrongCredentials';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const emailTaken = () =>
  refusal('BP_ERR_EMAIL_TAKEN', {
    errors: { emailAddress: 'api.field.emailTaken' },
  });

/** Creates the account with its first filter, e-mails the verification link; returns a new access token. */
export async function register(ctx: AppContext, request: RegisterRequest): Promise<string> {
  const email = normalizeEmail(request.emailAddress);
  if (await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) throw emailTaken();
  const passwordHash = await ctx.passwords.hash(request.password);
  const now = ctx.clock.now();
  try {
    const created = await ctx.db.transaction().execute(async (trx) => {
      const inviteCode = request.inviteCode?.trim().toUpperCase();
      // An unknown code does not stop a sign-up: the driver came for the product, not the code.
      const inviter = inviteCode ? await trx.selectFrom('users').select('id').where('shareable_code', '=', inviteCode).executeTakeFirst() : undefined;
      const { id, language } = await trx
        .insertInto('users')
        .values({
          email,
          phone_number: request.phoneNumber.trim(),
          country_code: request.country_code,
          password_hash: passwordHash,
          display_name: email.split('@')[0]!,
          shareable_code: newCode(),
          invited_by: inviter?.id ?? null,
          trial_ends_at: null,
          membership_ends_at: null,
          notify_email: email,
          telegram_chat_id: null,
          promotions_opted_out_at: null,
          email_verified_at: null,
          ...(request.language ? { language: request.language } : {}),
          created_at: now,
        })
        .returning(['id', 'language'])
        .executeTakeFirstOrThrow();
      await insertFilter(trx, id, DEFAULT_FILTER);
      // The sign-up bonus, and an ADMIN_EMAILS role, wait for the e-mailed link (emailVerification.ts).
      return { id, language, token: await issueToken(trx, id, 'access', now, ctx.config.auth.sessionTtlMs) };
    });
    sendVerificationEmail(ctx, { id: created.id, email, language: created.language, country: request.country_code });
    return created.token;
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
    throw error;
  }
}

/** A new access token for the right password; the same answer and the same hashing work otherwise. */
export async function login(ctx: AppContext, emailAddress: string, password: string): Promise<string> {
  const user = await ctx.db.selectFrom('users').select(['id', 'email', 'password_hash', 'suspended_at']).where('email', '=', normalizeEmail(emailAddress)).executeTakeFirst();
  const valid = user ? await ctx.passwords.verify(password, user.password_hash) : await ctx.passwords.verifyNothing(password);
  if (!user || !valid) throw validationError({ password: WRONG_CREDENTIALS }, WRONG_CREDENTIALS);
  // Said only to whoever knows the password: the account holder learns why, nobody else learns it exists.
  if (user.suspended_at) throw forbidden('api.error.accountSuspended');
  await grantListedAdmin(ctx.db, ctx.config.auth.adminEmails, user.id, ctx.clock.now());
  if (ctx.passwords.needsRehash(user.password_hash)) {
    await ctx.db
      .updateTable('users')
      .set({ password_hash: await ctx.passwords.hash(password) })
      .where('id', '=', user.id)
      .execute();
  }
  return issueToken(ctx.db, user.id, 'access', ctx.clock.now(), ctx.config.auth.sessionTtlMs);
}

/** E-mails a single-use reset link, in the account's language, if the address has an account; says nothing either way. */
export async function requestPasswordReset(ctx: AppContext, emailAddress: string): Promise<void> {
  const email = normalizeEmail(emailAddress);
  const user = await ctx.db.selectFrom('users').select(['id', 'language']).where('email', '=', email).executeTakeFirst();
  if (!user) return;
  const token = await issueToken(ctx.db, user.id, 'reset', ctx.clock.now(), ctx.config.auth.resetLinkTtlMs);
  const minutes = Math.round(ctx.config.auth.resetLinkTtlMs / 60_000);
  ctx.background.run('reset-link e-mail', () =>
    ctx.mailer.send({
      to: email,
      subject: translate(user.language, 'email.reset.subject'),
      text: translate(user.language, 'email.reset.text', { minutes, link: `${ctx.config.publicUrl}${pageLinks.resetPassword(token)}` }),
    }),
  );
}

/**
 * Stores a new password hash, revokes every session and reset link of the user (whoever held one
 * may be the reason for the change) and answers a fresh session for the caller. The caller tells
 * the session cache once the transaction has committed.
 */
async function setPassword(ctx: AppContext, trx: Kysely<DatabaseSchema>, userId: string, passwordHash: string, now: Date): Promise<string> {
  await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
  await revokeUserTokens(trx, userId, now);
  return issueToken(trx, userId, 'access', now, ctx.config.auth.sessionTtlMs);
}

/** Uses up the reset token, sets the password, signs out everywhere, and signs in afresh. */
export async function resetPassword(ctx: AppContext, resetToken: string, password: string): Promise<string> {
  const passwordHash = await ctx.passwords.hash(password);
  const now = ctx.clock.now();
  const { userId, accessToken } = await ctx.db.transaction().execute(async (trx) => {
    const userId = await consumeResetToken(trx, resetToken, now);
    if (!userId) throw invalidResetLink();
    return { userId, accessToken: await setPassword(ctx, trx, userId, passwordHash, now) };
  });
  // Committed: every process forgets the old sessions before the answer leaves.
  await ctx.sessions.revokedUser(userId);
  return accessToken;
}

/** The account page's change: needs the current password; every session ends, the caller gets a fresh one. */
export async function changePassword(ctx: AppContext, userId: string, { currentPassword, newPassword }: { currentPassword: string; newPassword: string }): Promise<string> {
  const { password_hash } = await ctx.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
  if (!(await ctx.passwords.verify(currentPassword, password_hash))) throw validationError({ currentPassword: 'api.field.currentPasswordWrong' });
  const passwordHash = await ctx.passwords.hash(newPassword);
  const now = ctx.clock.now();
  const accessToken = await ctx.db.transaction().execute((trx) => setPassword(ctx, trx, userId, passwordHash, now));
  await ctx.sessions.revokedUser(userId);
  return accessToken;
}

export async function logout(ctx: AppContext, token: string): Promise<void> {
  await revokeToken(ctx.db, token, ctx.clock.now());
  await ctx.sessions.revokedToken(hashToken(token));
}
