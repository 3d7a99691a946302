/** The account object of GET /api/user (docs/PRODUCT.md section 3), as the contract's accountSchema describes it. */
import type { Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Language, NotificationChannel, NotificationEvent } from '@blockpilot/shared/constants';
import { eventChoicesFrom } from '../../notifications/service.js';
import type { Account } from '@blockpilot/shared/types';
import type { DatabaseSchema } from '../../db/schema.js';
import { validationError } from '../../domain/errors.js';
import { compiledOnce } from '../../db/compiledOnce.js';
import { USER_COLUMNS, type UserRow } from '../auth/tokens.js';
import { filterFromRow, filterRowsOf, type FilterRow } from '../../domain/filters.js';
import { REGIONS } from '../../domain/regions.js';
import { platformTrialUsed, trialEligible } from './trial.js';

/** An end time in epoch ms while it lies ahead, else null. */
function runningUntil(end: Date | null, now: Date): number | null {
  return end && end > now ? end.getTime() : null;
}

/** Sets the driver's language (docs/FRONTEND.md, "Languages"). */
export async function saveLanguage(db: Kysely<DatabaseSchema>, userId: string, language: Language): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}

/** Sets the name the dashboard greets the driver with (spaces around it dropped). */
export async function saveDisplayName(db: Kysely<DatabaseSchema>, userId: string, displayName: string): Promise<void> {
  const name = displayName.trim();
  if (!name) throw validationError({ displayName: 'api.field.displayNameBlank' });
  await db.updateTable('users').set({ display_name: name }).where('id', '=', userId).execute();
}

const accountQuery = compiledOnce<{ userId: string }, AccountRow>((db, value) =>
  db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .select((eb) => [
      filterRowsOf(eb).as('filter_rows'),
      jsonArrayFrom(eb.selectFrom('notification_events').select(['channel', 'events']).whereRef('notification_events.user_id', '=', 'users.id')).as('event_rows'),
      platformTrialUsed(eb).as('platform_trial_used'),
    ])
    .where('users.id', '=', value('userId'))
    .where('users.suspended_at', 'is', null),
);

/** A user row with their filters, their notification choices and whether their platform account had a trial. */
type AccountRow = UserRow & { filter_rows: FilterRow[]; event_rows: { channel: NotificationChannel; events: NotificationEvent[] }[]; platform_trial_used: boolean };

/**
 * The caller's account, in one round trip: their row, their filters, their notification choices
 * and whether their platform account had a trial. Null once the account is suspended (its
 * sessions are revoked with it).
 */
export async function loadAccount(db: Kysely<DatabaseSchema>, userId: string, now: Date): Promise<Account | null> {
  const [user] = await accountQuery(db, { userId });
  if (!user) return null;
  const events = eventChoicesFrom(user.event_rows);
  return {
    display_name: user.display_name,
    credit: user.credit_cents,
    emailAddress: user.email,
    emailVerified: user.email_verified_at !== null,
    phoneNumber: user.phone_number,
    flexConnected: user.flex_connected,
    trialEligible: trialEligible(user, user.platform_trial_used, now),
    trialEndsAt: runningUntil(user.trial_ends_at, now),
    membershipEndsAt: runningUntil(user.membership_ends_at, now),
    shareableCode: user.shareable_code,
    notificationPreferences: {
      emailAddress: user.notify_email,
      whatsAppNumber: user.notify_whatsapp,
      telegramAuthCode: user.telegram_auth_code,
      telegramConnected: user.telegram_chat_id !== null,
      events,
    },
    filters: user.filter_rows.map(filterFromRow),
    puzzleRequired: user.puzzle_required,
    currency_symbol: REGIONS[user.country_code].currencySymbol,
    language: user.language,
    role: user.role,
    promotionalEmails: user.promotions_opted_out_at === null,
  };
}
