/** Creating drivers through the real API, for tests that need a signed-in session. */
import { randomUUID } from 'node:crypto';
import { product } from './browser';
import { rememberSecret } from './secrets';

/** The operator of the browser tests: the server starts with it in ADMIN_EMAILS, so it signs up as an admin. */
export const E2E_ADMIN_EMAIL = 'operator@blockpilot.e2e';

/** The password of drivers made through the API (unless a test gives its own). */
export const DRIVER_PASSWORD = 'correct horse battery staple';

/**
 * The address-verification link the server e-mailed to `email`, read from the dev outbox as the
 * developer's browser on this machine reads it (it is sent in the background: waits for it).
 */
export async function verificationLink(baseUrl: string, email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(`${baseUrl}/dev/outbox?to=${encodeURIComponent(email)}`);
    if (!res.ok) throw new Error(`reading the outbox failed: ${res.status} ${await res.text()}`);
    const { data } = (await res.json()) as { data: Array<{ text: string }> };
    const link = data.map((mail) => /https?:\/\/\S+\/verifyEmail\/\S+/.exec(mail.text)?.[0]).find(Boolean);
    if (link) {
      rememberSecret(product().secretsFile, `verification token of ${email}`, link.split('/verifyEmail/')[1]);
      return link;
    }
    if (Date.now() > deadline) throw new Error(`no verification e-mail reached ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Registers a driver through the API and confirms their e-mail address with the e-mailed link (which credits the sign-up bonus, docs/SECURITY.md "Free credit"), as a new
 * driver does; answers the session's access token.
 */
export async function registerDriver(baseUrl: string, overrides: Record<string, string> = {}): Promise<string> {
  const email = overrides.emailAddress ?? `driver-${randomUUID()}@example.com`;
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
  const opened = await fetch(await verificationLink(baseUrl, email), { redirect: 'manual' });
  if (opened.status !== 303 || opened.headers.get('location') !== '/dashboard')
    throw new Error(`the verification link of ${email} did not verify: ${opened.status} ${opened.headers.get('location')}`);
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

/**
 * Points the connected driver's first filter at their first eligible station, for any block
 * starting on `weekday` (all day, 60.00 and up, any duration and notice); returns the station's id.
 */
export async function filterForWeekday(baseUrl: string, token: string, weekday: number, name: string): Promise<string> {
  const areas = await apiCall<Array<{ id: string; eligible?: boolean }>>(baseUrl, token, 'POST', '/user/getServiceAreas', {});
  const areaId = areas.find((a) => a.eligible)!.id;
  const [filter] = (await apiCall<{ filters: Array<{ id: string }> }>(baseUrl, token, 'GET', '/user')).filters;
  await apiCall(baseUrl, token, 'POST', '/user/saveFilter', {
    filter: { ...filter, name, enabled: true, serviceAreas: [areaId], days: [weekday], time: [0, 1320], pay: [20, 100], payType: 'PER_BLOCK', duration: [0, 10], timeToArrive: 0 },
  });
  return areaId;
}
