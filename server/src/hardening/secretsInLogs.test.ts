/**
 * Suite 5, secrets in logs. Every hardening suite ends by scanning its own app's log for every
 * secret it used (itLoggedNoSecrets). This suite adds the paths most likely to leak: failures
 * that log an error object (Stripe down, a forged webhook), every credential flow end to end at
 * trace level, and the redaction itself: every secret-looking field of every documented request
 * body is in the redaction list, and is censored however deep a handler might log it.
 */
import { after, before, it } from 'node:test';
import { Writable } from 'node:stream';
import { expect } from 'expect';
import fc from 'fast-check';
import Fastify from 'fastify';
import { issueTelegramLinkCode } from '../features/user/telegramLinks.js';
import { loggerOptions, SECRET_FIELDS } from '../http/logging.js';
import { bearer, PASSWORD } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { checkoutEvent, fakeStripeApi, fakeStripeGateway, stripeEnv, stripeSignature, type FakeStripeApi } from '../../test/stripe.js';
import { itLoggedNoSecrets, startHardenedApp, type HardenedApp } from '../../test/hardening/hardenedApp.js';
import type { JsonSchema } from '../../test/hardening/jsonSchema.js';
import { documentedOperations } from '../../test/hardening/routeInventory.js';
import { SECRET_FIELD } from '../../test/hardening/secrets.js';
import { validValue } from '../../test/hardening/schemaValues.js';

/** Paths (field names from the root) of every secret-looking property of a schema. */
function secretPaths(schema: JsonSchema, path: string[] = []): string[][] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, own]) => [...(SECRET_FIELD.test(name) ? [[...path, name]] : []), ...secretPaths(own, [...path, name])]);
}

/** `value` with a unique canary string at each path. */
function withCanaries(value: unknown, paths: string[][]): { value: unknown; canaries: string[] } {
  const copy = structuredClone(value) as Record<string, unknown>;
  const canaries = paths.map((path, i) => {
    const canary = `canary-${i}-${path.join('.')}-Zq8`;
    let holder = copy;
    for (const key of path.slice(0, -1)) holder = (holder[key] ??= {}) as Record<string, unknown>;
    holder[path.at(-1)!] = canary;
    return canary;
  });
  return { value: copy, canaries };
}

describeEachDatabase('secrets in the log of every credential flow and failure', (database) => {
  let h: HardenedApp;
  let api: FakeStripeApi;
  before(async () => {
    api = fakeStripeApi();
    h = await startHardenedApp(database(), { env: stripeEnv, adapters: { payments: fakeStripeGateway(api) } });
  });
  after(async () => {
    await h.app.close();
  });

  it('runs sign-up, sign-in, both password changes, a reset, Telegram linking, payments and their failures at trace level', async () => {
    const driver = await h.signUp();
    const login = await h.inject({ method: 'POST', url: '/api/auth/login', payload: { emailAddress: driver.email, password: PASSWORD } });
    const session = login.json().data.accessToken as string;
    const changed = 'the changed password 42';
    h.secrets.add('changed password', changed);
    const change = await h.inject({
      method: 'POST',
      url: '/api/user/changePassword',
      headers: bearer(session),
      payload: { currentPassword: PASSWORD, newPassword: changed, confirmNewPassword: changed },
    });
    expect(change.statusCode).toBe(200);
    const freshSession = change.json().data.accessToken as string;
    expect(
      (
        await h.inject({
          method: 'POST',
          url: '/api/user/changePassword',
          headers: bearer(freshSession),
          payload: { currentPassword: 'a wrong current one', newPassword: changed, confirmNewPassword: changed },
        })
      ).statusCode,
    ).toBe(400);

    const since = h.mailer.sent.length;
    await h.inject({ method: 'POST', url: '/api/auth/requestResetPasswordLink', payload: { emailAddress: driver.email } });
    const resetToken = await h.mailer.resetTokenFor(driver.email, since);
    h.secrets.add('reset token', resetToken);
    // The reset page itself carries the token in its path.
    await h.inject({ url: `/resetPassword/${resetToken}` });
    const chosen = 'chosen by the reset link';
    h.secrets.add('reset password', chosen);
    const reset = await h.inject({ method: 'POST', url: '/api/auth/changePassword', headers: bearer(resetToken), payload: { password: chosen, confirmPassword: chosen } });
    expect(reset.statusCode).toBe(200);
    const token = reset.json().data.accessToken as string;
    await h.inject({ method: 'POST', url: '/api/auth/changePassword', headers: bearer(resetToken), payload: { password: chosen, confirmPassword: chosen } });

    const code = await issueTelegramLinkCode(h.database.db, '777000', h.clock.now());
    await h.inject({
      method: 'POST',
      url: '/api/user/saveNotificationPreferences',
      headers: bearer(token),
      payload: { notificationPreferences: { emailAddress: '', whatsAppNumber: '', telegramAuthCode: code } },
    });

    const order = await h.inject({ method: 'POST', url: '/api/store/createStripeOrder', headers: bearer(token), payload: { topup_amount: 1000 } });
    const orderId = api.requests.at(-1)!.body.get('client_reference_id')!;
    expect(order.statusCode).toBe(200);
    const payload = checkoutEvent('checkout.session.completed', { client_reference_id: orderId, payment_status: 'paid', amount_total: 1000 });
    for (const signature of [stripeSignature(api, payload), stripeSignature(api, payload, { secret: 'whsec_forged_secret_value' })]) {
      h.secrets.add('Stripe-Signature header', signature);
      await h.inject({ method: 'POST', url: '/api/store/stripeWebhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
    }
    // Stripe down: the error object is logged; the secret key it was called with must not be.
    api.fail();
    expect((await h.inject({ method: 'POST', url: '/api/store/createStripeOrder', headers: bearer(token), payload: { topup_amount: 1000 } })).statusCode).toBe(503);
    expect(h.logs.lines.some((line) => line.includes('could not open a checkout'))).toBe(true);

    await h.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    await h.inject({ url: '/api/user', headers: bearer(token) });
    expect(h.logs.lines.length).toBeGreaterThan(20);
  });

  it('lists every secret-looking field of every documented request body, and censors it however deep it is logged', async () => {
    const operations = documentedOperations(h.app).filter((op) => op.body && secretPaths(op.body).length);
    expect(operations.map((op) => op.path)).toEqual(expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/auth/changePassword', '/api/user/changePassword']));

    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logging = Fastify({ logger: { ...(loggerOptions('trace') as object), stream } });
    logging.post('/log', async (request) => {
      // The shapes a handler might log a body in: as is, under a key, or two keys down.
      request.log.info(request.body as object, 'as is');
      request.log.info({ body: request.body }, 'under a key');
      request.log.info({ context: { body: request.body } }, 'two keys down');
      return {};
    });
    for (const operation of operations) {
      const paths = secretPaths(operation.body!);
      for (const path of paths) expect({ route: operation.path, field: path.at(-1), listed: SECRET_FIELDS.includes(path.at(-1)!) }).toMatchObject({ listed: true });
      const [example] = fc.sample(validValue(operation.body!, { ids: [] }), { seed: 1, numRuns: 1 });
      const { value, canaries } = withCanaries(example, paths);
      lines.length = 0;
      await logging.inject({ method: 'POST', url: '/log', payload: value as object });
      const leaked = canaries.filter((canary) => lines.some((line) => line.includes(canary)));
      expect({ route: operation.path, leaked }).toEqual({ route: operation.path, leaked: [] });
      expect(lines.join('')).toContain('[redacted]');
    }
    await logging.close();
  });

  itLoggedNoSecrets(() => h);
});
