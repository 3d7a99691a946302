/**
 * Roles (docs/OPERATIONS.md "Roles"). Every operator route names the least role it needs in its
 * route config (`minimumRole`); the admin plugin's hook checks it on every request, and a route
 * that names none does not start (deny by default, not by remembering). The first admins come
 * from ADMIN_EMAILS (adminEmails.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { Role } from '@blockpilot/shared/constants';
import { forbidden } from '../../domain/errors.js';
import { currentUser, type AuthenticatedUser } from '../auth/authenticate.js';
import type { Actor } from './audit.js';

/** The roles that may use the console, weakest first: a role may do what the ones before it may. */
const OPERATOR_RANK: Record<Role, number> = { user: 0, support: 1, admin: 2 };

export type OperatorRole = Exclude<Role, 'user'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Operator routes: the least role that may call it. */
    minimumRole?: OperatorRole;
  }
}

export const NOT_AN_OPERATOR = 'api.error.notAnOperator';
export const ADMINS_ONLY = 'api.error.adminsOnly';

export function hasRole(role: Role, minimum: OperatorRole): boolean {
  return OPERATOR_RANK[role] >= OPERATOR_RANK[minimum];
}

/** The caller, when their role reaches the route's; else 403 (the route's role is checked at start). */
export function requireRole(request: FastifyRequest): AuthenticatedUser {
  const user = currentUser(request);
  const minimum = request.routeOptions.config.minimumRole!;
  if (!hasRole(user.row.role, minimum)) throw forbidden(user.row.role === 'user' ? NOT_AN_OPERATOR : ADMINS_ONLY);
  return user;
}

export const actorOf = (user: AuthenticatedUser): Actor => ({ id: user.id, email: user.row.email });
