/** Creating drivers through the real API, for tests that need a signed-in session. */
import { randomUUID } from 'node:crypto';
import { product } from './browser';
import { rememberSecret } from './secrets';

/** The operator of the browser tests: the server starts with it in ADMIN_EMAILS, so it signs up as an admin. */
export const E2E_ADMIN_EMAIL = 'operator@blockpilot.e2e';

/** The password of drivers made through the API (unless a test gives its own). */
export const DRIVER_PASSWORD = 'correct horse battery staple';

export async function registerDriver(baseUrl: string, overrides: Record<string, string> = {}): Promise<string> {
  const email = `driver-${randomUUID()}@example.com`;
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      country_code: 'US',
      emailAddress: email,
      phoneNumber: '+15555550123',
      password: DRIVER_PASSWORD,
      confirmPassword: DRIVER_PASSWORD,
      ...overrides,
    }),
  });
  const body = (await res.json()) as { data?: { accessToken?: string }; alert?: string };
  if (!res.ok || !body.data?.accessToken) throw new Error(`registration failed: ${res.status} ${JSON.stringify(body)}`);
  const { secretsFile } = product();
  rememberSecret(secretsFile, `password of ${email}`, overrides.password ?? DRIVER_PASSWORD);
  rememberSecret(secretsFile, `access token of ${email}`, body.data.accessToken);
  return body.data.accessToken;
}

/** Calls the product's API as a signed-in driver; the envelope's data, or an error with the answer. */
export async function apiCall<T>(baseUrl: string, token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await res.json()) as { data?: T };
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(envelope)}`);
  return envelope.data as T;
}
