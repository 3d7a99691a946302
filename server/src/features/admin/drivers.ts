/** Finding drivers and reading everything about one (docs/OPERATIONS.md "Drivers"). */
import type { Kysely, Selectable } from 'kysely';
import type { AdminOrder, AdminUserDetail, AdminUserSummary, TicketSummary } from '@blockpilot/shared/types';
import type { DatabaseSchema, OrderTable, SupportMessageTable } from '../../db/schema.js';
import { ENTRY_COLUMNS, entryFromRow } from '../logs/entries.js';
import { REGIONS } from '../../domain/regions.js';
import { containing } from './audit.js';

type Db = Kysely<DatabaseSchema>;

export const SEARCH_LIMIT = 50;
const RECENT_LOG = 20;
const LEDGER_LIMIT = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ms = (date: Date | null) => date?.getTime() ?? null;

function summaryQuery(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('platform_accounts', 'platform_accounts.user_id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.display_name',
      'users.role',
      'users.credit_cents',
      'users.country_code',
      'users.searching',
      'users.suspended_at',
      'users.created_at',
      'platform_accounts.platform_user_id',
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['executeTakeFirstOrThrow']>>;

function summaryOf(row: SummaryRow): AdminUserSummary {
  return {
    id: row.id,
    emailAddress: row.email,
    displayName: row.display_name,
    role: row.role,
    credit: row.credit_cents,
    currencySymbol: REGIONS[row.country_code].currencySymbol,
    searching: row.searching,
    suspended: row.suspended_at !== null,
    platformUserId: row.platform_user_id,
    createdAt: row.created_at.getTime(),
  };
}

/**
 * Drivers whose e-mail or name contains `q`, whose platform account id or account id is `q`;
 * the newest accounts first, at most {@link SEARCH_LIMIT}. An empty `q` lists the newest.
 */
export async function searchDrivers(db: Db, q: string): Promise<AdminUserSummary[]> {
  const term = q.trim();
  let query = summaryQuery(db).orderBy('users.created_at', 'desc').limit(SEARCH_LIMIT);
  if (term) {
    const like = containing(term);
    query = query.where((eb) =>
      eb.or([
        eb('users.email', 'ilike', like),
        eb('users.display_name', 'ilike', like),
        eb('platform_accounts.platform_user_id', '=', term),
        ...(UUID.test(term) ? [eb('users.id', '=', term)] : []),
      ]),
    );
  }
  return (await query.execute()).map(summaryOf);
}

export function orderOf(row: Selectable<OrderTable>): AdminOrder {
  return {
    id: row.id,
    kind: row.kind,
    amountCents: row.amount_cents,
    currency: row.currency,
    membershipPlanId: row.membership_plan_id,
    status: row.status,
    createdAt: row.created_at.getTime(),
    settledAt: ms(row.settled_at),
    refundedAt: ms(row.refunded_at),
  };
}

export function ticketSummaryOf(row: Selectable<SupportMessageTable>): TicketSummary {
  return {
    id: row.id,
    status: row.status,
    fullName: row.full_name,
    emailAddress: row.email,
    userId: row.user_id,
    senderVerified: row.sender_verified,
    question: row.question,
    createdAt: row.created_at.getTime(),
  };
}

/**
 * The reason the operator gave for each of these adjustment ledger keys: the audit entry of the
 * adjustment (applied at once, or asked for past the daily bound) carries it, with the key as its
 * subject (docs/OPERATIONS.md "Credit adjustments").
 */
async function adjustmentReasons(db: Db, userId: string, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('audit_entries')
    .select(['subject', 'reason'])
    .where('target_user_id', '=', userId)
    .where('action', 'in', ['user.credit', 'user.creditRequested'])
    .where('subject', 'in', keys)
    .execute();
  return new Map(rows.flatMap((r) => (r.subject && r.reason ? [[r.subject, r.reason] as const] : [])));
}

/** The currency symbol of the driver's region, for any amount of theirs an operator reads (docs/OPERATIONS.md "Drivers"). */
export async function currencySymbolOf(db: Db, userId: string): Promise<string> {
  const { country_code } = await db.selectFrom('users').select('country_code').where('id', '=', userId).executeTakeFirstOrThrow();
  return REGIONS[country_code].currencySymbol;
}

/** Everything about one driver, or null when there is no such account. */
export async function driverDetail(db: Db, userId: string): Promise<AdminUserDetail | null> {
  const summary = await summaryQuery(db).where('users.id', '=', userId).executeTakeFirst();
  if (!summary) return null;
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const [ledger, orders, invitedBy, invited, platformAccount, recentLog, tickets] = await Promise.all([
    db.selectFrom('ledger_entries').select(['key', 'kind', 'amount_cents', 'created_at']).where('user_id', '=', userId).orderBy('id', 'desc').limit(LEDGER_LIMIT).execute(),
    db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').execute(),
    user.invited_by ? db.selectFrom('users').select(['id', 'email']).where('id', '=', user.invited_by).executeTakeFirst() : undefined,
    db.selectFrom('users').select(['id', 'email', 'created_at']).where('invited_by', '=', userId).orderBy('created_at', 'desc').execute(),
    db.selectFrom('platform_accounts').select(['region', 'platform_user_id', 'connected_at']).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('offer_logs').select(ENTRY_COLUMNS).where('user_id', '=', userId).orderBy('discovered_at', 'desc').limit(RECENT_LOG).execute(),
    db
      .selectFrom('support_messages')
      .selectAll()
      // Sent signed in by the driver only: anyone may type the driver's address (docs/OPERATIONS.md "Support inbox").
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute(),
  ]);
  const reasons = await adjustmentReasons(
    db,
    userId,
    ledger.filter((e) => e.kind === 'adjustment').map((e) => e.key),
  );
  return {
    ...summaryOf(summary),
    phoneNumber: user.phone_number,
    countryCode: user.country_code,
    suspendedAt: ms(user.suspended_at),
    shareableCode: user.shareable_code,
    ledger: ledger.map((e) => ({ key: e.key, kind: e.kind, amountCents: e.amount_cents, reason: reasons.get(e.key) ?? null, createdAt: e.created_at.getTime() })),
    orders: orders.map(orderOf),
    trialEndsAt: ms(user.trial_ends_at),
    membershipEndsAt: ms(user.membership_ends_at),
    invitedBy: invitedBy ? { id: invitedBy.id, emailAddress: invitedBy.email } : null,
    invited: invited.map((i) => ({ id: i.id, emailAddress: i.email, createdAt: i.created_at.getTime() })),
    search: {
      flexConnected: user.flex_connected,
      puzzleRequired: user.puzzle_required,
      platformAccount: platformAccount
        ? { region: platformAccount.region, platformUserId: platformAccount.platform_user_id, connectedAt: platformAccount.connected_at.getTime() }
        : null,
      recentLog: recentLog.map(entryFromRow),
    },
    notifications: {
      emailAddress: user.notify_email,
      whatsAppNumber: user.notify_whatsapp,
      telegramConnected: user.telegram_chat_id !== null,
      promotionsOptedOutAt: ms(user.promotions_opted_out_at),
    },
    tickets: tickets.map(ticketSummaryOf),
  };
}
