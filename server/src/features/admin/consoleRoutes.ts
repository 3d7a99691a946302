/**
 * What every route file of the console shares (routes.ts registers them): the OpenAPI tag, the
 * least role each route declares (`config.minimumRole`, docs/OPERATIONS.md "Roles"), the audited
 * read of personal data and the search limit per operator (docs/OPERATIONS.md "Audit").
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser } from '../auth/authenticate.js';
import { recordRead, type AuditRead } from './audit.js';
import { actorOf } from './roles.js';
import { countSearch } from './searchLimit.js';

export const tags = ['admin'];
/** Support and admins. */
export const SUPPORT_AND_ADMIN = { minimumRole: 'support' } as const;
/** Admins only. */
export const ADMIN_ONLY = { minimumRole: 'admin' } as const;

/** A read of personal data, recorded once per operator, subject and hour; a search, counted against the operator's limit. */
export function operatorRequests(ctx: AppContext) {
  return {
    read: (request: FastifyRequest, record: AuditRead) => recordRead(ctx.db, actorOf(currentUser(request)), record, ctx.clock.now()),
    search: (request: FastifyRequest) => countSearch(ctx.rateLimiter, currentUser(request).id),
  };
}
