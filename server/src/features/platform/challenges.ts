/**
 * Sign-in challenges waiting for their pasted landing URL. The verifier goes to the browser (the
 * connect page sends it back with the URL), and the server keeps only its SHA-256 with the
 * driver, the region and the device serial: a verifier is accepted only from the driver it was
 * made for, only once, and only for CHALLENGE_TTL_MS.
 */
import type { Kysely } from 'kysely';
import type { PlatformRegion } from '@blockpilot/shared/constants';
import { newDeviceSerial } from '../../adapters/platform/pkce.js';
import { createSignInChallenge, type SignInChallenge } from '../../adapters/platform/signIn.js';
import type { PlatformClient } from '../../adapters/platform/types.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { hashToken } from '../../security/tokens.js';

type Db = Kysely<DatabaseSchema>;

/** How long a driver has to sign in and paste the URL. */
export const CHALLENGE_TTL_MS = 30 * 60_000;
/** Open challenges kept per driver (each opening of the connect page makes one). */
export const MAX_OPEN_CHALLENGES = 5;

/** A new challenge for the driver's region, remembered for them (the newest few are kept). */
export async function issueChallenge(db: Db, client: PlatformClient, userId: string, region: PlatformRegion, now: Date): Promise<SignInChallenge> {
  const challenge = createSignInChallenge(client.endpoints, client.device, newDeviceSerial());
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('platform_challenges').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
    await trx
      .insertInto('platform_challenges')
      .values({
        verifier_hash: hashToken(challenge.codeVerifier),
        user_id: userId,
        region,
        device_serial: challenge.deviceSerial,
        expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS),
      })
      .execute();
    // Keep the newest few: an old tab's challenge still works, an unbounded pile does not grow.
    const stale = await trx
      .selectFrom('platform_challenges')
      .select('verifier_hash')
      .where('user_id', '=', userId)
      .orderBy('expires_at', 'desc')
      .offset(MAX_OPEN_CHALLENGES)
      .limit(100)
      .execute();
    if (stale.length)
      await trx
        .deleteFrom('platform_challenges')
        .where(
          'verifier_hash',
          'in',
          stale.map((s) => s.verifier_hash),
        )
        .execute();
  });
  return challenge;
}

/** The open challenge of this driver with this verifier. */
export interface OpenChallenge {
  verifierHash: string;
  region: PlatformRegion;
  deviceSerial: string;
}

/** The driver's open, unexpired challenge with this verifier, or null. */
export async function findChallenge(db: Db, userId: string, codeVerifier: string, now: Date): Promise<OpenChallenge | null> {
  const row = await db
    .selectFrom('platform_challenges')
    .select(['verifier_hash', 'region', 'device_serial'])
    .where('verifier_hash', '=', hashToken(codeVerifier))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? { verifierHash: row.verifier_hash, region: row.region, deviceSerial: row.device_serial } : null;
}

/** Uses a challenge up. */
export async function deleteChallenge(db: Db, verifierHash: string): Promise<void> {
  await db.deleteFrom('platform_challenges').where('verifier_hash', '=', verifierHash).execute();
}
