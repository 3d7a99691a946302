/**
 * Suite 6, secrets at rest: a driver's platform tokens (the refresh token is a lasting key to
 * their platform account) are stored sealed with AES-256-GCM (security/tokenCipher.ts). Whoever
 * reads the database without the key, a dump or a stolen backup, learns nothing of them: no table
 * holds any piece of a token, and the sealed values open with the server's key only, and only in
 * their own user's row and field.
 */
import { randomBytes } from 'node:crypto';
import { it } from 'node:test';
import { expect } from 'expect';
import { sql } from 'kysely';
import { loadPlatformAccount } from '../domain/platformAccounts.js';
import { createTokenCipher, TokenCipherError } from '../security/tokenCipher.js';
import { simulatorEnv } from '../../test/config.js';
import { testContext } from '../../test/context.js';
import { describeEachDatabase } from '../../test/databases.js';
import { connectDriver, signUpDriver, startSimulator } from '../../test/platform.js';

/** A stretch of a token this long found anywhere in the database counts as a leak. */
const PIECE = 8;

/** Every stretch of PIECE characters of the value. */
function piecesOf(value: string): string[] {
  return Array.from({ length: value.length - PIECE + 1 }, (_, i) => value.slice(i, i + PIECE));
}

describeEachDatabase('platform tokens at rest', (database) => {
  it('keeps no piece of a platform token readable in any table, and opens the sealed values with the key only', async (t) => {
    const { sim, url } = await startSimulator();
    const ctx = testContext(database(), { env: simulatorEnv(url) });
    try {
      const drivers = await Promise.all([0, 1].map(() => signUpDriver(ctx)));
      for (const { user } of drivers) await connectDriver(ctx, user);
      const accounts = await Promise.all(drivers.map(({ user }) => loadPlatformAccount(ctx.db, ctx.tokenCipher, user.id)));
      const tokens = accounts.flatMap((account) => [account!.tokens.accessToken, account!.tokens.refreshToken]);
      for (const token of tokens) expect(token.length).toBeGreaterThanOrEqual(20);

      // Every row of every table, as text: what a dump of the database holds.
      const { rows: tables } = await sql<{ name: string }>`
        select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(ctx.db);
      let dump = '';
      for (const { name } of tables) {
        const { rows } = await sql<{ row: string }>`select t::text as row from ${sql.table(name)} t`.execute(ctx.db);
        dump += rows.map((r) => r.row).join('\n');
      }
      const pieces = tokens.flatMap(piecesOf);
      expect(pieces.filter((piece) => dump.includes(piece))).toEqual([]);

      // The raw rows hold sealed values only; another key opens none of them.
      const raw = await ctx.db.selectFrom('platform_accounts').select(['user_id', 'access_token', 'refresh_token']).execute();
      expect(raw).toHaveLength(2);
      const otherKey = createTokenCipher(randomBytes(32));
      for (const row of raw) {
        for (const [field, sealed] of [
          ['access', row.access_token],
          ['refresh', row.refresh_token],
        ] as const) {
          expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$/);
          // The server's key opens it in its own row and field (the context accounts.ts seals with)...
          expect(tokens).toContain(ctx.tokenCipher.decrypt(sealed, `${row.user_id}:${field}`));
          // ...another key does not, with or without that context.
          expect(() => otherKey.decrypt(sealed, `${row.user_id}:${field}`)).toThrow(TokenCipherError);
          expect(() => otherKey.decrypt(sealed)).toThrow(TokenCipherError);
        }
      }
      const withAnotherKey = testContext(database(), { env: { ...simulatorEnv(url), PLATFORM_TOKEN_KEY: randomBytes(32).toString('base64') } });
      expect(await loadPlatformAccount(withAnotherKey.db, withAnotherKey.tokenCipher, drivers[0]!.user.id)).toBeNull();

      // With the server's key: one driver's sealed token copied into the other's row does not open there.
      const [first, second] = raw;
      await ctx.db
        .updateTable('platform_accounts')
        .set({ access_token: first!.access_token, refresh_token: first!.refresh_token })
        .where('user_id', '=', second!.user_id)
        .execute();
      expect(await loadPlatformAccount(ctx.db, ctx.tokenCipher, second!.user_id)).toBeNull();
      expect(await loadPlatformAccount(ctx.db, ctx.tokenCipher, first!.user_id)).toMatchObject({ tokens: { accessToken: expect.any(String) } });
      t.diagnostic(`figures: platform tokens checked=${tokens.length} token pieces found in the database=0 opened with another key=0`);
    } finally {
      await ctx.platform.close();
      await sim.close();
    }
  });
});
