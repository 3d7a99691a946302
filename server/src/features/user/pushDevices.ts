/**
 * The driver's push devices (docs/LIVE.md "Push notifications"): the browsers that switched on
 * "This device" in Notification Preferences. A browser's subscription is saved with its keys;
 * saved again it is updated, and it belongs to the driver who saved it last (one browser, one
 * account at a time). The server only ever posts to listed push services (endpointProblem).
 */
import type { Kysely } from 'kysely';
import type { PushDevice, PushSubscriptionInput } from '@blockpilot/shared/types';
import { endpointProblem, type EndpointProblem } from '../../adapters/push/config.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { validationError } from '../../domain/errors.js';
import type { MessageKey } from '../../domain/translate.js';

/** A driver's devices at most: saving one more forgets the oldest. */
export const MAX_PUSH_DEVICES = 10;

/** What a driver reads about an endpoint the server will not post to. */
const ENDPOINT_PROBLEMS: Record<EndpointProblem, MessageKey> = {
  notAUrl: 'api.field.pushNotAUrl',
  unsupportedService: 'api.field.pushUnsupportedService',
  notHttps: 'api.field.pushNotHttps',
  notPort443: 'api.field.pushNotPort443',
};

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bOPR\//, 'Opera'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

/** How a device is named in the list, from its user agent: "Chrome on Android", "Browser" when unknown. */
export function deviceLabel(userAgent: string | undefined): string {
  const agent = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1] ?? 'Browser';
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  return system ? `${browser} on ${system}` : browser;
}

type Row = { id: string; label: string; endpoint: string; created_at: Date };
const deviceOf = (row: Row): PushDevice => ({ id: row.id, label: row.label, endpoint: row.endpoint, createdAt: row.created_at.getTime() });

export async function pushDevicesOf(db: Kysely<DatabaseSchema>, userId: string): Promise<PushDevice[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['id', 'label', 'endpoint', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(deviceOf);
}

/** Saves the caller's browser subscription; its endpoint is checked against the allowed push services first. */
export async function savePushDevice(
  db: Kysely<DatabaseSchema>,
  userId: string,
  input: PushSubscriptionInput,
  label: string,
  endpointHosts: readonly string[],
): Promise<PushDevice> {
  const problem = endpointProblem(input.endpoint, endpointHosts);
  if (problem) throw validationError({ endpoint: ENDPOINT_PROBLEMS[problem] });
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('push_subscriptions')
      .values({ user_id: userId, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth, label })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: input.p256dh, auth: input.auth, label }))
      .returning(['id', 'label', 'endpoint', 'created_at'])
      .executeTakeFirstOrThrow();
    const kept = await trx
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(MAX_PUSH_DEVICES)
      .execute();
    await trx
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('id', '!=', row.id)
      .where(
        'id',
        'not in',
        kept.map((device) => device.id),
      )
      .execute();
    return deviceOf(row);
  });
}

/** Forgets one of the caller's devices; false when it is not theirs (or gone). */
export async function removePushDevice(db: Kysely<DatabaseSchema>, userId: string, deviceId: string): Promise<boolean> {
  const { numDeletedRows } = await db.deleteFrom('push_subscriptions').where('id', '=', deviceId).where('user_id', '=', userId).executeTakeFirst();
  return numDeletedRows > 0n;
}
