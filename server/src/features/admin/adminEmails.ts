/**
 * ADMIN_EMAILS (docs/OPERATIONS.md "Roles"): the first admins need no database shell, yet the list
 * never hands the service to whoever registers a listed address first.
 *
 * - It makes an account an admin only once the account's address is verified (the mailbox's owner
 *   opened the link): on verification, or at the next sign-in or start after it.
 * - It never overrides an admin: an account whose role was changed in the console
 *   (`role_granted_by = 'console'`) keeps the role the console gave, listed or not.
 * - It takes back what it gave: at start, an account the list made an admin
 *   (`role_granted_by = 'ADMIN_EMAILS'`) that is no longer listed, or no longer verified, is a
 *   driver again. A role the console gave is never taken back by the list.
 * - Production mode does not start while the list names an address whose account is not
 *   verified: someone who could not prove the mailbox registered it, and the operator must know.
 *
 * Every change is audited with the actor `ADMIN_EMAILS`, in the change's transaction.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { recordAudit, type Actor } from './audit.js';

type Db = Kysely<DatabaseSchema>;

/** The actor of the list's role changes: the configuration, not a person. */
export const ADMIN_EMAILS_ACTOR: Actor = { id: null, email: 'ADMIN_EMAILS' };

/**
 * Makes the account an admin when its verified address is listed and no admin decided its role;
 * a no-op otherwise. `db` may be the verification's transaction. The update re-checks every
 * condition, so two sign-ins at once grant (and audit) once.
 */
export async function grantListedAdmin(db: Db, adminEmails: readonly string[], userId: string, now: Date): Promise<void> {
  if (adminEmails.length === 0) return;
  const user = await db.selectFrom('users').select(['role', 'email', 'email_verified_at', 'role_granted_by']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.role === 'admin' || user.role_granted_by !== null || user.email_verified_at === null || !adminEmails.includes(user.email)) return;
  const grant = async (trx: Db) => {
    const granted = await trx
      .updateTable('users')
      .set({ role: 'admin', role_granted_by: 'ADMIN_EMAILS' })
      .where('id', '=', userId)
      .where('role', '=', user.role)
      .where('role_granted_by', 'is', null)
      .where('email_verified_at', 'is not', null)
      .executeTakeFirst();
    if (Number(granted.numUpdatedRows) === 0) return;
    await recordAudit(
      trx,
      ADMIN_EMAILS_ACTOR,
      { action: 'user.role', targetUserId: userId, reason: 'verified address listed in ADMIN_EMAILS', before: { role: user.role }, after: { role: 'admin' } },
      now,
    );
  };
  // The change and its entry in one transaction: the caller's, or one of its own.
  await (db.isTransaction ? grant(db) : db.transaction().execute(grant));
}

/** Addresses in the list whose account has not verified its address. */
async function unverifiedListed(db: Db, adminEmails: readonly string[]): Promise<string[]> {
  if (adminEmails.length === 0) return [];
  const rows = await db.selectFrom('users').select('email').where('email', 'in', adminEmails).where('email_verified_at', 'is', null).orderBy('email').execute();
  return rows.map((r) => r.email);
}

/**
 * At start: refuses production mode while the list names an unverified account, takes back the
 * admin role the list gave to accounts it no longer names (or that are not verified), and grants
 * it to the verified accounts it names that no admin decided about.
 */
export async function applyAdminEmails(ctx: Pick<AppContext, 'db' | 'config' | 'clock' | 'log'>): Promise<void> {
  const { adminEmails } = ctx.config.auth;
  const unverified = await unverifiedListed(ctx.db, adminEmails);
  if (unverified.length > 0 && ctx.config.production) {
    throw new Error(
      `ADMIN_EMAILS lists ${unverified.join(', ')}, whose account is not verified: whoever registered it has not shown the mailbox is theirs. ` +
        'Take the address off ADMIN_EMAILS, or have its owner open the verification link (or remove the account), then start again (docs/OPERATIONS.md "Roles").',
    );
  }
  if (unverified.length > 0) ctx.log.warn({ addresses: unverified }, 'ADMIN_EMAILS lists accounts whose address is not verified: they stay drivers until it is');

  const now = ctx.clock.now();
  let withdrawn = ctx.db.selectFrom('users').select(['id', 'role']).where('role_granted_by', '=', 'ADMIN_EMAILS');
  withdrawn = adminEmails.length === 0 ? withdrawn : withdrawn.where((eb) => eb.or([eb('email', 'not in', adminEmails), eb('email_verified_at', 'is', null)]));
  for (const user of await withdrawn.execute()) {
    await ctx.db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable('users')
        .set({ role: 'user', role_granted_by: null })
        .where('id', '=', user.id)
        .where('role', '=', user.role)
        .where('role_granted_by', '=', 'ADMIN_EMAILS')
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) return;
      await recordAudit(
        trx,
        ADMIN_EMAILS_ACTOR,
        { action: 'user.role', targetUserId: user.id, reason: 'no longer a verified address listed in ADMIN_EMAILS', before: { role: user.role }, after: { role: 'user' } },
        now,
      );
    });
  }

  if (adminEmails.length === 0) return;
  const listed = await ctx.db.selectFrom('users').select('id').where('email', 'in', adminEmails).where('role_granted_by', 'is', null).where('role', '<>', 'admin').execute();
  for (const { id } of listed) await grantListedAdmin(ctx.db, adminEmails, id, now);
}
