/**
 * What a refusal must look like (docs/ARCHITECTURE.md section 4): a 4xx whose JSON body is the envelope with an
 * alert to show, `errors` as a message per field when there are any, and `redirect` as a path.
 * Returns the problems found, so a suite can count and list them instead of stopping at one.
 */
import type { LightMyRequestResponse } from 'fastify';

const ENVELOPE_KEYS = new Set(['data', 'alert', 'redirect', 'errors', 'code']);

/**
 * The connect call's first answer (docs/PRODUCT.md sections 7 and 8): a failure on purpose that carries
 * the challenge session and records the challenge. It is the protocol, not a refused request.
 */
export function isChallengeAnswer(response: LightMyRequestResponse): boolean {
  return response.statusCode === 400 && response.body.includes('"challenge_session"');
}

export function refusalProblems(response: LightMyRequestResponse, { fieldErrors = false } = {}): string[] {
  const problems: string[] = [];
  if (response.statusCode < 400 || response.statusCode >= 500) problems.push(`status ${response.statusCode} is not a 4xx`);
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) problems.push(`content-type ${String(response.headers['content-type'])}`);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(response.body) as Record<string, unknown>;
  } catch {
    return [...problems, `body is not JSON: ${response.body.slice(0, 80)}`];
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [...problems, 'body is not an object'];
  const extra = Object.keys(body).filter((key) => !ENVELOPE_KEYS.has(key));
  if (extra.length) problems.push(`keys outside the envelope: ${extra.join(', ')}`);
  if (typeof body.alert !== 'string' || !body.alert) problems.push('no alert');
  if (typeof body.code !== 'string' || !/^BP_ERR_[A-Z_]+$/.test(body.code)) problems.push(`no stable code (${String(body.code)})`);
  if (body.redirect !== undefined && (typeof body.redirect !== 'string' || !body.redirect.startsWith('/'))) problems.push('redirect is not a path');
  const errors = body.errors;
  if (errors !== undefined && (typeof errors !== 'object' || errors === null || Object.values(errors).some((m) => typeof m !== 'string' || !m))) {
    problems.push('errors is not a message per field');
  }
  if (fieldErrors && (typeof errors !== 'object' || errors === null || !Object.keys(errors).length)) problems.push('a validation failure without errors per field');
  return problems;
}
