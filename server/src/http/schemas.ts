/**
 * JSON-schema pieces the routes share: the envelope around every answer, the error envelope, the
 * bearer requirement for OpenAPI, and common fields. Route schemas are built from these so the
 * generated OpenAPI document describes every answer the same way.
 */

/** Marks a route as needing `Authorization: Bearer <token>` in the OpenAPI document. */
export const bearerAuth = [{ bearerAuth: [] }];
/** Marks a route as taking the token of an e-mailed reset link as its bearer token (and no other). */
export const resetTokenAuth = [{ resetToken: [] }];

/** Marks a route as taking a deploy token (docs/RELEASES.md) as its bearer token. */
export const deployTokenAuth = [{ deployToken: [] }];

/** A successful answer: `{ data, alert?, redirect? }`. */
export function envelopeOf(data: object) {
  return {
    type: 'object',
    required: ['data'],
    properties: { data, alert: { type: 'string' }, redirect: { type: 'string' } },
  } as const;
}

/** Every failure: an alert, maybe per-field messages and a redirect, maybe extra payload. */
export const errorEnvelope = {
  type: 'object',
  properties: {
    alert: { type: 'string' },
    redirect: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'Message per form field' },
  },
  additionalProperties: true,
} as const;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Validation failed (errors per field)',
  401: 'No, bad, expired or revoked token',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflicts with the current state',
  410: 'Gone: done before (e.g. a block already forfeited)',
  429: 'Too many attempts (see Retry-After)',
};

/** The response schemas of a route: its 200 envelope and the failures it can answer with. */
export function responses(data: object, errorStatuses: number[] = []) {
  const schemas: Record<number, object> = { 200: envelopeOf(data) };
  for (const status of errorStatuses) schemas[status] = { ...errorEnvelope, description: ERROR_DESCRIPTIONS[status] };
  return schemas;
}

export const nullData = { type: 'null' } as const;
