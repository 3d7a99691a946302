/**
 * The app as the route tests drive it: built on a suite's database with a cheap password hash
 * (SCRYPT_LOG2_COST=10, tests only), a movable clock, and helpers to sign a driver up and read
 * the outbox.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'expect';
import type { Adapters } from '../src/adapters/index.js';
import { readOutbox, type OutboxMessage } from '../src/adapters/mail/outboxMailer.js';
import { buildApp } from '../src/app.js';
import type { EngineOptions } from '../src/engineParts.js';
import type { ServerConfig } from '../src/config.js';
import type { Database } from '../src/db/types.js';
import { TestClock } from './clock.js';
import { TEST_LINK_SIGNING_KEY, testConfig } from './config.js';
import { emailVerificationToken, VERIFY_EMAIL_PATH } from '../src/features/auth/emailVerification.js';

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  database: Database;
}

export async function startTestApp(
  database: Database,
  {
    env = {},
    adapters,
    clock = new TestClock(),
    configure = (c) => c,
    serveFrontend = false,
    engine,
  }: {
    env?: NodeJS.ProcessEnv;
    adapters?: Partial<Adapters>;
    clock?: TestClock;
    configure?: (config: ServerConfig) => ServerConfig;
    serveFrontend?: boolean;
    engine?: EngineOptions;
  } = {},
): Promise<TestApp> {
  const config = configure(testConfig({ SCRYPT_LOG2_COST: '10', PUBLIC_URL: 'https://blockpilot.test', ...env }));
  const app = await buildApp({ config, database, serveFrontend, clock, ...(adapters ? { adapters } : {}), ...(engine ? { engine } : {}) });
  await app.ready();
  return { app, clock, database };
}

/** A client address of its own, so one test's attempts do not count against another's rate limits. */
export function freshIp(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function uniqueEmail(label = 'driver'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

export const PASSWORD = 'correct horse battery';

/** A valid sign-up body; override any field. */
export function registration(overrides: Record<string, unknown> = {}) {
  return {
    country_code: 'US',
    emailAddress: uniqueEmail(),
    phoneNumber: '+1 555 555 0100',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...overrides,
  };
}

/** A signed-up driver: their token, e-mail and id. */
export interface TestDriver {
  token: string;
  email: string;
  id: string;
}

/** A driver signed up through the route who opened their verification link (so has the sign-up bonus). */
export async function signUp(app: FastifyInstance, database: Database, overrides: Record<string, unknown> = {}): Promise<TestDriver> {
  const body = registration(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress: freshIp() });
  expect(res.statusCode).toBe(200);
  const email = String(body.emailAddress).toLowerCase();
  const { id } = await database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const verified = await app.inject({ url: verificationPath(id, email), remoteAddress: freshIp() });
  expect(verified.headers.location).toBe('/dashboard');
  return { token: res.json().data.accessToken, email, id };
}

/** The path of a verification link of the user signed with the tests' key (live far past any clock a test moves). */
export function verificationPath(userId: string, email: string, expiresAt = new Date('2100-01-01T00:00:00Z')): string {
  return `${VERIFY_EMAIL_PATH}/${emailVerificationToken(Buffer.from(TEST_LINK_SIGNING_KEY, 'base64'), userId, email, expiresAt)}`;
}

/** Injects with a fresh client address unless one is given. */
export function call(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject({ remoteAddress: freshIp(), ...options });
}

/** Waits for mail to `to` (sending runs in the background), newest first. */
export async function mailTo(database: Database, to: string, count = 1): Promise<OutboxMessage[]> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const messages = await readOutbox(database.db, { to });
    if (messages.length >= count) return messages;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no e-mail to ${to} arrived`);
}

/** Asserts the envelope of a failure: status, an alert, and exactly these fields with errors. */
export function expectFieldErrors(res: LightMyRequestResponse, fields: string[]): void {
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(typeof body.alert).toBe('string');
  expect(Object.keys(body.errors ?? {}).sort()).toEqual([...fields].sort());
  for (const field of fields) expect(typeof body.errors[field]).toBe('string');
}

/** Asserts a 401 envelope that sends the client to sign in. */
export function expectSignInRequired(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ code: 'BP_ERR_UNAUTHORIZED', alert: expect.any(String), redirect: '/login' });
}
