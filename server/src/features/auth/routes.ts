/** /api/auth: sign-up, sign-in, password reset by e-mailed link, sign-out (docs/PRODUCT.md section 7). */
import type { FastifyInstance } from 'fastify';
import { EMAIL_LINK_INVALID } from '@blockpilot/shared/constants';
import { PAGES } from '@blockpilot/shared/pages';
import { loginBody, registerBody, requestResetPasswordLinkBody, resetLinkStateSchema, resetPasswordBody, sessionSchema, verifyEmailParams } from '@blockpilot/shared/api/schemas';
import type { AppContext } from '../../context.js';
import { conflict } from '../../domain/errors.js';
import { translate } from '../../domain/translate.js';
import { bearerTokenOf } from '../../http/bearerToken.js';
import { contractRoutes } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { confirms } from '../../http/fieldRules.js';
import { enforceRateLimits, LOGIN_BACKOFF, passwordChangeLimits, RATE_LIMITS, takeAttempts } from '../../http/rateLimits.js';
import { bearerAuth, nullData, resetTokenAuth, responses } from '../../http/schemas.js';
import { currentUser } from './authenticate.js';
import { sendVerificationEmail, signUpBonusNotice, VERIFY_EMAIL_PATH, verifyEmail } from './emailVerification.js';
import { resolveToken } from './tokens.js';
import { login, logout, normalizeEmail, register, requestPasswordReset, resetPassword } from './service.js';

const tags = ['auth'];

export async function authRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = contractRoutes(fastify);
  const limit = (checks: Parameters<typeof enforceRateLimits>[1]) => enforceRateLimits(ctx.rateLimiter, checks);

  app.post(
    '/api/auth/register',
    {
      config: { fieldRules: confirms('password', 'confirmPassword') },
      schema: { tags, summary: 'Create an account; answers with a session', body: registerBody, response: responses(sessionSchema, [400, 409, 429]) },
    },
    async (request) => {
      await limit([[`register:${request.ip}`, { max: ctx.config.auth.registrationsPerAddressPerHour, windowMs: 3_600_000 }]]);
      const accessToken = await register(ctx, request.body);
      return ok({ accessToken }, { alert: signUpBonusNotice(request.body.country_code, request.language) });
    },
  );

  app.get(
    `${VERIFY_EMAIL_PATH}/:token`,
    {
      schema: {
        tags,
        summary: 'The e-mailed verification link: verifies the address, credits the sign-up bonus once, and sends the browser to the dashboard',
        params: verifyEmailParams,
      },
    },
    async (request, reply) => {
      // Each link is an HMAC and a query: cheap, but not free (docs/SECURITY.md "Limits").
      await limit([[`verify-email:${request.ip}`, { max: ctx.config.auth.verificationsPerAddressPer15Minutes, windowMs: 15 * 60_000 }]]);
      const verified = await verifyEmail(ctx, request.params.token);
      return reply
        .header('Cache-Control', 'no-store')
        .redirect(verified ? PAGES.dashboard.path : `${PAGES.dashboard.path}?${EMAIL_LINK_INVALID.param}=${EMAIL_LINK_INVALID.value}`, 303);
    },
  );

  app.post(
    '/api/auth/resendVerificationEmail',
    {
      onRequest: app.requireUser,
      config: { noJsonBody: true },
      schema: { tags, summary: 'E-mail the address-verification link again', security: bearerAuth, response: responses(nullData, [401, 409, 429]) },
    },
    async (request) => {
      const user = currentUser(request);
      if (user.row.email_verified_at) throw conflict('api.error.emailAlreadyConfirmed');
      await limit([[`verify-email-resend:${user.id}`, RATE_LIMITS.verificationEmailsPerAccount]]);
      sendVerificationEmail(ctx, { id: user.id, email: user.row.email, language: user.row.language, country: user.row.country_code });
      return ok(null, { alert: translate(request.language, 'api.alert.verificationResent', { email: user.row.email }) });
    },
  );

  app.post(
    '/api/auth/login',
    { schema: { tags, summary: 'Sign in; answers with a session', body: loginBody, response: responses(sessionSchema, [400, 429]) } },
    async (request) => {
      const email = normalizeEmail(request.body.emailAddress);
      const addressFailures = `login-failures:${request.ip}`;
      const accountFailures = `login-failures:${request.ip}:${email}`;
      await limit([[`login:${request.ip}`, RATE_LIMITS.loginPerAddress]]);
      // Counted as failures before the hash, so parallel guesses cannot pass together; taken back on success.
      await takeAttempts(ctx.rateLimiter, [
        [addressFailures, LOGIN_BACKOFF.perAddress],
        [accountFailures, LOGIN_BACKOFF.perAccountAndAddress],
      ]);
      const accessToken = await login(ctx, email, request.body.password);
      await Promise.all([ctx.rateLimiter.forgiveAttempt(addressFailures), ctx.rateLimiter.clearFailures(accountFailures)]);
      return ok({ accessToken });
    },
  );

  app.post(
    '/api/auth/requestResetPasswordLink',
    {
      schema: {
        tags,
        summary: 'E-mail a single-use link to choose a new password (same answer whether or not the address has an account)',
        body: requestResetPasswordLinkBody,
        response: responses(nullData, [400, 429]),
      },
    },
    async (request) => {
      const email = normalizeEmail(request.body.emailAddress);
      await limit([
        [`reset:${request.ip}`, RATE_LIMITS.resetPerAddress],
        [`reset:${request.ip}:${email}`, RATE_LIMITS.resetPerMailboxAndAddress],
      ]);
      // Past the mailbox's e-mail budget the answer is the same, and the links already sent still work.
      const emailAllowed = (await ctx.rateLimiter.consume(`reset-emails:${email}`, RATE_LIMITS.resetEmailsPerMailbox)).allowed;
      if (emailAllowed) await requestPasswordReset(ctx, email);
      return ok(null, { alert: translate(request.language, 'api.alert.resetLinkSent') });
    },
  );

  app.get(
    '/api/auth/resetLinkState',
    {
      schema: {
        tags,
        summary:
          "Whether the e-mailed link's reset token (sent as the bearer token) can still change the password; checked when the page opens, so a used or expired link is recognised before the driver types a new password",
        response: responses(resetLinkStateSchema, []),
      },
    },
    async (request) => {
      const token = bearerTokenOf(request);
      return ok({ usable: token !== null && (await resolveToken(ctx.db, token, 'reset', ctx.clock.now())) !== null });
    },
  );

  app.post(
    '/api/auth/changePassword',
    {
      onRequest: app.requireResetToken,
      config: { fieldRules: confirms('password', 'confirmPassword') },
      schema: {
        tags,
        summary: 'Choose a new password with the reset token of the e-mailed link (as the bearer token); signs out everywhere and answers with a new session',
        security: resetTokenAuth,
        body: resetPasswordBody,
        response: responses(sessionSchema, [400, 401, 429]),
      },
    },
    async (request) => {
      await limit(passwordChangeLimits(request.ip, currentUser(request).id));
      const accessToken = await resetPassword(ctx, currentUser(request).token, request.body.password);
      return ok({ accessToken }, { alert: translate(request.language, 'api.alert.passwordReset') });
    },
  );

  app.post(
    '/api/auth/logout',
    {
      onRequest: app.requireUser,
      config: { noJsonBody: true },
      schema: { tags, summary: 'End this session (revokes its token)', security: bearerAuth, response: responses(nullData, [401]) },
    },
    async (request) => {
      await logout(ctx, currentUser(request).token);
      return ok(null);
    },
  );
}
