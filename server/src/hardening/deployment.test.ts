/**
 * The attacks of a server deployed the way operators deploy it (docs/SECURITY.md): directly
 * exposed, and behind a reverse proxy on the same host (every request arrives from loopback, the
 * client's address in X-Forwarded-For). Each attack must fail in both, and the owner's own use
 * must keep working. The browser suite (e2e/tests/proxy.e2e.ts) replays them through nginx.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { SIGN_UP_BONUS_CENTS } from '@blockpilot/shared/constants';
import { bearer, freshIp, mailTo, PASSWORD, registration, signUp, startTestApp, uniqueEmail, type TestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { rmSync } from 'node:fs';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import { testConfig } from '../../test/config.js';
import { fakeFrontend } from '../../test/frontend.js';
import { RATE_LIMITS } from '../http/rateLimits.js';

const PROXY = '127.0.0.1';

/** How a client reaches the server in each deployment. */
interface Deployment {
  name: string;
  env: NodeJS.ProcessEnv;
  /** A request as it arrives from a client at `clientIp` (through the proxy when there is one). */
  from(clientIp: string, options: InjectOptions): InjectOptions;
}

const DEPLOYMENTS: Deployment[] = [
  { name: 'directly exposed', env: {}, from: (ip, options) => ({ ...options, remoteAddress: ip }) },
  {
    name: 'behind a same-host proxy',
    env: { TRUST_PROXY: PROXY },
    from: (ip, options) => ({
      ...options,
      remoteAddress: PROXY,
      headers: { host: 'blockpilot.example', 'x-forwarded-for': ip, 'x-forwarded-proto': 'https', ...(options.headers as Record<string, string>) },
    }),
  },
];

for (const deployment of DEPLOYMENTS) {
  describeEachDatabase(`attacks on a server ${deployment.name}`, (database) => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(database(), { env: { ...deployment.env, DEV_MODE: 'on', METRICS_TOKEN: 'metrics-secret-token' } });
    });
    after(async () => {
      await t.app.close();
    });
    const send = (ip: string, options: InjectOptions): Promise<LightMyRequestResponse> => t.app.inject(deployment.from(ip, options));
    const post = (ip: string, url: string, payload: object, token?: string) => send(ip, { method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });

    describe('the dev tools', () => {
      it('are refused to any request that did not come straight from this machine to localhost', async () => {
        const stranger = freshIp();
        for (const url of ['/dev/outbox', '/dev/messages']) {
          expect((await send(stranger, { url })).statusCode).toBe(403);
          // Behind a proxy the socket is loopback: the forwarding headers give it away.
          expect((await t.app.inject({ url, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': stranger } })).statusCode).toBe(403);
          expect((await t.app.inject({ url, remoteAddress: '127.0.0.1', headers: { forwarded: `for=${stranger}` } })).statusCode).toBe(403);
          // DNS rebinding: a page of evil.example whose name now points at 127.0.0.1.
          expect((await t.app.inject({ url, remoteAddress: '127.0.0.1', headers: { host: 'evil.example:3000' } })).statusCode).toBe(403);
          // The developer's own browser on this machine.
          expect((await t.app.inject({ url, remoteAddress: '127.0.0.1', headers: { host: 'localhost:3000' } })).statusCode).toBe(200);
          expect((await t.app.inject({ url, remoteAddress: '127.0.0.1', headers: { host: '127.0.0.1:3000' } })).statusCode).toBe(200);
        }
      });

      it("cannot complete anyone's checkout from outside", async () => {
        const victim = await signUp(t.app, t.database);
        const order = await t.app.inject({ method: 'POST', url: '/api/store/createStripeOrder', payload: { topup_amount: 1000 }, headers: bearer(victim.token) });
        const orderId = (order.json().data as string).split('/').pop()!;
        const form = { 'content-type': 'application/x-www-form-urlencoded' };
        expect((await send(freshIp(), { method: 'POST', url: `/dev/checkout/${orderId}/complete`, headers: form, payload: '' })).statusCode).toBe(403);
        expect(
          (
            await t.app.inject({
              method: 'POST',
              url: `/dev/checkout/${orderId}/complete`,
              remoteAddress: '127.0.0.1',
              headers: { ...form, 'x-forwarded-for': freshIp() },
              payload: '',
            })
          ).statusCode,
        ).toBe(403);
        const { credit } = (await t.app.inject({ url: '/api/user', headers: bearer(victim.token) })).json().data;
        expect(credit).toBe(SIGN_UP_BONUS_CENTS);
      });
    });

    describe('sign-in', () => {
      it("a stranger guessing the owner's password from other addresses does not lock the owner out", async () => {
        const owner = await signUp(t.app, t.database);
        const guesses = Array.from({ length: 40 }, () => post(freshIp(), '/api/auth/login', { emailAddress: owner.email, password: 'guess' }));
        await Promise.all(guesses);
        const stranger = freshIp();
        for (let i = 0; i < 30; i++) await post(stranger, '/api/auth/login', { emailAddress: owner.email, password: 'guess' });
        expect((await post(stranger, '/api/auth/login', { emailAddress: owner.email, password: 'guess' })).statusCode).toBe(429);
        const mine = await post(freshIp(), '/api/auth/login', { emailAddress: owner.email, password: PASSWORD });
        expect(mine.statusCode).toBe(200);
      });

      it('one address cannot guess without end, even against many accounts', async () => {
        const stranger = freshIp();
        let refused = 0;
        for (let i = 0; i < 60; i++) if ((await post(stranger, '/api/auth/login', { emailAddress: uniqueEmail('target'), password: 'guess' })).statusCode === 429) refused++;
        expect(refused).toBeGreaterThan(0);
      });
    });

    describe('password calls', () => {
      it('changePassword cannot be called without limit (each call costs a full hash)', async () => {
        const owner = await signUp(t.app, t.database);
        const ip = freshIp();
        const answers = [];
        for (let i = 0; i < 30; i++)
          answers.push(
            (await post(ip, '/api/user/changePassword', { currentPassword: 'wrong guess', newPassword: 'another secret', confirmNewPassword: 'another secret' }, owner.token))
              .statusCode,
          );
        expect(answers).toContain(429);
        // Not from another address either: the account has its own budget.
        const elsewhere = [];
        for (let i = 0; i < 30; i++)
          elsewhere.push(
            (
              await post(
                freshIp(),
                '/api/user/changePassword',
                { currentPassword: 'wrong guess', newPassword: 'another secret', confirmNewPassword: 'another secret' },
                owner.token,
              )
            ).statusCode,
          );
        expect(elsewhere).toContain(429);
      });

      it('a password change ends every other session and answers a fresh one', async () => {
        const owner = await signUp(t.app, t.database);
        const res = await post(
          freshIp(),
          '/api/user/changePassword',
          { currentPassword: PASSWORD, newPassword: 'another secret', confirmNewPassword: 'another secret' },
          owner.token,
        );
        expect(res.statusCode).toBe(200);
        const fresh = res.json().data.accessToken;
        expect(fresh).not.toBe(owner.token);
        expect((await t.app.inject({ url: '/api/user', headers: bearer(owner.token) })).statusCode).toBe(401);
        expect((await t.app.inject({ url: '/api/user', headers: bearer(fresh) })).statusCode).toBe(200);
      });

      it("a stranger requesting resets for the owner's mailbox does not stop the owner's own reset", async () => {
        const owner = await signUp(t.app, t.database);
        for (let i = 0; i < 10; i++) await post(freshIp(), '/api/auth/requestResetPasswordLink', { emailAddress: owner.email });
        const mine = await post(freshIp(), '/api/auth/requestResetPasswordLink', { emailAddress: owner.email });
        expect(mine.statusCode).toBe(200);
        // Whatever the stranger did, the newest link in the owner's mailbox works.
        // The verification e-mail, then the mailbox's budget of reset e-mails.
        const newest = (await mailTo(t.database, owner.email, 1 + RATE_LIMITS.resetEmailsPerMailbox.max)).find((m) => m.text.includes('/resetPassword/'));
        const token = /\/resetPassword\/(\S+)/.exec(newest!.text)![1]!;
        const reset = await post(freshIp(), '/api/auth/changePassword', { password: 'a brand new secret', confirmPassword: 'a brand new secret' }, token);
        expect(reset.statusCode).toBe(200);
      });
    });

    describe('free credit', () => {
      it('no sign-up bonus before the e-mail address is verified', async () => {
        const res = await post(freshIp(), '/api/auth/register', registration());
        expect(res.statusCode).toBe(200);
        const account = (await t.app.inject({ url: '/api/user', headers: bearer(res.json().data.accessToken) })).json().data;
        expect(account.credit).toBe(0);
        expect(account.emailVerified).toBe(false);
      });

      it('sign-ups from one address are limited', async () => {
        const ip = freshIp();
        const answers = [];
        for (let i = 0; i < 12; i++) answers.push((await post(ip, '/api/auth/register', registration())).statusCode);
        expect(answers).toContain(429);
      });
    });

    describe('operations', () => {
      it('/metrics needs its bearer token', async () => {
        expect((await send(freshIp(), { url: '/metrics' })).statusCode).toBe(401);
        expect((await send(freshIp(), { url: '/metrics', headers: bearer('wrong') })).statusCode).toBe(401);
        expect((await send(freshIp(), { url: '/metrics', headers: bearer('metrics-secret-token') })).statusCode).toBe(200);
      });
    });
  });
}

describeEachDatabase('a server without dev mode', (database) => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(database(), { env: { DEV_MODE: 'off' } });
  });
  after(async () => {
    await t.app.close();
  });

  it('has no dev tools, and its API docs list none', async () => {
    for (const url of ['/dev/outbox', '/dev/messages', '/dev/checkout/00000000-0000-4000-8000-000000000000']) {
      expect((await t.app.inject({ url, remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    }
    const docs = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(docs.paths).filter((p) => p.startsWith('/dev/'))).toEqual([]);
  });

  it('has no public /metrics without METRICS_TOKEN', async () => {
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
  });
});

describe('production mode (NODE_ENV=production)', () => {
  const complete: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    PLATFORM_SIM: 'off',
    SMTP_URL: 'smtps://u:p@mail.example.com:465',
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    PLATFORM_TOKEN_KEY: Buffer.alloc(32, 1).toString('base64'),
    LINK_SIGNING_KEY: Buffer.alloc(32, 2).toString('base64'),
    VAPID_PRIVATE_KEY: Buffer.alloc(32, 3).toString('base64url'),
    METRICS_TOKEN: 'scraper-token',
  };

  it('refuses to start with an embedded stand-in, a missing secret or dev mode, naming each setting', () => {
    expect(() => loadConfig(complete)).not.toThrow();
    for (const [change, named] of [
      [{ PLATFORM_SIM: 'embedded' }, 'PLATFORM_SIM=off'],
      [{ SMTP_URL: '' }, 'SMTP_URL'],
      [{ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }, 'STRIPE_SECRET_KEY'],
      [{ PLATFORM_TOKEN_KEY: '' }, 'PLATFORM_TOKEN_KEY'],
      [{ LINK_SIGNING_KEY: '' }, 'LINK_SIGNING_KEY'],
      [{ VAPID_PRIVATE_KEY: '' }, 'VAPID_PRIVATE_KEY'],
      [{ METRICS_TOKEN: '' }, 'METRICS_TOKEN'],
      [{ DEV_MODE: 'on' }, 'DEV_MODE=off'],
    ] as const) {
      expect(() => loadConfig({ ...complete, ...change })).toThrow(named);
    }
    // Everything missing at once: every setting is named in one message.
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PLATFORM_SIM=off[\s\S]*SMTP_URL[\s\S]*LINK_SIGNING_KEY[\s\S]*METRICS_TOKEN/);
  });

  it('refuses a TRUST_PROXY that would believe any client', () => {
    for (const value of ['true', '*', 'proxy.example.com', '10.0.0.0/33']) expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8, ::1' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
  });

  it('serves no source maps in production; development does', async () => {
    const frontendRoot = fakeFrontend();
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    try {
      for (const production of [false, true]) {
        const config = { ...testConfig({ FRONTEND_DIR: frontendRoot }), production };
        const app = await buildApp({ config, database });
        for (const url of ['/main.0123abcd.js.map', '/remotes/mf-auth/301.89abcdef.js.map']) {
          const res = await app.inject(url);
          expect(res.body.includes('the original source')).toBe(!production);
        }
        expect((await app.inject('/main.0123abcd.js')).statusCode).toBe(200);
        await app.close();
      }
    } finally {
      await database.close();
      rmSync(frontendRoot, { recursive: true, force: true });
    }
  });
});
