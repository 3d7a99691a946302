/**
 * Connected platform accounts at rest: one row per driver with the platform's tokens sealed by
 * the token cipher (AES-256-GCM), each bound to the driver and to its role, so a sealed value
 * copied to another row or column does not open. Saving a connection also sets flexConnected.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PlatformRegion } from '@blockpilot/shared/constants';
import type { PlatformServiceArea, PlatformTokens, RegisteredDevice } from '../adapters/platform/types.js';
import { isUniqueViolation } from '../db/errors.js';
import type { DatabaseSchema } from '../db/schema.js';
import { TokenCipherError, type TokenCipher } from '../security/tokenCipher.js';

type Db = Kysely<DatabaseSchema>;

/** A connected account as the engine and the routes use it: tokens opened. */
export interface PlatformAccount {
  userId: string;
  region: PlatformRegion;
  platformUserId: string;
  instanceId: string;
  tokens: PlatformTokens;
  /** getOfferFiltersOptions as last fetched, and when; null before the first fetch. */
  serviceAreas: PlatformServiceArea[] | null;
  serviceAreasFetchedAt: Date | null;
}

const refreshContext = (userId: string) => `${userId}:refresh`;
const accessContext = (userId: string) => `${userId}:access`;

/** What a fresh connection stores. */
export interface NewConnection {
  userId: string;
  region: PlatformRegion;
  deviceSerial: string;
  device: RegisteredDevice;
}

/**
 * Stores the account's tokens (replacing an earlier connection) and marks the driver connected,
 * in one transaction. The instance id is kept when the same platform account connects again, so
 * the platform keeps seeing one device instance; another account gets a new one.
 */
export async function saveConnection(db: Db, cipher: TokenCipher, { userId, region, deviceSerial, device }: NewConnection): Promise<void> {
  try {
    await storeConnection(db, cipher, { userId, region, deviceSerial, device });
  } catch (error) {
    // One platform account backs at most one BlockPilot account (docs/SECURITY.md "Free credit").
    if (isUniqueViolation(error, 'platform_accounts_platform_user_id_key')) throw new PlatformAccountTakenError();
    throw error;
  }
}

/** The platform account is connected to another BlockPilot account. */
export class PlatformAccountTakenError extends Error {
  constructor() {
    super('the platform account backs another BlockPilot account');
    this.name = 'PlatformAccountTakenError';
  }
}

async function storeConnection(db: Db, cipher: TokenCipher, { userId, region, deviceSerial, device }: NewConnection): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const previous = await trx.selectFrom('platform_accounts').select(['platform_user_id', 'instance_id']).where('user_id', '=', userId).forUpdate().executeTakeFirst();
    const sameAccount = previous?.platform_user_id === device.userId;
    const connection = {
      region,
      platform_user_id: device.userId,
      instance_id: sameAccount ? previous.instance_id : randomUUID(),
      device_serial: deviceSerial,
      refresh_token: cipher.encrypt(device.tokens.refreshToken, refreshContext(userId)),
      access_token: cipher.encrypt(device.tokens.accessToken, accessContext(userId)),
      access_issued_at: new Date(device.tokens.issuedAtMs),
      access_expires_at: new Date(device.tokens.expiresAtMs),
    };
    // Another account may work other areas: its list is fetched afresh.
    const noAreas = { service_areas: null, service_areas_fetched_at: null };
    await trx
      .insertInto('platform_accounts')
      .values({ user_id: userId, ...connection, ...noAreas })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(sameAccount ? connection : { ...connection, ...noAreas }))
      .execute();
    await trx.updateTable('users').set({ flex_connected: true, puzzle_required: false }).where('id', '=', userId).execute();
  });
}

/**
 * The driver's account with its tokens opened, or null when none is stored or its tokens cannot
 * be opened (another key, tampering): either way the driver has to connect again.
 */
export async function loadPlatformAccount(db: Db, cipher: TokenCipher, userId: string): Promise<PlatformAccount | null> {
  const row = await db.selectFrom('platform_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return null;
  try {
    return {
      userId,
      region: row.region,
      platformUserId: row.platform_user_id,
      instanceId: row.instance_id,
      tokens: {
        refreshToken: cipher.decrypt(row.refresh_token, refreshContext(userId)),
        accessToken: cipher.decrypt(row.access_token, accessContext(userId)),
        issuedAtMs: row.access_issued_at.getTime(),
        expiresAtMs: row.access_expires_at.getTime(),
      },
      serviceAreas: row.service_areas,
      serviceAreasFetchedAt: row.service_areas_fetched_at,
    };
  } catch (error) {
    if (error instanceof TokenCipherError) return null;
    throw error;
  }
}

/** Stores a refreshed access token (the refresh token does not change on refresh). */
export async function saveAccessToken(db: Db, cipher: TokenCipher, userId: string, tokens: PlatformTokens): Promise<void> {
  await db
    .updateTable('platform_accounts')
    .set({
      access_token: cipher.encrypt(tokens.accessToken, accessContext(userId)),
      access_issued_at: new Date(tokens.issuedAtMs),
      access_expires_at: new Date(tokens.expiresAtMs),
    })
    .where('user_id', '=', userId)
    .execute();
}

/** Caches the account's service areas (getOfferFiltersOptions). */
export async function saveServiceAreas(db: Db, userId: string, areas: PlatformServiceArea[], now: Date): Promise<void> {
  await db
    .updateTable('platform_accounts')
    .set({ service_areas: JSON.stringify(areas), service_areas_fetched_at: now })
    .where('user_id', '=', userId)
    .execute();
}

/** The platform refused the account (401, device deregistered, tokens unreadable): the driver must connect again. */
export async function markDisconnected(db: Db, userId: string): Promise<void> {
  await db.updateTable('users').set({ flex_connected: false, searching: false }).where('id', '=', userId).execute();
}
