/**
 * Suite 3, authentication: the password hash and its cost, the rate limits on guessing and on
 * reset e-mail, reset links that work once and expire, sessions that end when the password
 * changes, and answers that do not tell whether an address has an account.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { login, requestPasswordReset } from '../features/auth/service.js';
import { LOGIN_BACKOFF, RATE_LIMITS } from '../http/rateLimits.js';
import { createPasswordHasher, type PasswordHasher } from '../security/passwords.js';
import { bearer, freshIp, PASSWORD, registration, startTestApp, uniqueEmail, type TestDriver } from '../../test/app.js';
import { testConfig } from '../../test/config.js';
import { testContext } from '../../test/context.js';
import { describeEachDatabase } from '../../test/databases.js';
import { refusalProblems } from '../../test/hardening/envelopeCheck.js';
import { itLoggedNoSecrets, startHardenedApp, type HardenedApp } from '../../test/hardening/hardenedApp.js';

/** `scrypt$<log2 N>$<r>$<p>$<salt>$<key>` read back into its parts. */
function hashParameters(stored: string) {
  const [scheme, log2N, r, p, salt, key] = stored.split('$');
  return { scheme, log2N: Number(log2N), r: Number(r), p: Number(p), saltBytes: Buffer.from(salt!, 'base64').length, keyBytes: Buffer.from(key!, 'base64').length };
}

describe('password hashing cost', () => {
  it('defaults to scrypt with N = 2^17, r = 8, p = 1 (OWASP), and writes those parameters into each hash', async () => {
    expect(testConfig().auth.scryptLog2Cost).toBe(17);
    const hasher = createPasswordHasher(testConfig().auth.scryptLog2Cost);
    const stored = await hasher.hash('a production password');
    expect(hashParameters(stored)).toEqual({ scheme: 'scrypt', log2N: 17, r: 8, p: 1, saltBytes: 16, keyBytes: 32 });
    expect(await hasher.verify('a production password', stored)).toBe(true);
    expect(await hasher.verify('a production passworD', stored)).toBe(false);
  });

  it('refuses a cost below 2^10 or above 2^20 at start-up', () => {
    for (const cost of ['9', '21', 'x']) expect(() => testConfig({ SCRYPT_LOG2_COST: cost })).toThrow(/SCRYPT_LOG2_COST/);
  });
});

describeEachDatabase('authentication', (database) => {
  let h: HardenedApp;
  before(async () => {
    h = await startHardenedApp(database());
  });
  after(async () => {
    await h.app.close();
  });

  const post = (url: string, payload: object, extra: Partial<InjectOptions> = {}) => h.inject({ method: 'POST', url, payload, ...extra });
  const signIn = (email: string, password: string, remoteAddress = freshIp()) => post('/api/auth/login', { emailAddress: email, password }, { remoteAddress });
  const account = (token: string) => h.inject({ url: '/api/user', headers: bearer(token) });
  const storedHash = async (id: string) => (await h.database.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;
  const requestReset = (email: string, remoteAddress = freshIp()) => post('/api/auth/requestResetPasswordLink', { emailAddress: email }, { remoteAddress });
  const resetLinkOf = async (driver: TestDriver) => {
    const since = h.mailer.sent.length;
    expect((await requestReset(driver.email)).statusCode).toBe(200);
    const token = await h.mailer.resetTokenFor(driver.email, since);
    h.secrets.add('reset token', token);
    return token;
  };
  const reset = (token: string, password: string) => post('/api/auth/changePassword', { password, confirmPassword: password }, { headers: bearer(token) });

  /** `attempt` is allowed `max` times, then answered 429 with a Retry-After of at most the window. */
  async function expectLimit(max: number, windowMs: number, attempt: (i: number) => Promise<LightMyRequestResponse>): Promise<void> {
    for (let i = 0; i < max; i++) expect((await attempt(i)).statusCode).not.toBe(429);
    const limited = await attempt(max);
    expect(limited.statusCode).toBe(429);
    expect(refusalProblems(limited)).toEqual([]);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
  }

  it('stores each password as scrypt at the configured cost with a salt of its own, and rehashes an older cost at sign-in', async () => {
    const first = await h.signUp();
    const second = await h.signUp();
    const [one, two] = [await storedHash(first.id), await storedHash(second.id)];
    for (const stored of [one, two]) {
      expect(hashParameters(stored)).toEqual({ scheme: 'scrypt', log2N: 10, r: 8, p: 1, saltBytes: 16, keyBytes: 32 });
      expect(stored).not.toContain(PASSWORD);
    }
    expect(one.split('$')[4]).not.toBe(two.split('$')[4]);

    // The same database behind a server configured with a higher cost: the next sign-in upgrades the hash.
    const stronger = await startTestApp(h.database, { env: { SCRYPT_LOG2_COST: '11' } });
    try {
      expect(
        (await stronger.app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailAddress: first.email, password: PASSWORD }, remoteAddress: freshIp() })).statusCode,
      ).toBe(200);
    } finally {
      await stronger.app.close();
    }
    expect(hashParameters(await storedHash(first.id)).log2N).toBe(11);
    expect((await signIn(first.email, PASSWORD)).statusCode).toBe(200);
  });

  it('slows wrong passwords down with growing delays per account and address, and per address', async () => {
    const driver = await h.signUp();
    const guesser = freshIp();
    const rule = LOGIN_BACKOFF.perAccountAndAddress;
    for (let i = 0; i < rule.freeFailures; i++) expect((await signIn(driver.email, 'a wrong guess', guesser)).statusCode).toBe(400);
    // Refused even with the right password while the delay runs; another address may still sign in.
    const waiting = await signIn(driver.email, PASSWORD, guesser);
    expect(waiting.statusCode).toBe(429);
    expect(refusalProblems(waiting)).toEqual([]);
    expect(Number(waiting.headers['retry-after'])).toBe(rule.firstDelayMs / 1000);
    expect((await signIn(driver.email, PASSWORD)).statusCode).toBe(200);
    h.clock.advance(rule.firstDelayMs);
    expect((await signIn(driver.email, 'a wrong guess', guesser)).statusCode).toBe(400);
    expect(Number((await signIn(driver.email, PASSWORD, guesser)).headers['retry-after'])).toBe((2 * rule.firstDelayMs) / 1000);
    h.clock.advance(2 * rule.firstDelayMs);
    // The right password clears the account's failures from that address.
    expect((await signIn(driver.email, PASSWORD, guesser)).statusCode).toBe(200);
    expect((await signIn(driver.email, 'a typo', guesser)).statusCode).toBe(400);

    const stuffer = freshIp();
    const perAddress = LOGIN_BACKOFF.perAddress;
    for (let i = 0; i < perAddress.freeFailures; i++) expect((await signIn(`stuffed-${i}@example.com`, 'password1', stuffer)).statusCode).toBe(400);
    expect((await signIn('one-more@example.com', 'password1', stuffer)).statusCode).toBe(429);
    h.clock.advance(perAddress.firstDelayMs);
    expect((await signIn('one-more@example.com', 'password1', stuffer)).statusCode).toBe(400);
  });

  it('limits reset requests per mailbox and address and per address (429), and reset e-mails per mailbox (silently)', async () => {
    const driver = await h.signUp();
    const owner = freshIp();
    await expectLimit(RATE_LIMITS.resetPerMailboxAndAddress.max, RATE_LIMITS.resetPerMailboxAndAddress.windowMs, () => requestReset(driver.email, owner));
    const flooder = freshIp();
    await expectLimit(RATE_LIMITS.resetPerAddress.max, RATE_LIMITS.resetPerAddress.windowMs, (i) => requestReset(`flood-${i}@example.com`, flooder));
    // From many addresses the answers stay the same, but the mailbox gets at most its budget of e-mails.
    for (let i = 0; i < 2 * RATE_LIMITS.resetEmailsPerMailbox.max; i++) expect((await requestReset(driver.email)).statusCode).toBe(200);
    await h.mailer.resetTokenFor(driver.email, 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(h.mailer.sent.filter((m) => m.to === driver.email && m.text.includes('/resetPassword/'))).toHaveLength(RATE_LIMITS.resetEmailsPerMailbox.max);
    h.clock.advance(RATE_LIMITS.resetPerAddress.windowMs);
  });

  it('lets a reset link work once, even when it is used many times at the same moment', async () => {
    const driver = await h.signUp();
    const token = await resetLinkOf(driver);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => reset(token, `new password number ${i}`)));
    const succeeded = answers.filter((answer) => answer.statusCode === 200);
    expect(succeeded).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode).toBe(401);
      expect(refused.json().redirect).toBe('/');
    }
    expect((await reset(token, 'one more new password')).statusCode).toBe(401);
  });

  it('lets a reset link work until it expires, and not a moment later', async () => {
    const driver = await h.signUp();
    const ttl = testConfig().auth.resetLinkTtlMs;
    const early = await resetLinkOf(driver);
    h.clock.advance(ttl - 1);
    expect((await reset(early, 'just in time password')).statusCode).toBe(200);
    const late = await resetLinkOf(driver);
    h.clock.advance(ttl);
    const expired = await reset(late, 'too late password');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().redirect).toBe('/');
    expect((await signIn(driver.email, 'just in time password')).statusCode).toBe(200);
  });

  it('ends every session and reset link of the driver when the password changes (answering a fresh session), and on a reset', async () => {
    const driver = await h.signUp();
    const laptop = (await signIn(driver.email, PASSWORD)).json().data.accessToken as string;
    const pendingLink = await resetLinkOf(driver);
    const newPassword = 'changed on the phone';
    h.secrets.add('new password', newPassword);
    const change = await post('/api/user/changePassword', { currentPassword: PASSWORD, newPassword, confirmNewPassword: newPassword }, { headers: bearer(driver.token) });
    expect(change.statusCode).toBe(200);
    // Every session ends, the phone's too; the phone carries on with the fresh one it was answered.
    expect((await account(change.json().data.accessToken)).statusCode).toBe(200);
    expect((await account(driver.token)).statusCode).toBe(401);
    expect((await account(laptop)).statusCode).toBe(401);
    expect((await reset(pendingLink, 'hijacked password')).statusCode).toBe(401);

    const link = await resetLinkOf(driver);
    const afterReset = await reset(link, 'chosen by link');
    expect(afterReset.statusCode).toBe(200);
    expect((await account(driver.token)).statusCode).toBe(401);
    expect((await account(afterReset.json().data.accessToken)).statusCode).toBe(200);
  });

  it('answers sign-in and reset requests alike whether or not the address has an account', async () => {
    const driver = await h.signUp();
    const sameness = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.json(), headers: Object.keys(res.headers).sort() });
    const wrongPassword = await signIn(driver.email, 'not the password');
    const noAccount = await signIn(uniqueEmail('nobody'), 'not the password');
    expect(sameness(wrongPassword)).toEqual(sameness(noAccount));
    expect(sameness(await requestReset(driver.email))).toEqual(sameness(await requestReset(uniqueEmail('nobody'))));
  });

  it('bounds what sign-up reveals: a taken address is refused alike in any letter case, and sign-ups per address are limited', async () => {
    // Sign-up answers with a session (docs/PRODUCT.md section 7), so it cannot hide that an address is
    // taken; its rate limit bounds how many addresses one client can probe.
    const driver = await h.signUp();
    const prober = freshIp();
    const attempt = (email: string) => post('/api/auth/register', registration({ emailAddress: email }), { remoteAddress: prober });
    const [lower, upper] = [await attempt(driver.email), await attempt(driver.email.toUpperCase())];
    expect(lower.statusCode).toBe(409);
    expect(upper.json()).toEqual(lower.json());
    // The default: 10 sign-ups per address per hour (REGISTRATIONS_PER_ADDRESS_PER_HOUR).
    const registrationsPerAddressPerHour = 10;
    await expectLimit(registrationsPerAddressPerHour - 2, 3_600_000, (i) => attempt(i % 2 ? driver.email : uniqueEmail('probe')));
    h.clock.advance(3_600_000);
  });

  it('does the same hashing work for an unknown address as for a wrong password, and none for a reset request', async () => {
    const ctx = testContext(h.database);
    const driver = await h.signUp();
    const calls: string[] = [];
    const real: PasswordHasher = ctx.passwords;
    ctx.passwords = {
      ...real,
      hash: (p) => (calls.push('hash'), real.hash(p)),
      verify: (p, s) => (calls.push('verify'), real.verify(p, s)),
      // Verifies against a decoy hash of the same cost: one scrypt, as for a real account.
      verifyNothing: (p) => (calls.push('verify'), real.verifyNothing(p)),
    };
    await expect(login(ctx, driver.email, 'not the password')).rejects.toThrow();
    const known = calls.splice(0);
    await expect(login(ctx, uniqueEmail('nobody'), 'not the password')).rejects.toThrow();
    const unknown = calls.splice(0);
    expect(known).toEqual(['verify']);
    expect(unknown).toEqual(known);
    await requestPasswordReset(ctx, driver.email);
    await requestPasswordReset(ctx, uniqueEmail('nobody'));
    await ctx.background.drain();
    expect(calls).toEqual([]);
  });

  itLoggedNoSecrets(() => h);
});
