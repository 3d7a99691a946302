/**
 * Errors a route throws to answer with a status and an envelope. Each carries a stable code from
 * the one table in errorCodes.ts; the one error handler (errorHandler.ts) turns them, and every
 * other failure, into the envelope of docs/ARCHITECTURE.md section 4.
 */
import type { FieldErrors } from '@blockpilot/shared/types';
import { ERROR_CODES, codeForStatus, type ErrorCode } from './errorCodes.js';

export interface HttpErrorExtra {
  /** The stable code; by default the one of the status (errorCodes.ts). */
  code?: ErrorCode;
  errors?: FieldErrors;
  redirect?: string;
  headers?: Record<string, string>;
  body?: Record<string, unknown>;
}

export class HttpError extends Error {
  /** The stable code the envelope carries (errorCodes.ts). */
  readonly code: ErrorCode;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: HttpErrorExtra = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = extra.code ?? codeForStatus(statusCode);
  }
}

/** The refusal of a code, with its status and message from the table (the message may be made more precise). */
export function refusal(code: ErrorCode, { message, ...extra }: Omit<HttpErrorExtra, 'code'> & { message?: string } = {}): HttpError {
  const entry = ERROR_CODES[code];
  return new HttpError(entry.status, message ?? entry.message, { ...extra, code });
}

/** 400 with per-field messages (docs/PRODUCT.md section 5). */
export function validationError(errors: FieldErrors, message: string = ERROR_CODES.BP_ERR_VALIDATION.message): HttpError {
  return refusal('BP_ERR_VALIDATION', { message, errors });
}

export const unauthorized = (message?: string) => refusal('BP_ERR_UNAUTHORIZED', { message, redirect: '/login' });
export const forbidden = (message?: string) => refusal('BP_ERR_FORBIDDEN', { message });
export const notFound = (message?: string) => refusal('BP_ERR_NOT_FOUND', { message });
export const conflict = (message: string, code: ErrorCode = 'BP_ERR_CONFLICT') => refusal(code, { message });
export const tooManyRequests = (retryAfterSeconds: number) =>
  refusal('BP_ERR_RATE_LIMITED', { message: `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, headers: { 'Retry-After': String(retryAfterSeconds) } });
