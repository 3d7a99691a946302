/**
 * A {@link PlatformSession} for a stored account: the region's client, the account's tokens and
 * instance id, and every refreshed access token sealed and stored again (in the background, so a
 * platform call never waits on the database).
 */
import type { Kysely } from 'kysely';
import type { PlatformGateway } from '../adapters/platform/gateway.js';
import { PlatformSession } from '../adapters/platform/session.js';
import type { PlatformTokens } from '../adapters/platform/types.js';
import type { BackgroundTasks } from '../background.js';
import type { DatabaseSchema } from '../db/schema.js';
import type { TokenCipher } from '../security/tokenCipher.js';
import { saveAccessToken, type PlatformAccount } from './platformAccounts.js';

/** What opening a session needs: where tokens are stored, how, and the platform's clients. */
export interface SessionDependencies {
  db: Kysely<DatabaseSchema>;
  tokenCipher: TokenCipher;
  platform: PlatformGateway;
  background: BackgroundTasks;
}

/** A session on the stored account that stores its refreshed access tokens. */
export function openPlatformSession({ db, tokenCipher, platform, background }: SessionDependencies, account: PlatformAccount): PlatformSession {
  return openSession({ platform, background }, account, (tokens) => saveAccessToken(db, tokenCipher, account.userId, tokens));
}

/** A session on the account whose refreshed access tokens `store` keeps, in the background (the engine's: its account store). */
export function openSession(
  { platform, background }: Pick<SessionDependencies, 'platform' | 'background'>,
  account: PlatformAccount,
  store: (tokens: PlatformTokens) => Promise<void>,
): PlatformSession {
  return new PlatformSession({
    client: platform.client(account.region),
    tokens: account.tokens,
    instanceId: account.instanceId,
    onTokensRefreshed: (tokens) => background.run('store refreshed platform token', () => store(tokens)),
  });
}
