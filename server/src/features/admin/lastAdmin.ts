/**
 * Someone must always be able to run the console (docs/OPERATIONS.md "Roles"): the last active
 * admin (not suspended) can be neither demoted nor suspended.
 */
import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { refusal } from '../../domain/errors.js';

/**
 * Locks the rows of every active admin, in one order, for the rest of the transaction. Every
 * change that may take an admin away takes this lock first, so two admins demoting each other at
 * once are ordered, and the second reads the first's change (under READ COMMITTED a locked row is
 * read again once its lock is released, and left out if it no longer matches).
 */
export async function lockActiveAdmins(trx: Transaction<DatabaseSchema>): Promise<string[]> {
  const rows = await trx.selectFrom('users').select('id').where('role', '=', 'admin').where('suspended_at', 'is', null).orderBy('id').forUpdate().execute();
  return rows.map((r) => r.id);
}

/** Refuses (409 BP_ERR_LAST_ADMIN) to take `userId` away when no other active admin would be left. */
export function keepAnotherAdmin(activeAdmins: readonly string[], userId: string): void {
  if (activeAdmins.includes(userId) && activeAdmins.every((id) => id === userId)) throw refusal('BP_ERR_LAST_ADMIN');
}
