/**
 * Refusals: what the product says no to, as the code that throws it knows it — a stable code
 * (`BP_ERR_*`), the words to say (catalog keys, written in the reader's language later), per-field
 * messages, and when to try again. Nothing here is HTTP: the http layer maps each code to its
 * status, headers and redirect in its one table (http/errorCodes.ts) and writes the words in the
 * request's language (http/errorHandler.ts; docs/ARCHITECTURE.md section 4). Features, the domain
 * and the engine throw these; the search worker, which has no request, never needs a language.
 */
import { ERROR_CODES, type ErrorCode } from '@blockpilot/shared/api/schemas';
import { translateWords, type Words } from './translate.js';

/** Every code the API can refuse with: part of the contract the client shares (shared/src/api/schemas/errorCodes.ts). */
export { ERROR_CODES, type ErrorCode };

/** Messages per form field (docs/PRODUCT.md section 5), as catalog words. */
export type FieldWords = Record<string, Words>;

export interface RefusalDetails {
  /** What to say; by default the code's own words (`api.error.<code>`); null says nothing (an answer that only carries data). */
  words?: Words | null;
  /** A message per field. */
  errors?: FieldWords;
  /** When the same request may succeed again, in seconds (else the code's usual wait, if it has one). */
  retryAfterSeconds?: number;
  /** What the answer carries besides its words (the connect call's challenge, a release channel's revision). */
  payload?: Record<string, unknown>;
}

/** The catalog key of a code's own words. */
export const wordsOfCode = (code: ErrorCode) => `api.error.${code}` as const;

export class DomainError extends Error {
  readonly words: Words | null;
  readonly errors: FieldWords | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly payload: Record<string, unknown> | undefined;

  constructor(
    readonly code: ErrorCode,
    details: RefusalDetails = {},
  ) {
    const words = details.words === undefined ? wordsOfCode(code) : details.words;
    // The English words, for the log and for callers outside a request (the worker, tests).
    super(words === null ? code : translateWords('en', words));
    this.name = 'DomainError';
    this.words = words;
    this.errors = details.errors;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.payload = details.payload;
  }
}

/** The refusal of `code`, with its own words unless the details say more precisely what happened. */
export const refusal = (code: ErrorCode, details?: RefusalDetails) => new DomainError(code, details);

/** Invalid input: a message per field (docs/PRODUCT.md section 5), and the general words unless given. */
export const validationError = (errors: FieldWords, words?: Words) => new DomainError('BP_ERR_VALIDATION', { errors, ...(words ? { words } : {}) });

export const unauthorized = (words?: Words) => new DomainError('BP_ERR_UNAUTHORIZED', words ? { words } : {});
export const forbidden = (words?: Words) => new DomainError('BP_ERR_FORBIDDEN', words ? { words } : {});
export const notFound = (words?: Words) => new DomainError('BP_ERR_NOT_FOUND', words ? { words } : {});
export const conflict = (words: Words, code: ErrorCode = 'BP_ERR_CONFLICT') => new DomainError(code, { words });

/** Too many attempts: try again in `seconds`. */
export const tooManyRequests = (seconds: number) =>
  new DomainError('BP_ERR_RATE_LIMITED', { words: { key: 'api.error.retryIn', values: { seconds } }, retryAfterSeconds: seconds });
