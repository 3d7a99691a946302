/**
 * Rules across fields that a JSON schema cannot say (a confirmation equals its password, a range's
 * low end is not above its high end). A route names its rules in `config.fieldRules`; they run
 * before its handler on a body the schema accepted, and the error handler runs them too on a body
 * the schema refused, so a form gets every message the server finds in one answer instead of one
 * round per kind of mistake (docs/FRONTEND.md, "Forms"). A rule reads the raw body, so it must
 * cope with any JSON: it only speaks about values of the types it checks.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationError, type FieldWords } from '../domain/errors.js';

/** Messages (catalog words) per field for a request body of any shape; empty when the rules hold. */
export type FieldRules = (body: unknown) => FieldWords;

declare module 'fastify' {
  interface FastifyContextConfig {
    fieldRules?: FieldRules;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The messages of the route's rules for this request's body (none when it has no rules). */
export function fieldRuleErrors(request: FastifyRequest): FieldWords {
  return request.routeOptions.config?.fieldRules?.(request.body) ?? {};
}

/** A confirmation field that must repeat `field`. */
export function confirms(field: string, confirmation: string): FieldRules {
  return (body) => {
    if (!isRecord(body)) return {};
    const [value, repeated] = [body[field], body[confirmation]];
    return typeof value === 'string' && typeof repeated === 'string' && value !== repeated ? { [confirmation]: 'api.field.passwordsDiffer' } : {};
  };
}

/** Runs each route's rules on a body its schema accepted, before the handler. */
export function installFieldRules(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const errors = fieldRuleErrors(request);
    if (Object.keys(errors).length) throw validationError(errors);
  });
}
