import { sharedText } from '../i18n/sharedMessages';
import type { Envelope, FieldErrors } from '../types';

/**
 * A failed API call: the HTTP status, the per-field messages (docs/PRODUCT.md section 5) and the whole
 * envelope for extra payloads such as the connect call's `challenge_session`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly envelope: Envelope,
  ) {
    super(envelope.alert ?? (status ? sharedText('requestFailed', { status }) : sharedText('networkError')));
    this.name = 'ApiError';
  }

  /** Messages keyed by field name; empty when the failure was not about fields. */
  get fieldErrors(): FieldErrors {
    return this.envelope.errors ?? {};
  }
}

/** The field errors of any thrown value (empty for non-API failures). */
export function fieldErrorsOf(error: unknown): FieldErrors {
  return error instanceof ApiError ? error.fieldErrors : {};
}
