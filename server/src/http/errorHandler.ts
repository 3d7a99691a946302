/**
 * The one place failures become responses. Every error ends as the envelope of
 * docs/ARCHITECTURE.md section 4 with the right status and a stable `code` (errorCodes.ts): our
 * HttpErrors as thrown, schema failures as 400 with per-field messages (with those of the route's
 * field rules, fieldRules.ts), Fastify's own 4xx (bad JSON, wrong content type, body too large)
 * with their status, and anything else as a 500 whose details go to the log only.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FieldErrors } from '@blockpilot/shared/types';
import { HashingBusyError } from '../security/passwords.js';
import { ERROR_CODES, codeForStatus } from './errorCodes.js';
import { HttpError } from './errors.js';
import { fieldRuleErrors } from './fieldRules.js';
import { FORMATS } from './formats.js';

/** Body keys that only wrap the fields a form shows (saveFilter's `filter`, etc.). */
const WRAPPERS = new Set(['filter', 'notificationPreferences', 'query']);

interface SchemaIssue {
  instancePath?: string;
  keyword: string;
  params?: Record<string, unknown>;
  message?: string;
}

/** The form field a schema issue is about: `/filter/days/0` -> `days`, missing `password` -> `password`. */
export function fieldOf(issue: SchemaIssue): string {
  const segments = (issue.instancePath ?? '').split('/').filter(Boolean);
  const named = issue.params?.missingProperty ?? issue.params?.additionalProperty;
  if (typeof named === 'string') segments.push(named);
  if (segments.length > 1 && WRAPPERS.has(segments[0]!)) segments.shift();
  return segments.find((s) => !/^\d+$/.test(s)) ?? 'body';
}

/** How a driver reads a JSON type ("Must be a list."). */
const TYPE_NAMES: Record<string, string> = {
  array: 'a list',
  object: 'an object',
  integer: 'a whole number',
  number: 'a number',
  string: 'a text',
  boolean: 'true or false',
  null: 'empty',
};

function messageOf(issue: SchemaIssue): string {
  switch (issue.keyword) {
    case 'required':
      return 'This field is required.';
    case 'additionalProperties':
      return 'This field is not allowed.';
    case 'type':
      return `Must be ${TYPE_NAMES[String(issue.params?.type)] ?? 'of another type'}.`;
    case 'maxLength':
      return `Must be at most ${String(issue.params?.limit)} characters.`;
    case 'minLength':
      return issue.params?.limit === 1 ? 'This field is required.' : `Must be at least ${String(issue.params?.limit)} characters.`;
    case 'minimum':
      return `Must be at least ${String(issue.params?.limit)}.`;
    case 'maximum':
      return `Must be at most ${String(issue.params?.limit)}.`;
    case 'multipleOf':
      return `Must be in steps of ${String(issue.params?.multipleOf)}.`;
    case 'enum':
      return `Must be one of ${(issue.params?.allowedValues as unknown[] | undefined)?.join(', ') ?? 'the listed values'}.`;
    case 'minItems':
      return issue.params?.limit === 1 ? 'Choose at least one.' : `Must have at least ${String(issue.params?.limit)} values.`;
    case 'maxItems':
      return `Must have at most ${String(issue.params?.limit)} values.`;
    case 'uniqueItems':
      return 'Must not list a value twice.';
    case 'pattern':
      return 'Invalid format.';
    case 'format': {
      const format = FORMATS[issue.params?.format as keyof typeof FORMATS];
      return format?.message ?? 'Invalid format.';
    }
    default: {
      const text = issue.message ?? 'Invalid value.';
      return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
    }
  }
}

/** Per-field messages from schema issues; the first issue of a field wins. */
export function fieldErrorsFrom(issues: SchemaIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldOf(issue);
    errors[field] ??= messageOf(issue);
  }
  return errors;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      if (error.extra.headers) reply.headers(error.extra.headers);
      return reply.status(error.statusCode).send({
        // An expected failure that only carries data (the connect call's challenge) shows no toast.
        ...(error.message ? { alert: error.message } : {}),
        ...(error.extra.errors ? { errors: error.extra.errors } : {}),
        ...(error.extra.redirect ? { redirect: error.extra.redirect } : {}),
        code: error.code,
        ...error.extra.body,
      });
    }
    if (error instanceof HashingBusyError) {
      return reply.status(503).header('Retry-After', '1').send({ alert: ERROR_CODES.BP_ERR_BUSY.message, code: 'BP_ERR_BUSY' });
    }
    if (error.validation) {
      // The route's cross-field rules too, so the form shows every message at once; a field's
      // schema message wins over a rule's.
      const errors = { ...fieldRuleErrors(request), ...fieldErrorsFrom(error.validation as SchemaIssue[]) };
      return reply.status(400).send({ alert: ERROR_CODES.BP_ERR_VALIDATION.message, errors, code: 'BP_ERR_VALIDATION' });
    }
    if (isUnstorableValue(error)) {
      // Validation should have caught the value; say so loudly, but it is still the request's fault.
      request.log.warn({ err: error, route: request.routeOptions.url }, 'the database refused a value the route schema let through');
      return reply.status(400).send({ alert: UNSTORABLE_VALUE_ALERT, code: 'BP_ERR_UNSTORABLE_VALUE' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) reply.header('Retry-After', reply.getHeader('retry-after') ?? '60');
      return reply.status(status).send({ alert: clientMessage(error, status), code: codeForStatus(status) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ alert: ERROR_CODES.BP_ERR_INTERNAL.message, code: 'BP_ERR_INTERNAL' });
  });
}

export const UNSTORABLE_VALUE_ALERT = ERROR_CODES.BP_ERR_UNSTORABLE_VALUE.message;

/**
 * PostgreSQL data exceptions a value from a request causes: text it cannot read as the column's
 * type (22P02: `urn:uuid:...` for a uuid), a NUL or unencodable character (22021, 22P05), a
 * number or date out of the type's range (22003, 22008, 22009), text too long (22001). The route
 * schemas are the first line (and give per-field errors); this is the backstop for a route whose
 * schema lets one through, which would otherwise answer 500 for a client's mistake.
 */
const UNSTORABLE_VALUE_CODES = new Set(['22P02', '22021', '22P05', '22003', '22007', '22008', '22009', '22001']);

function isUnstorableValue(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && UNSTORABLE_VALUE_CODES.has(code);
}

/** The 404 envelope for a path nothing answers. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ alert: `Nothing at ${request.method} ${request.url.split('?')[0]}.`, code: 'BP_ERR_ROUTE_NOT_FOUND' });
}

function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as application/json.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    default:
      return status === 404 ? 'Not found.' : error.message;
  }
}
