/**
 * Who is calling. Routes opt in with `onRequest: app.requireUser` (a live access token, else 401),
 * `app.requireSession` (the same, without reading the user's row: for routes that need only who
 * calls, or read the row themselves with their own data), `app.identifyUser` (a valid token is
 * used, none or a bad one is ignored) or `app.requireResetToken` (only /api/auth/changePassword: a
 * live reset token, else 401 to '/'). The hooks set `request.session` (and, but for
 * requireSession, `request.user`); handlers read them through {@link currentSession} and
 * {@link currentUser}.
 *
 * Access tokens are looked up in the session cache first (sessionCache.ts, docs/SECURITY.md
 * "Session cache"), so a requireSession route asks the database nothing to know who calls.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../../context.js';
import { bearerTokenOf } from '../../http/bearerToken.js';
import { refusal, unauthorized } from '../../domain/errors.js';
import { hashToken } from '../../security/tokens.js';
import { signedInUserRow, tokenOwner, type UserRow } from './tokens.js';

/** Who calls, once a token has been accepted. */
export interface Session {
  /** The user's id. */
  id: string;
  /** The bearer token itself, to revoke it (logout) or keep it (password change). */
  token: string;
  /** Its SHA-256, as stored and as the session cache knows it. */
  tokenHash: string;
}

/** The caller with their user row, as it was when the request came in. */
export interface AuthenticatedUser extends Session {
  row: UserRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
    user: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    requireUser: onRequestHookHandler;
    requireSession: onRequestHookHandler;
    identifyUser: onRequestHookHandler;
    requireResetToken: onRequestHookHandler;
  }
}

/** The caller of a route guarded by requireUser or requireResetToken. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Who calls a route guarded by requireSession (or any of the others). */
export function currentSession(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}

/** A reset link that is unknown, used or expired: the reset page sends the driver to '/'. */
export const invalidResetLink = () => refusal('BP_ERR_RESET_LINK_INVALID');

export const authenticationPlugin = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);
  ctx.sessions.start();
  app.addHook('onClose', () => ctx.sessions.close());

  /** A live access token's session: from the cache, else from the database (then cached), with the row when it came along. */
  const accessSession = async (request: FastifyRequest): Promise<{ session: Session; row: UserRow | null } | null> => {
    const token = bearerTokenOf(request);
    if (!token) return null;
    const tokenHash = hashToken(token);
    const now = ctx.clock.now();
    const cached = ctx.sessions.get(tokenHash, now);
    if (cached) return { session: { id: cached.userId, token, tokenHash }, row: null };
    const ticket = ctx.sessions.ticket();
    const owner = await tokenOwner(ctx.db, tokenHash, 'access', now);
    if (!owner) return null;
    ctx.sessions.keep(ticket, tokenHash, { userId: owner.row.id, expiresAt: owner.expiresAt.getTime() });
    return { session: { id: owner.row.id, token, tokenHash }, row: owner.row };
  };

  /** The caller with their row: a cached session's row is read by id (null once suspended). */
  const accessUser = async (request: FastifyRequest): Promise<AuthenticatedUser | null> => {
    const found = await accessSession(request);
    if (!found) return null;
    const row = found.row ?? (await signedInUserRow(ctx.db, found.session.id));
    return row ? { ...found.session, row } : null;
  };

  app.decorate('requireSession', async (request: FastifyRequest) => {
    request.session = (await accessSession(request))?.session ?? null;
    if (!request.session) throw unauthorized();
  });
  app.decorate('requireUser', async (request: FastifyRequest) => {
    request.session = request.user = await accessUser(request);
    if (!request.user) throw unauthorized();
  });
  app.decorate('identifyUser', async (request: FastifyRequest) => {
    request.session = request.user = await accessUser(request);
  });
  app.decorate('requireResetToken', async (request: FastifyRequest) => {
    const token = bearerTokenOf(request);
    const tokenHash = token && hashToken(token);
    const owner = tokenHash ? await tokenOwner(ctx.db, tokenHash, 'reset', ctx.clock.now()) : null;
    if (!token || !tokenHash || !owner) throw invalidResetLink();
    request.user = { id: owner.row.id, token, tokenHash, row: owner.row };
    request.session = request.user;
  });
});
