/**
 * Accounts and sessions: sign-up (with the sign-up bonus, the default filter and the inviter),
 * sign-in, password reset by e-mailed link, password change, sign-out. Routes validate shapes
 * (and that a confirmation repeats its password, http/fieldRules.ts); the rules live here.
 */
import { SIGN_UP_BONUS_CENTS, type CountryCode } from '@blockpilot/shared/constants';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { HttpError, validationError } from '../../http/errors.js';
import { newCode } from '../../security/tokens.js';
import { credit, ledgerKey } from '../ledger/ledger.js';
import { DEFAULT_FILTER, insertFilter } from '../user/filters.js';
import { invalidResetLink } from './authenticate.js';
import { consumeResetToken, issueToken, revokeToken, revokeUserTokens } from './tokens.js';

export interface RegistrationRequest {
  country_code: CountryCode;
  emailAddress: string;
  phoneNumber: string;
  password: string;
  confirmPassword: string;
  inviteCode?: string;
}

/** The same words whether the address is unknown or the password wrong. */
export const WRONG_CREDENTIALS = 'The e-mail address or the password is wrong.';
export const RESET_LINK_SENT = 'If an account uses that address, we have e-mailed it a link to choose a new password.';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const emailTaken = () =>
  new HttpError(409, 'An account with this e-mail address already exists.', {
    errors: { emailAddress: 'An account with this e-mail address already exists. Sign in, or reset the password.' },
  });

/** Creates the account with its first filter and sign-up bonus; returns a new access token. */
export async function register(ctx: AppContext, request: RegistrationRequest): Promise<string> {
  const email = normalizeEmail(request.emailAddress);
  if (await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) throw emailTaken();
  const passwordHash = await ctx.passwords.hash(request.password);
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const inviteCode = request.inviteCode?.trim().toUpperCase();
      // An unknown code does not stop a sign-up: the driver came for the product, not the code.
      const inviter = inviteCode ? await trx.selectFrom('users').select('id').where('shareable_code', '=', inviteCode).executeTakeFirst() : undefined;
      const { id } = await trx
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
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertFilter(trx, id, DEFAULT_FILTER);
      await credit(trx, id, ledgerKey.signup(id), SIGN_UP_BONUS_CENTS);
      return issueToken(trx, id, 'access', now, ctx.config.auth.sessionTtlMs);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
    throw error;
  }
}

/** A new access token for the right password; the same answer and the same hashing work otherwise. */
export async function login(ctx: AppContext, emailAddress: string, password: string): Promise<string> {
  const user = await ctx.db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', normalizeEmail(emailAddress)).executeTakeFirst();
  const valid = user ? await ctx.passwords.verify(password, user.password_hash) : await ctx.passwords.verifyNothing(password);
  if (!user || !valid) throw validationError({ password: WRONG_CREDENTIALS }, WRONG_CREDENTIALS);
  if (ctx.passwords.needsRehash(user.password_hash)) {
    await ctx.db.updateTable('users').set({ password_hash: await ctx.passwords.hash(password) }).where('id', '=', user.id).execute();
  }
  return issueToken(ctx.db, user.id, 'access', ctx.clock.now(), ctx.config.auth.sessionTtlMs);
}

/** E-mails a single-use reset link if the address has an account; says nothing either way. */
export async function requestPasswordReset(ctx: AppContext, emailAddress: string): Promise<void> {
  const email = normalizeEmail(emailAddress);
  const user = await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (!user) return;
  const token = await issueToken(ctx.db, user.id, 'reset', ctx.clock.now(), ctx.config.auth.resetLinkTtlMs);
  const minutes = Math.round(ctx.config.auth.resetLinkTtlMs / 60_000);
  ctx.background.run('reset-link e-mail', () =>
    ctx.mailer.send({
      to: email,
      subject: 'Reset your BlockPilot password',
      text: [
        'Someone (hopefully you) asked to reset the password of your BlockPilot account.',
        '',
        `Choose a new password here (the link works once, for ${minutes} minutes):`,
        `${ctx.config.publicUrl}/resetPassword/${token}`,
        '',
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      ].join('\n'),
    }),
  );
}

/**
 * Stores a new password hash and revokes every session and reset link of the user except
 * `keepToken` (the caller's own session when changing it from the account page).
 */
async function setPassword(trx: Kysely<DatabaseSchema>, userId: string, passwordHash: string, now: Date, keepToken?: string): Promise<void> {
  await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
  await revokeUserTokens(trx, userId, now, keepToken);
}

/** Uses up the reset token, sets the password, signs out everywhere, and signs in afresh. */
export async function resetPassword(ctx: AppContext, resetToken: string, password: string): Promise<string> {
  const passwordHash = await ctx.passwords.hash(password);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const userId = await consumeResetToken(trx, resetToken, now);
    if (!userId) throw invalidResetLink();
    await setPassword(trx, userId, passwordHash, now);
    return issueToken(trx, userId, 'access', now, ctx.config.auth.sessionTtlMs);
  });
}

/** The account page's change: needs the current password; the caller's session stays, all others end. */
export async function changePassword(
  ctx: AppContext,
  user: { id: string; token: string },
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
): Promise<void> {
  const { password_hash } = await ctx.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
  if (!(await ctx.passwords.verify(currentPassword, password_hash))) throw validationError({ currentPassword: 'The current password is wrong.' });
  const passwordHash = await ctx.passwords.hash(newPassword);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute((trx) => setPassword(trx, user.id, passwordHash, now, user.token));
}

export async function logout(ctx: AppContext, token: string): Promise<void> {
  await revokeToken(ctx.db, token, ctx.clock.now());
}
