/**
 * The sign-in pages: GET /ap/signin (form), POST /ap/signin (e-mail + password, then a one-time
 * code for accounts configured to need one), and the /ap/maplanding page the browser ends on,
 * whose URL carries the authorization code.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { normalizeEmail } from '../email.js';
import { renderLandingPage, renderOtpPage, renderSignInErrorPage, renderSignInPage } from '../pages.js';
import type { SimulatorRuntime } from '../world.js';
import { newAuthorizationCode, randomString } from './secrets.js';
import { landingUrl, parseSignInRequest, pickSignInFields, type SignInRequest } from './signInRequest.js';

type FormBody = Record<string, unknown>;

function html(reply: FastifyReply, status: number, page: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(page);
}

function field(body: FormBody, name: string): string {
  const value = body[name];
  return typeof value === 'string' ? value.trim() : '';
}

export function registerSignInRoutes(app: FastifyInstance, runtime: SimulatorRuntime): void {
  /** Issues the code bound to this sign-in's challenge and client, and sends the browser to the landing page. */
  const complete = (reply: FastifyReply, request: SignInRequest, email: string): FastifyReply => {
    const world = runtime.world;
    const code = newAuthorizationCode();
    world.codes.set(code, { email, codeChallenge: request.codeChallenge, clientId: request.clientId }, world.now());
    return reply.redirect(landingUrl(request, code), 302);
  };

  app.get('/ap/signin', async (req, reply) => {
    const parsed = parseSignInRequest(req.query as Record<string, unknown>);
    if ('error' in parsed) return html(reply, 400, renderSignInErrorPage(parsed.error));
    return html(reply, 200, renderSignInPage(parsed.params));
  });

  app.post('/ap/signin', async (req, reply) => {
    const world = runtime.world;
    const body = (req.body ?? {}) as FormBody;
    const otpSession = field(body, 'otpSession');
    if (otpSession) {
      const pending = world.pendingOtp.get(otpSession, world.now());
      const parsed = pending ? parseSignInRequest(pending.params) : null;
      if (!pending || !parsed || 'error' in parsed) return html(reply, 400, renderSignInErrorPage('Your sign-in has expired. Please start again.'));
      if (field(body, 'otpCode') !== world.options.otpAccounts.get(pending.email)) {
        return html(reply, 200, renderOtpPage(otpSession, 'The One Time Password (OTP) you entered is not valid. Please try again.'));
      }
      world.pendingOtp.delete(otpSession);
      return complete(reply, parsed, pending.email);
    }

    const parsed = parseSignInRequest(body);
    if ('error' in parsed) return html(reply, 400, renderSignInErrorPage(parsed.error));
    const email = normalizeEmail(field(body, 'email'));
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) return html(reply, 200, renderSignInPage(parsed.params, 'Enter your email or mobile phone number', email));
    if (field(body, 'password') === '') return html(reply, 200, renderSignInPage(parsed.params, 'Enter your password', email));
    if (world.options.otpAccounts.has(email)) {
      const id = randomString(24);
      world.pendingOtp.set(id, { email, params: pickSignInFields(body) }, world.now());
      return html(reply, 200, renderOtpPage(id));
    }
    return complete(reply, parsed, email);
  });

  app.get('/ap/maplanding', async (_req, reply) => html(reply, 200, renderLandingPage()));
}
