/**
 * Attacks on the session cache (docs/SECURITY.md "Session cache"): a session that is revoked
 * (logout, password change, reset, suspension by an operator) or expired is refused on the very
 * next request, whether the cache already held it or not, on the same process and, with Redis, on
 * another API process that shares it (two apps with caches of their own, one PostgreSQL schema,
 * one Redis prefix: they meet only through the database and Redis, as two processes do). The
 * hot routes (GET /api/user, getLogs, saveFilter) read no session from the database on a cache
 * hit, so they are the ones attacked; a requireUser route (locale) too.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SessionCache, type SessionInvalidation, type SharedInvalidations } from './sessionCache.js';
import { hashToken } from '../../security/tokens.js';
import { openDatabase } from '../../db/index.js';
import { bearer, call, expectSignInRequired, mailTo, PASSWORD, signUp, startTestApp, type TestApp, type TestDriver } from '../../../test/app.js';
import { describeEachDatabase, isolatedPostgres } from '../../../test/databases.js';
import { describeWithRedis } from '../../../test/redis.js';
import type { Database } from '../../db/types.js';

const ADMIN_EMAIL = 'sessions-admin@blockpilot.test';
const NEW_PASSWORD = 'a brand new password';

/** The signed-in requests a revoked session is tried on: the hot routes and a route that reads the user row. */
function signedInRequests(app: FastifyInstance, token: string): Array<Promise<LightMyRequestResponse>> {
  const headers = bearer(token);
  return [
    call(app, { url: '/api/user', headers }),
    call(app, { method: 'POST', url: '/api/user/getLogs', headers, payload: { query: {} } }),
    call(app, { method: 'POST', url: '/api/user/saveFilter', headers, payload: { filter: { id: '00000000-0000-4000-8000-000000000000' } } }),
    call(app, { url: '/api/user/locale', headers }),
  ];
}

/** Every signed-in request is refused as signed out. */
async function expectRefused(app: FastifyInstance, token: string): Promise<void> {
  for (const res of await Promise.all(signedInRequests(app, token))) expectSignInRequired(res);
}

/** The session works (and, having just been used, sits in the app's cache). */
async function expectAccepted(app: FastifyInstance, token: string): Promise<void> {
  expect((await call(app, { url: '/api/user', headers: bearer(token) })).statusCode).toBe(200);
  expect((await call(app, { method: 'POST', url: '/api/user/getLogs', headers: bearer(token), payload: { query: {} } })).statusCode).toBe(200);
}

async function resetTokenFor(database: Database, app: FastifyInstance, email: string): Promise<string> {
  expect((await call(app, { method: 'POST', url: '/api/auth/requestResetPasswordLink', payload: { emailAddress: email } })).statusCode).toBe(200);
  const mail = (await mailTo(database, email, 2)).find((m) => m.text.includes('/resetPassword/'));
  return /\/resetPassword\/(\S+)/.exec(mail!.text)![1]!;
}

/** The revocations, each through the route a person uses, from `by` (an app), of `driver`'s sessions. */
const revocations: Array<{ name: string; revoke(by: FastifyInstance, database: Database, driver: TestDriver, admin: TestDriver): Promise<void> }> = [
  {
    name: 'logout',
    async revoke(by, _database, driver) {
      expect((await call(by, { method: 'POST', url: '/api/auth/logout', headers: bearer(driver.token) })).statusCode).toBe(200);
    },
  },
  {
    name: 'password change',
    async revoke(by, _database, driver) {
      // Changed from another session of the driver's: the one under attack is not the caller's.
      const other = (await call(by, { method: 'POST', url: '/api/auth/login', payload: { emailAddress: driver.email, password: PASSWORD } })).json().data.accessToken as string;
      const res = await call(by, {
        method: 'POST',
        url: '/api/user/changePassword',
        headers: bearer(other),
        payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
    },
  },
  {
    name: 'password reset',
    async revoke(by, database, driver) {
      const resetToken = await resetTokenFor(database, by, driver.email);
      const res = await call(by, {
        method: 'POST',
        url: '/api/auth/changePassword',
        headers: bearer(resetToken),
        payload: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
    },
  },
  {
    name: 'suspension by an operator',
    async revoke(by, _database, driver, admin) {
      const res = await call(by, { method: 'POST', url: `/api/admin/users/${driver.id}/suspend`, headers: bearer(admin.token), payload: { reason: 'session cache test' } });
      expect(res.statusCode).toBe(200);
    },
  },
];

describeEachDatabase('session cache: revocation on the same process', (database) => {
  let t: TestApp;
  let admin: TestDriver;
  before(async () => {
    t = await startTestApp(database(), { env: { ADMIN_EMAILS: ADMIN_EMAIL } });
    admin = await signUp(t.app, t.database, { emailAddress: ADMIN_EMAIL });
  });
  after(async () => {
    await t.app.close();
  });

  for (const { name, revoke } of revocations) {
    it(`a cached session is refused on the very next request after ${name}`, async () => {
      const driver = await signUp(t.app, t.database);
      await expectAccepted(t.app, driver.token);
      await revoke(t.app, t.database, driver, admin);
      await expectRefused(t.app, driver.token);
    });
  }

  it('a cached session is refused once it expires, by the app clock', async () => {
    const driver = await signUp(t.app, t.database);
    await expectAccepted(t.app, driver.token);
    t.clock.advance(31 * 86_400_000);
    try {
      await expectRefused(t.app, driver.token);
    } finally {
      t.clock.advance(-31 * 86_400_000);
    }
  });

  it('the password change answers a fresh session that works at once, and only that one', async () => {
    const driver = await signUp(t.app, t.database);
    await expectAccepted(t.app, driver.token);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/user/changePassword',
      headers: bearer(driver.token),
      payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    await expectRefused(t.app, driver.token);
    await expectAccepted(t.app, res.json().data.accessToken);
  });
});

describeWithRedis('session cache: revocation across two API processes sharing Redis', (redis) => {
  let database: Database;
  let drop: () => Promise<void> = async () => undefined;
  let a: TestApp;
  let b: TestApp;
  let admin: TestDriver;
  before(async () => {
    const postgres = await isolatedPostgres();
    drop = postgres.drop;
    database = await openDatabase(postgres.config);
    const env = { REDIS_URL: redis().url, REDIS_PREFIX: `${redis().prefix}:sessions`, ADMIN_EMAILS: ADMIN_EMAIL };
    a = await startTestApp(database, { env });
    b = await startTestApp(database, { env });
    admin = await signUp(a.app, database, { emailAddress: ADMIN_EMAIL });
    // Both processes hear the channel before anything is revoked (the subscription is up once a
    // session is cached: until then every lookup goes to the database).
    await waitForCaching(a, admin);
    await waitForCaching(b, admin);
  });
  after(async () => {
    await a?.app.close();
    await b?.app.close();
    await database?.close();
    await drop();
  });

  /** Waits until `t` caches sessions (its subscription is up): a token revoked behind its back, in the database only, is then still served. */
  async function waitForCaching(t: TestApp, who: TestDriver): Promise<void> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const probe = (await call(t.app, { method: 'POST', url: '/api/auth/login', payload: { emailAddress: who.email, password: PASSWORD } })).json().data.accessToken as string;
      await expectAccepted(t.app, probe);
      await database.db.updateTable('auth_tokens').set({ revoked_at: new Date() }).where('token_hash', '=', hashToken(probe)).execute();
      if ((await call(t.app, { url: '/api/user', headers: bearer(probe) })).statusCode === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the session cache never came up');
  }

  it('the caches are in use: a token revoked only in the database, behind their backs, is still served (which is why every revocation goes through the session cache)', async () => {
    const driver = await signUp(a.app, database);
    await expectAccepted(a.app, driver.token);
    await expectAccepted(b.app, driver.token);
    await database.db.updateTable('auth_tokens').set({ revoked_at: new Date() }).where('token_hash', '=', hashToken(driver.token)).execute();
    expect((await call(b.app, { url: '/api/user', headers: bearer(driver.token) })).statusCode).toBe(200);
    // A's cache still vouches for the token, so its logout goes through and announces the revocation: both forget it.
    expect((await call(a.app, { method: 'POST', url: '/api/auth/logout', headers: bearer(driver.token) })).statusCode).toBe(200);
    await expectRefused(a.app, driver.token);
    await expectRefused(b.app, driver.token);
  });

  for (const { name, revoke } of revocations) {
    it(`a session cached by the other process is refused there on the very next request after ${name}`, async () => {
      const driver = await signUp(a.app, database);
      await expectAccepted(a.app, driver.token);
      await expectAccepted(b.app, driver.token);
      await revoke(a.app, database, driver, admin);
      await expectRefused(b.app, driver.token);
      await expectRefused(a.app, driver.token);
    });
  }
});

describe('session cache, by itself', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  const session = { userId: 'u1', expiresAt: now.getTime() + 60_000 };

  it('does not keep a lookup that started before a revocation of the user (it may have read the row before the commit)', () => {
    const cache = new SessionCache();
    const ticket = cache.ticket();
    void cache.revokedUser('u1');
    cache.keep(ticket, 'h1', session);
    expect(cache.get('h1', now)).toBeNull();
    cache.keep(cache.ticket(), 'h1', session);
    expect(cache.get('h1', now)).toEqual(expect.objectContaining(session));
  });

  it('forgets every token of a user at once, and one token alone', () => {
    const cache = new SessionCache();
    cache.keep(cache.ticket(), 'h1', session);
    cache.keep(cache.ticket(), 'h2', session);
    cache.keep(cache.ticket(), 'h3', { ...session, userId: 'u2' });
    void cache.revokedToken('h3');
    expect(cache.get('h3', now)).toBeNull();
    void cache.revokedUser('u1');
    expect([cache.get('h1', now), cache.get('h2', now)]).toEqual([null, null]);
  });

  it('with other processes: caches nothing until the subscription is up, and empties itself the moment it drops', () => {
    let setLive: (live: boolean) => void = () => undefined;
    let apply: (invalidation: SessionInvalidation) => void = () => undefined;
    const shared: SharedInvalidations = {
      publish: async () => undefined,
      listen: (onMessage, onLive) => ((apply = onMessage), (setLive = onLive)),
      close: async () => undefined,
    };
    const cache = new SessionCache({ shared });
    cache.start();
    cache.keep(cache.ticket(), 'h1', session);
    expect(cache.get('h1', now)).toBeNull();
    setLive(true);
    cache.keep(cache.ticket(), 'h1', session);
    expect(cache.get('h1', now)).not.toBeNull();
    apply({ userId: 'u1' });
    expect(cache.get('h1', now)).toBeNull();
    cache.keep(cache.ticket(), 'h1', session);
    const ticket = cache.ticket();
    setLive(false);
    expect(cache.get('h1', now)).toBeNull();
    setLive(true);
    // A lookup from before the drop is not kept: a message may have been lost meanwhile.
    cache.keep(ticket, 'h1', session);
    expect(cache.get('h1', now)).toBeNull();
  });

  it('trusts an entry for maxAgeMs at most, and holds maxEntries at most', () => {
    let clock = 0;
    const cache = new SessionCache({ maxAgeMs: 1000, maxEntries: 2, now: () => clock });
    cache.keep(cache.ticket(), 'h1', session);
    clock = 1000;
    expect(cache.get('h1', now)).toBeNull();
    cache.keep(cache.ticket(), 'h1', session);
    cache.keep(cache.ticket(), 'h2', session);
    cache.keep(cache.ticket(), 'h3', session);
    expect([cache.get('h1', now), cache.get('h2', now) !== null, cache.get('h3', now) !== null]).toEqual([null, true, true]);
  });
});
