/**
 * Who is calling. Routes opt in with `onRequest: app.requireUser` (a live access token, else 401),
 * `app.identifyUser` (a valid token is used, none or a bad one is ignored) or
 * `app.requireResetToken` (only /api/auth/changePassword: a live reset token, else 401 to '/').
 * The hook sets `request.user`; handlers read it through {@link currentUser}.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../../context.js';
import { bearerTokenOf } from '../../http/bearerToken.js';
import { refusal, unauthorized } from '../../http/errors.js';
import { resolveToken, type UserRow } from './tokens.js';

/** The caller, once a token has been accepted. */
export interface AuthenticatedUser {
  id: string;
  /** The bearer token itself, to revoke it (logout) or keep it (password change). */
  token: string;
  /** Their user row as it was when the request came in. */
  row: UserRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    requireUser: onRequestHookHandler;
    identifyUser: onRequestHookHandler;
    requireResetToken: onRequestHookHandler;
  }
}


/** The caller of a route guarded by requireUser or requireResetToken. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** A reset link that is unknown, used or expired: the reset page sends the driver to '/'. */
export const invalidResetLink = () => refusal('BP_ERR_RESET_LINK_INVALID', { redirect: '/' });

export const authenticationPlugin = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  app.decorateRequest('user', null);

  const userWith = async (request: FastifyRequest, kind: 'access' | 'reset'): Promise<AuthenticatedUser | null> => {
    const token = bearerTokenOf(request);
    if (!token) return null;
    const row = await resolveToken(ctx.db, token, kind, ctx.clock.now());
    return row ? { id: row.id, token, row } : null;
  };

  app.decorate('requireUser', async (request: FastifyRequest) => {
    request.user = await userWith(request, 'access');
    if (!request.user) throw unauthorized();
  });
  app.decorate('identifyUser', async (request: FastifyRequest) => {
    request.user = await userWith(request, 'access');
  });
  app.decorate('requireResetToken', async (request: FastifyRequest) => {
    request.user = await userWith(request, 'reset');
    if (!request.user) throw invalidResetLink();
  });
});
