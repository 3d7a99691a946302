/**
 * Every secret value a suite used (passwords, access and reset tokens, keys), and a scan of log
 * lines for any of them. Values are looked for as written and as they appear inside a JSON log
 * line (escaped), so a secret with a quote or non-ASCII character is not missed.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * Shorter or more repetitive values would match unrelated text: a fuzzed password "00000000" in
 * a UUID, 'x' x 128 in another request's URL.
 */
const MIN_SECRET_LENGTH = 12;
const MIN_DISTINCT_CHARACTERS = 8;

/** Names of body fields that carry a password, token or code (request or answer). */
export const SECRET_FIELD = /password|token|secret|code_verifier|otp|challenge_response|authcode/i;

export interface SecretFound {
  label: string;
  line: string;
}

export class SecretRegistry {
  private readonly values = new Map<string, string>();

  /** Remembers a secret under a label for reports (`password of driver-1`). */
  add(label: string, value: string | null | undefined): void {
    if (typeof value === 'string' && value.length >= MIN_SECRET_LENGTH && new Set(value).size >= MIN_DISTINCT_CHARACTERS) this.values.set(value, label);
  }

  get size(): number {
    return this.values.size;
  }

  /** Records what a request carries (bearer token, password fields) and what its answer returns (tokens). */
  observe(request: InjectOptions, response: LightMyRequestResponse): void {
    const authorization = request.headers?.authorization;
    if (typeof authorization === 'string') {
      this.add('Authorization header', authorization);
      this.add('bearer token', authorization.replace(/^Bearer\s+/i, ''));
    }
    if (request.payload !== undefined) this.addFields('request field', parsed(request.payload));
    if (String(response.headers['content-type'] ?? '').includes('json')) this.addFields('answer field', parsed(response.body));
  }

  /** Lines holding any remembered secret. */
  findIn(lines: readonly string[]): SecretFound[] {
    const found: SecretFound[] = [];
    for (const [value, label] of this.values) {
      const escaped = JSON.stringify(value).slice(1, -1);
      for (const line of lines) if (line.includes(value) || line.includes(escaped)) found.push({ label, line });
    }
    return found;
  }

  private addFields(origin: string, value: unknown, depth = 0): void {
    if (depth > 4 || typeof value !== 'object' || value === null) return;
    for (const [key, field] of Object.entries(value)) {
      if (typeof field === 'string' && SECRET_FIELD.test(key)) this.add(`${origin} ${key}`, field);
      else this.addFields(origin, field, depth + 1);
    }
  }
}

function parsed(payload: unknown): unknown {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  try {
    return JSON.parse(String(payload));
  } catch {
    return undefined;
  }
}
