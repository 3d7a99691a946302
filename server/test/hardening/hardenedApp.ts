/**
 * The app as the hardening suites attack it: the test app on a suite's database, logging
 * everything (trace) into a capture, mail kept in memory, and every secret the suite sends or
 * receives remembered, so the suite can end by scanning its own log for them.
 */
import { it } from 'node:test';
import { expect } from 'expect';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Adapters } from '../../src/adapters/index.js';
import { freshIp, PASSWORD, registration, startTestApp, verificationPath, type TestApp, type TestDriver } from '../app.js';
import { TEST_TOKEN_KEY } from '../config.js';
import type { Database } from '../../src/db/types.js';
import { captureLogs, type LogCapture } from './logCapture.js';
import { MemoryMailer } from './memoryMailer.js';
import { SecretRegistry } from './secrets.js';

export interface HardenedApp extends TestApp {
  mailer: MemoryMailer;
  logs: LogCapture;
  secrets: SecretRegistry;
  /** app.inject from a fresh client address (unless given), remembering the secrets it carries. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A new driver through the register route: token, e-mail, id. */
  signUp(overrides?: Record<string, unknown>): Promise<TestDriver>;
}

export async function startHardenedApp(database: Database, { env = {}, adapters = {} }: { env?: NodeJS.ProcessEnv; adapters?: Partial<Adapters> } = {}): Promise<HardenedApp> {
  const mailer = new MemoryMailer();
  const test = await startTestApp(database, { env: { LOG_LEVEL: 'trace', ...env }, adapters: { mailer, ...adapters } });
  const logs = captureLogs(test.app.log);
  const secrets = new SecretRegistry();
  secrets.add('platform token key', TEST_TOKEN_KEY);
  secrets.add('default test password', PASSWORD);
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) secrets.add(name, env[name]);

  const inject = async (options: InjectOptions) => {
    const response = await test.app.inject({ remoteAddress: freshIp(), ...options });
    secrets.observe(options, response);
    return response;
  };

  const signUp = async (overrides: Record<string, unknown> = {}): Promise<TestDriver> => {
    const body = registration(overrides);
    const response = await inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(response.statusCode).toBe(200);
    const email = String(body.emailAddress).toLowerCase();
    const { id } = await database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect((await inject({ url: verificationPath(id, email) })).headers.location).toBe('/dashboard');
    return { token: response.json().data.accessToken, email, id };
  };

  return { ...test, mailer, logs, secrets, inject, signUp };
}

/**
 * Declares the suite's last test: nothing the suite sent or received as a secret appears in any
 * line its app logged. Call it last in the describe block, after the tests that use the app.
 */
export function itLoggedNoSecrets(app: () => HardenedApp, which = 'its'): void {
  it(`wrote no password, token or key to ${which} log`, (t) => {
    const { logs, secrets } = app();
    const found = secrets.findIn(logs.lines);
    t.diagnostic(`figures: log lines scanned=${logs.lines.length} secrets tracked=${secrets.size} secrets found in logs=${found.length}`);
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(secrets.size).toBeGreaterThan(2);
    expect(found.map(({ label, line }) => `${label}: ${line.slice(0, 300)}`)).toEqual([]);
  });
}
