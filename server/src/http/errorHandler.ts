/**
 * The one place failures become responses. Every error ends as the envelope of
 * docs/ARCHITECTURE.md section 4 with a stable `code`, its status from the one table
 * (errorCodes.ts) and its words in the request's language (language.ts): refusals
 * (domain/errors.ts) as thrown, schema failures as 400 with per-field messages (with those of the
 * route's field rules, fieldRules.ts), Fastify's own 4xx (bad JSON, wrong content type, body too
 * large) with their status, and anything else as a 500 whose details go to the log only.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '@blockpilot/shared/constants';
import type { FieldErrors } from '@blockpilot/shared/types';
import { DomainError, refusal, validationError, wordsOfCode, type FieldWords } from '../domain/errors.js';
import { translate, translateWords, type MessageKey, type Words } from '../domain/translate.js';
import { HashingBusyError } from '../security/passwords.js';
import { ERROR_CODES, codeForStatus, type ErrorAnswer } from './errorCodes.js';
import { fieldRuleErrors } from './fieldRules.js';
import { FORMATS } from './formats.js';

/** Body keys that only wrap the fields a form shows (saveFilter's `filter`, etc.). */
const WRAPPERS = new Set(['filter', 'notificationPreferences', 'query', 'workLimits']);

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
const TYPE_WORDS: Record<string, MessageKey> = {
  array: 'api.field.type.array',
  object: 'api.field.type.object',
  integer: 'api.field.type.integer',
  number: 'api.field.type.number',
  string: 'api.field.type.string',
  boolean: 'api.field.type.boolean',
  null: 'api.field.type.null',
};

/** A schema issue's message, as catalog words (limits stay as the schema writes them, digits only). */
function wordsOf(issue: SchemaIssue): Words {
  const limit = String(issue.params?.limit);
  switch (issue.keyword) {
    case 'required':
      return 'api.field.required';
    case 'additionalProperties':
      return 'api.field.notAllowed';
    case 'type':
      return TYPE_WORDS[String(issue.params?.type)] ?? 'api.field.type.other';
    case 'maxLength':
      return { key: 'api.field.maxLength', values: { limit } };
    case 'minLength':
      return issue.params?.limit === 1 ? 'api.field.required' : { key: 'api.field.minLength', values: { limit } };
    case 'minimum':
      return { key: 'api.field.minimum', values: { limit } };
    case 'maximum':
      return { key: 'api.field.maximum', values: { limit } };
    case 'multipleOf':
      return { key: 'api.field.multipleOf', values: { step: String(issue.params?.multipleOf) } };
    case 'enum': {
      const allowed = issue.params?.allowedValues as unknown[] | undefined;
      return allowed ? { key: 'api.field.enum', values: { values: allowed.join(', ') } } : 'api.field.enumUnlisted';
    }
    case 'minItems':
      return issue.params?.limit === 1 ? 'api.field.chooseOne' : { key: 'api.field.minItems', values: { limit } };
    case 'maxItems':
      return { key: 'api.field.maxItems', values: { limit } };
    case 'minProperties':
      return { key: 'api.field.minProperties', values: { limit } };
    case 'maxProperties':
      return { key: 'api.field.maxProperties', values: { limit } };
    case 'uniqueItems':
      return 'api.field.uniqueItems';
    case 'format':
      return FORMATS[issue.params?.format as keyof typeof FORMATS]?.words ?? 'api.field.invalidFormat';
    case 'pattern':
      return 'api.field.invalidFormat';
    default:
      return 'api.field.invalid';
  }
}

/** Per-field messages from schema issues; the first issue of a field wins. */
export function fieldErrorsFrom(issues: SchemaIssue[]): FieldWords {
  const errors: FieldWords = {};
  for (const issue of issues) {
    const field = fieldOf(issue);
    errors[field] ??= wordsOf(issue);
  }
  return errors;
}

/** Per-field words written in `language`. */
export function fieldMessages(language: Language, errors: FieldWords): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([field, words]) => [field, translateWords(language, words)]));
}

/** The envelope of a refusal, its words in the request's language, with the status and headers of its code. */
function sendRefusal(error: DomainError, request: FastifyRequest, reply: FastifyReply) {
  const answer: ErrorAnswer = ERROR_CODES[error.code];
  const retryAfter = error.retryAfterSeconds ?? answer.retryAfterSeconds;
  if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
  return reply.status(answer.status).send({
    // An expected failure that only carries data (the connect call's challenge) shows no toast.
    ...(error.words ? { alert: translateWords(request.language, error.words) } : {}),
    ...(error.errors ? { errors: fieldMessages(request.language, error.errors) } : {}),
    ...(answer.redirect ? { redirect: answer.redirect } : {}),
    code: error.code,
    ...error.payload,
  });
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof DomainError) return sendRefusal(error, request, reply);
    if (error instanceof HashingBusyError) return sendRefusal(refusal('BP_ERR_BUSY'), request, reply);
    if (error.validation) {
      // The route's cross-field rules too, so the form shows every message at once; a field's
      // schema message wins over a rule's.
      return sendRefusal(validationError({ ...fieldRuleErrors(request), ...fieldErrorsFrom(error.validation as SchemaIssue[]) }), request, reply);
    }
    if (isUnstorableValue(error)) {
      // Validation should have caught the value; say so loudly, but it is still the request's fault.
      request.log.warn({ err: error, route: request.routeOptions.url }, 'the database refused a value the route schema let through');
      return sendRefusal(refusal('BP_ERR_UNSTORABLE_VALUE'), request, reply);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) reply.header('Retry-After', reply.getHeader('retry-after') ?? '60');
      return reply.status(status).send({ alert: clientMessage(error, status, request.language), code: codeForStatus(status) });
    }
    request.log.error({ err: error }, 'request failed');
    return sendRefusal(refusal('BP_ERR_INTERNAL'), request, reply);
  });
}

/** The English alert of a value the database refused (the fuzz suite looks for it). */
export const UNSTORABLE_VALUE_ALERT = translate('en', wordsOfCode('BP_ERR_UNSTORABLE_VALUE'));

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
  return sendRefusal(refusal('BP_ERR_ROUTE_NOT_FOUND', { words: nothingAt(request) }), request, reply);
}

/** What a path nothing answers says: its method and path. */
export const nothingAt = (request: FastifyRequest): Words => ({ key: 'api.error.nothingAt', values: { method: request.method, path: request.url.split('?')[0]! } });

/** Words for Fastify's own 4xx. One Fastify names no words for keeps its own (English) message: it is a client's bug, not a driver's mistake. */
function clientMessage(error: FastifyError, status: number, language: Language): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return translate(language, 'api.error.invalidJson');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return translate(language, 'api.error.notJson');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return translate(language, 'api.error.tooLarge');
    default:
      return status === 404 ? translate(language, wordsOfCode('BP_ERR_NOT_FOUND')) : error.message;
  }
}
