/**
 * Test fixtures of the operator console's API suites: an app with an admin (through
 * ADMIN_EMAILS), a support user and a driver, calls as one of them, and the audit log's entries.
 */
import type { InjectOptions } from 'fastify';
import { bearer, call, signUp, startTestApp, type TestApp, type TestDriver } from './app.js';
import type { EngineOptions } from '../src/engineParts.js';
import type { Database } from '../src/db/types.js';

export interface OperatorSuite {
  t: TestApp;
  admin: TestDriver;
  supportUser: TestDriver;
  driver: TestDriver;
}

/** `adminEmails` is the ADMIN_EMAILS value; the admin signs up as `adminEmail`; `engine` as the app's; `env` more of the environment (REDIS_URL). */
export async function startOperatorSuite(
  database: Database,
  adminEmail: string,
  adminEmails: string = adminEmail,
  engine?: EngineOptions,
  env: NodeJS.ProcessEnv = {},
): Promise<OperatorSuite> {
  const t = await startTestApp(database, { env: { ADMIN_EMAILS: adminEmails, ...env }, ...(engine ? { engine } : {}) });
  const admin = await signUp(t.app, t.database, { emailAddress: adminEmail });
  const supportUser = await signUp(t.app, t.database);
  const driver = await signUp(t.app, t.database);
  await t.database.db.updateTable('users').set({ role: 'support' }).where('id', '=', supportUser.id).execute();
  return { t, admin, supportUser, driver };
}

/** A request with `who`'s session. */
export const callAs = (t: TestApp, who: TestDriver, options: InjectOptions) => call(t.app, { ...options, headers: { ...bearer(who.token), ...(options.headers as object) } });

/** The audit entries of `action` (about `targetUserId` when given), oldest first. */
export function auditEntriesOf(t: TestApp, action: string, targetUserId?: string) {
  let query = t.database.db.selectFrom('audit_entries').selectAll().where('action', '=', action).orderBy('id');
  if (targetUserId) query = query.where('target_user_id', '=', targetUserId);
  return query.execute();
}

export async function auditEntryCount(t: TestApp): Promise<number> {
  return Number(
    (
      await t.database.db
        .selectFrom('audit_entries')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

/**
 * `count` drivers with confirmed addresses, written straight into the database (no sign-up
 * route, no password work): recipients for the promotion suites. Returns their ids and e-mails.
 */
export async function addConfirmedDrivers(database: Database, count: number, label = 'bulk'): Promise<Array<{ id: string; email: string }>> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const rows = Array.from({ length: count }, (_, i) => {
    const email = `${label}-${stamp}-${i}@blockpilot.test`;
    return {
      email,
      phone_number: '+15550000000',
      country_code: 'US' as const,
      password_hash: 'not-a-password',
      display_name: `${label} ${i}`,
      shareable_code: `${stamp}${i}`.toUpperCase(),
      invited_by: null,
      trial_ends_at: null,
      membership_ends_at: null,
      notify_email: email,
      telegram_chat_id: null,
      promotions_opted_out_at: null,
      email_verified_at: new Date(),
    };
  });
  const inserted: Array<{ id: string; email: string }> = [];
  for (let from = 0; from < rows.length; from += 500)
    inserted.push(
      ...(await database.db
        .insertInto('users')
        .values(rows.slice(from, from + 500))
        .returning(['id', 'email'])
        .execute()),
    );
  return inserted;
}
