/**
 * Errors a route throws to answer with a status and an envelope. The one error handler
 * (errorHandler.ts) turns them, and every other failure, into the envelope of DESIGN.md.
 */
import type { FieldErrors } from '@blockpilot/shared/types';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: { errors?: FieldErrors; redirect?: string; headers?: Record<string, string>; body?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 400 with per-field messages (SPEC.md section 5). */
export function validationError(errors: FieldErrors, message = 'Please correct the highlighted fields.'): HttpError {
  return new HttpError(400, message, { errors });
}

export const unauthorized = (message = 'Please sign in again.') => new HttpError(401, message, { redirect: '/login' });
export const forbidden = (message = 'You are not allowed to do that.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, { headers: { 'Retry-After': String(retryAfterSeconds) } });
