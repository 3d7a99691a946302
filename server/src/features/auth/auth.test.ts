import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { SIGN_UP_BONUS_CENTS } from '@blockpilot/shared/constants';
import { entriesOf } from '../../domain/ledger.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { testContext } from '../../../test/context.js';
import {
  bearer,
  call,
  expectFieldErrors,
  expectSignInRequired,
  freshIp,
  mailTo,
  PASSWORD,
  registration,
  signUp,
  startTestApp,
  verificationPath,
  uniqueEmail,
  type TestApp,
} from '../../../test/app.js';
import { login } from './service.js';

/** The same words whether the address is unknown or the password wrong. */
const WRONG_CREDENTIALS = 'The e-mail address or the password is wrong.';

/** The reset token of the newest link e-mailed to `email`. */
async function resetTokenFrom(t: TestApp, email: string, count = 1): Promise<string> {
  // Their verification e-mail came first.
  const newest = (await mailTo(t.database, email, count + 1)).find((m) => m.text.includes('/resetPassword/'));
  const link = /https:\/\/blockpilot\.test\/resetPassword\/(\S+)/.exec(newest!.text);
  expect(link).not.toBeNull();
  return link![1]!;
}

describeEachDatabase('auth routes', (database) => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(database());
  });
  after(async () => {
    await t.app.close();
  });

  const post = (url: string, payload: object, options: { token?: string; ip?: string } = {}) =>
    call(t.app, { method: 'POST', url, payload, ...(options.token ? { headers: bearer(options.token) } : {}), ...(options.ip ? { remoteAddress: options.ip } : {}) });
  const getUser = (token: string) => t.app.inject({ url: '/api/user', headers: bearer(token) });

  describe('POST /api/auth/register', () => {
    it('creates the account with a session and a default filter; the sign-up bonus waits for the e-mailed link', async () => {
      const body = registration({ emailAddress: uniqueEmail('New').toUpperCase() });
      const email = body.emailAddress.toLowerCase();
      const res = await post('/api/auth/register', body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: { accessToken: expect.stringMatching(/^[\w-]{43}$/) },
        alert: expect.stringMatching(/Confirm your e-mail address.* \$10\.00 sign-up credit/),
      });
      const token = res.json().data.accessToken;
      const account = (await getUser(token)).json().data;
      expect(account).toMatchObject({ emailAddress: email, emailVerified: false, credit: 0, trialEligible: true });
      expect(account.filters).toHaveLength(1);
      const { id } = await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      expect(await entriesOf(t.database.db, id)).toEqual([]);

      const [mail] = await mailTo(t.database, email);
      expect(mail!.text).toContain('your $10.00 sign-up credit');
      const link = /https:\/\/blockpilot\.test(\/verifyEmail\/\S+)/.exec(mail!.text)![1]!;
      for (let i = 0; i < 2; i++) {
        const opened = await t.app.inject({ url: link, remoteAddress: freshIp() });
        expect(opened.statusCode).toBe(303);
        expect(opened.headers.location).toBe('/dashboard');
      }
      expect((await getUser(token)).json().data).toMatchObject({ emailVerified: true, credit: SIGN_UP_BONUS_CENTS });
      expect((await entriesOf(t.database.db, id)).map((e) => [e.kind, e.amountCents])).toEqual([['signup', SIGN_UP_BONUS_CENTS]]);
    });

    it("writes the bonus in the driver's own currency, in the answer and the e-mail", async () => {
      const body = registration({ country_code: 'UK' });
      const res = await post('/api/auth/register', body);
      expect(res.json().alert).toContain('your £10.00 sign-up credit');
      expect((await mailTo(t.database, body.emailAddress.toLowerCase()))[0]!.text).toContain('your £10.00 sign-up credit');
    });

    it('ignores a forged, altered, expired or outdated verification link', async () => {
      const res = await post('/api/auth/register', registration());
      const token = res.json().data.accessToken;
      const { id, email } = await t.database.db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('email', '=', (await getUser(token)).json().data.emailAddress)
        .executeTakeFirstOrThrow();
      const expired = verificationPath(id, email, new Date(t.clock.now().getTime() - 1000));
      const otherAddress = verificationPath(id, 'someone-else@example.com');
      const good = verificationPath(id, email);
      const altered = good.replace(/\.(\d+)\./, (_m, s: string) => `.${Number(s) + 1}.`);
      for (const path of [expired, otherAddress, altered, '/verifyEmail/garbage', `/verifyEmail/${id}.9999999999.AAAA`]) {
        expect((await t.app.inject({ url: path, remoteAddress: freshIp() })).headers.location).toBe('/dashboard?emailLink=invalid');
      }
      expect((await getUser(token)).json().data).toMatchObject({ emailVerified: false, credit: 0 });
    });

    it('e-mails the verification link again on request, a few times an hour', async () => {
      const res = await post('/api/auth/register', registration());
      const token = res.json().data.accessToken;
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await post('/api/auth/resendVerificationEmail', {}, { token })).statusCode);
      expect(answers).toEqual([200, 200, 200, 429]);
      const driver = await signUp(t.app, t.database);
      expect((await post('/api/auth/resendVerificationEmail', {}, { token: driver.token })).statusCode).toBe(409);
    });

    it('reports each invalid field under its own name', async () => {
      const cases: Array<[Record<string, unknown>, string[]]> = [
        [{ country_code: 'FR' }, ['country_code']],
        [{ emailAddress: 'not-an-address' }, ['emailAddress']],
        [{ phoneNumber: '12' }, ['phoneNumber']],
        [{ phoneNumber: 'call me' }, ['phoneNumber']],
        [{ password: 'short', confirmPassword: 'short' }, ['password']],
        [{ confirmPassword: undefined }, ['confirmPassword']],
        [{ confirmPassword: 'something else' }, ['confirmPassword']],
        [{ inviteCode: 'x'.repeat(40) }, ['inviteCode']],
        [{ country_code: undefined, emailAddress: '', phoneNumber: '' }, ['country_code', 'emailAddress', 'phoneNumber']],
        [{ admin: true }, ['admin']],
        // Every mistake in one answer: the schema's and the confirmation's together.
        [{ emailAddress: 'not-an-address', password: 'short', confirmPassword: 'shorter' }, ['emailAddress', 'password', 'confirmPassword']],
      ];
      for (const [overrides, fields] of cases) expectFieldErrors(await post('/api/auth/register', registration(overrides)), fields);
    });

    it('refuses an address already registered, in any letter case', async () => {
      const driver = await signUp(t.app, t.database);
      const res = await post('/api/auth/register', registration({ emailAddress: driver.email.toUpperCase() }));
      expect(res.statusCode).toBe(409);
      expect(Object.keys(res.json().errors)).toEqual(['emailAddress']);
    });

    it('links the inviter by invite code (any case) and ignores an unknown code', async () => {
      const inviter = await signUp(t.app, t.database);
      const { shareableCode } = (await getUser(inviter.token)).json().data;
      const invited = await signUp(t.app, t.database, { inviteCode: ` ${shareableCode.toLowerCase()} ` });
      const row = await t.database.db.selectFrom('users').select('invited_by').where('id', '=', invited.id).executeTakeFirstOrThrow();
      expect(row.invited_by).toBe(inviter.id);
      const stranger = await signUp(t.app, t.database, { inviteCode: 'NOSUCHCODE' });
      expect((await t.database.db.selectFrom('users').select('invited_by').where('id', '=', stranger.id).executeTakeFirstOrThrow()).invited_by).toBeNull();
    });

    it('limits sign-ups per address (429 with Retry-After)', async () => {
      const ip = freshIp();
      for (let i = 0; i < 10; i++) expect((await post('/api/auth/register', registration(), { ip })).statusCode).toBe(200);
      const limited = await post('/api/auth/register', registration(), { ip });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toEqual({ code: 'BP_ERR_RATE_LIMITED', alert: expect.stringMatching(/Too many attempts/) });
    });
  });

  describe('POST /api/auth/login', () => {
    it("answers the right password with a working session, whatever the e-mail's case", async () => {
      const driver = await signUp(t.app, t.database);
      const res = await post('/api/auth/login', { emailAddress: driver.email.toUpperCase(), password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { accessToken: expect.any(String) } });
      expect((await getUser(res.json().data.accessToken)).statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown address identically', async () => {
      const driver = await signUp(t.app, t.database);
      const wrong = await post('/api/auth/login', { emailAddress: driver.email, password: 'wrong password' });
      const unknown = await post('/api/auth/login', { emailAddress: uniqueEmail('nobody'), password: 'wrong password' });
      expect(wrong.statusCode).toBe(400);
      expect(unknown.statusCode).toBe(400);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json()).toEqual({ code: 'BP_ERR_VALIDATION', alert: WRONG_CREDENTIALS, errors: { password: WRONG_CREDENTIALS } });
    });

    it('does the hashing work for an unknown address too', async () => {
      const ctx = testContext(database());
      const calls: string[] = [];
      const { passwords } = ctx;
      ctx.passwords = { ...passwords, verifyNothing: (p) => (calls.push('verifyNothing'), passwords.verifyNothing(p)) };
      await expect(login(ctx, uniqueEmail('ghost'), 'whatever')).rejects.toThrow(WRONG_CREDENTIALS);
      expect(calls).toEqual(['verifyNothing']);
    });

    it('reports emailAddress and password fields', async () => {
      expectFieldErrors(await post('/api/auth/login', { emailAddress: 'nope', password: '' }), ['emailAddress', 'password']);
      expectFieldErrors(await post('/api/auth/login', {}), ['emailAddress', 'password']);
    });

    it('slows guesses against one account from one address down, and lets the owner in from another', async () => {
      const driver = await signUp(t.app, t.database);
      const ip = freshIp();
      for (let i = 0; i < 5; i++) expect((await post('/api/auth/login', { emailAddress: driver.email, password: 'guess' }, { ip })).statusCode).toBe(400);
      const limited = await post('/api/auth/login', { emailAddress: driver.email, password: PASSWORD }, { ip });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBe(1);
      expect((await post('/api/auth/login', { emailAddress: driver.email, password: PASSWORD })).statusCode).toBe(200);
      t.clock.advance(1000);
      expect((await post('/api/auth/login', { emailAddress: driver.email, password: PASSWORD }, { ip })).statusCode).toBe(200);
    });
  });

  describe('password reset by e-mailed link', () => {
    it('gives the same answer for a known and an unknown address, and mails only the known one', async () => {
      const driver = await signUp(t.app, t.database);
      const known = await post('/api/auth/requestResetPasswordLink', { emailAddress: driver.email });
      const unknownAddress = uniqueEmail('nobody');
      const unknown = await post('/api/auth/requestResetPasswordLink', { emailAddress: unknownAddress });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(known.json()).toEqual({ data: null, alert: expect.any(String) });
      expect(await resetTokenFrom(t, driver.email)).toMatch(/^[\w-]{43}$/);
      await t.app.inject({ url: '/api/health' });
      expect(await t.database.db.selectFrom('outbox').select('id').where('to_address', '=', unknownAddress).execute()).toEqual([]);
    });

    it('reports an invalid emailAddress', async () => {
      expectFieldErrors(await post('/api/auth/requestResetPasswordLink', { emailAddress: 'x' }), ['emailAddress']);
    });

    it('sets the new password once, signs out everywhere, and answers with a new session', async () => {
      const driver = await signUp(t.app, t.database);
      await post('/api/auth/requestResetPasswordLink', { emailAddress: driver.email });
      const token = await resetTokenFrom(t, driver.email);

      const res = await post('/api/auth/changePassword', { password: 'a brand new secret', confirmPassword: 'a brand new secret' }, { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { accessToken: expect.any(String) }, alert: expect.any(String) });
      expect((await getUser(res.json().data.accessToken)).statusCode).toBe(200);
      expectSignInRequired(await getUser(driver.token));
      expect((await post('/api/auth/login', { emailAddress: driver.email, password: 'a brand new secret' })).statusCode).toBe(200);
      expect((await post('/api/auth/login', { emailAddress: driver.email, password: PASSWORD })).statusCode).toBe(400);

      const again = await post('/api/auth/changePassword', { password: 'yet another one', confirmPassword: 'yet another one' }, { token });
      expect(again.statusCode).toBe(401);
      expect(again.json()).toEqual({ code: 'BP_ERR_RESET_LINK_INVALID', alert: expect.any(String), redirect: '/' });
    });

    it('tells the page whether its link is still usable, without using it up', async () => {
      const driver = await signUp(t.app, t.database);
      await post('/api/auth/requestResetPasswordLink', { emailAddress: driver.email });
      const token = await resetTokenFrom(t, driver.email);
      const state = async (headers: Record<string, string> = {}) => (await t.app.inject({ url: '/api/auth/resetLinkState', headers })).json();
      expect(await state(bearer(token))).toEqual({ data: { usable: true } });
      expect(await state(bearer(token))).toEqual({ data: { usable: true } });
      // An access token, a made-up one or none is not a usable reset link.
      expect(await state(bearer(driver.token))).toEqual({ data: { usable: false } });
      expect(await state(bearer('x'.repeat(43)))).toEqual({ data: { usable: false } });
      expect(await state()).toEqual({ data: { usable: false } });
      // Used: not usable any more.
      expect((await post('/api/auth/changePassword', { password: 'a brand new secret', confirmPassword: 'a brand new secret' }, { token })).statusCode).toBe(200);
      expect(await state(bearer(token))).toEqual({ data: { usable: false } });
    });

    it('tells the page an expired link is not usable', async () => {
      const driver = await signUp(t.app, t.database);
      await post('/api/auth/requestResetPasswordLink', { emailAddress: driver.email });
      const token = await resetTokenFrom(t, driver.email);
      t.clock.advance(60 * 60_000 + 1);
      expect((await t.app.inject({ url: '/api/auth/resetLinkState', headers: bearer(token) })).json()).toEqual({ data: { usable: false } });
      t.clock.advance(-(60 * 60_000 + 1));
    });

    it('expires the link', async () => {
      const driver = await signUp(t.app, t.database);
      await post('/api/auth/requestResetPasswordLink', { emailAddress: driver.email });
      const token = await resetTokenFrom(t, driver.email);
      t.clock.advance(60 * 60_000 + 1);
      const res = await post('/api/auth/changePassword', { password: 'a brand new secret', confirmPassword: 'a brand new secret' }, { token });
      expect(res.statusCode).toBe(401);
      expect(res.json().redirect).toBe('/');
    });

    it('keeps the link usable after a form error, and checks both fields', async () => {
      const driver = await signUp(t.app, t.database);
      await post('/api/auth/requestResetPasswordLink', { emailAddress: driver.email });
      const token = await resetTokenFrom(t, driver.email);
      expectFieldErrors(await post('/api/auth/changePassword', { password: 'short', confirmPassword: 'short' }, { token }), ['password']);
      expectFieldErrors(await post('/api/auth/changePassword', { password: 'long enough now', confirmPassword: 'different' }, { token }), ['confirmPassword']);
      expectFieldErrors(await post('/api/auth/changePassword', {}, { token }), ['password', 'confirmPassword']);
      expectFieldErrors(await post('/api/auth/changePassword', { password: 'short', confirmPassword: 'other' }, { token }), ['password', 'confirmPassword']);
      expect((await post('/api/auth/changePassword', { password: 'long enough now', confirmPassword: 'long enough now' }, { token })).statusCode).toBe(200);
    });

    it('accepts only a reset token, and a reset token nowhere else', async () => {
      const driver = await signUp(t.app, t.database);
      const body = { password: 'a brand new secret', confirmPassword: 'a brand new secret' };
      for (const token of [undefined, 'garbage', driver.token]) {
        const res = await post('/api/auth/changePassword', body, token ? { token } : {});
        expect(res.statusCode).toBe(401);
        expect(res.json().redirect).toBe('/');
      }
      await post('/api/auth/requestResetPasswordLink', { emailAddress: driver.email });
      expectSignInRequired(await getUser(await resetTokenFrom(t, driver.email)));
    });

    it('limits reset requests for one mailbox from one address (429 with Retry-After)', async () => {
      const email = uniqueEmail('flood');
      const ip = freshIp();
      for (let i = 0; i < 3; i++) expect((await post('/api/auth/requestResetPasswordLink', { emailAddress: email }, { ip })).statusCode).toBe(200);
      const limited = await post('/api/auth/requestResetPasswordLink', { emailAddress: email }, { ip });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    });
  });

  describe('POST /api/auth/logout', () => {
    it('revokes the session it is called with, and only that one', async () => {
      const driver = await signUp(t.app, t.database);
      const second = (await post('/api/auth/login', { emailAddress: driver.email, password: PASSWORD })).json().data.accessToken;
      const res = await post('/api/auth/logout', {}, { token: driver.token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: null });
      expectSignInRequired(await getUser(driver.token));
      expect((await getUser(second)).statusCode).toBe(200);
    });

    it('needs a live token', async () => {
      expectSignInRequired(await post('/api/auth/logout', {}));
      expectSignInRequired(await post('/api/auth/logout', {}, { token: 'garbage' }));
    });
  });
});
