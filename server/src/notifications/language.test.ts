/**
 * Every message the server sends a driver is in the driver's account language (docs/FRONTEND.md,
 * "Languages"): the e-mails (verification, reset link, notifications, support replies, the
 * promotion's opt-out line, the invite reward) through the outbox, WhatsApp and Telegram through
 * the recording channels, the Telegram bot's /start reply, Web Push payloads decrypted as the
 * browser would, and the payment page's line. A Spanish driver reads Spanish, with Spanish days and
 * times; an English driver reads what the product has always said; a person with no account
 * reads English.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { DEFAULT_SUPPORT_EMAIL } from '@blockpilot/shared/constants';
import { readOutbox, type OutboxMessage } from '../adapters/mail/outboxMailer.js';
import { answerTelegramStart } from '../features/telegram/start.js';
import { sendPromotionalEmail } from '../features/support/promotions.js';
import { bearer, call, mailTo, registration, signUp, startTestApp, uniqueEmail, type TestApp, type TestDriver } from '../../test/app.js';
import { testContext } from '../../test/context.js';
import { describeEachDatabase } from '../../test/databases.js';
import { waitFor } from '../../test/platform.js';
import { decryptPush, startLocalPushService, type LocalPushService, type TestSubscription } from '../../test/pushService.js';
import { checkoutEvent, fakeStripeApi, fakeStripeGateway, stripeEnv, stripeSignature, type FakeStripeApi } from '../../test/stripe.js';

/** Tue 2 Jun 2026, 10:00 AM to 1:00 PM in New York (UTC-4 in summer). */
const START = Date.UTC(2026, 5, 2, 14) / 1000;
const BLOCK = { startTime: START, endTime: START + 3 * 3600, serviceAreaId: 'a1', serviceAreaName: 'Seattle (DWA6)', priceAmount: 1234.5, currency: 'USD', feeCents: 4321 };
/** ICU writes a (narrow) no-break space before "a.m." in Spanish; the words are what is tested here. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const LOCAL = '127.0.0.1';

describeEachDatabase("messages in the driver's language", (database) => {
  let t: TestApp;
  let pushService: LocalPushService;
  let stripe: FakeStripeApi;
  let spanish: TestDriver;
  let english: TestDriver;
  before(async () => {
    pushService = await startLocalPushService();
    stripe = fakeStripeApi();
    t = await startTestApp(database(), { env: { WEB_PUSH_ENDPOINT_HOSTS: LOCAL, ...stripeEnv }, adapters: { payments: fakeStripeGateway(stripe) } });
    spanish = await signUp(t.app, t.database, { language: 'es' });
    english = await signUp(t.app, t.database);
  });
  after(async () => {
    await t.app.close();
    await pushService.close();
  });

  const post = (url: string, payload: object, token: string) => call(t.app, { method: 'POST', url, payload, headers: bearer(token) });
  const mailWith = (to: string, subject: string): Promise<OutboxMessage> =>
    waitFor(`the e-mail "${subject}" to ${to}`, async () => (await readOutbox(t.database.db, { to })).find((mail) => mail.subject.startsWith(subject)));

  describe("an account's e-mails", () => {
    it('sends the address confirmation in the language chosen at sign-up, and again in it when asked', async () => {
      const body = registration({ language: 'es' });
      const registered = await call(t.app, { method: 'POST', url: '/api/auth/register', payload: body });
      const email = String(body.emailAddress);
      const [first] = await mailTo(t.database, email);
      expect(first!.subject).toBe('Confirma tu dirección de correo de BlockPilot');
      expect(first!.text.split('\n')).toEqual([
        '¡Te damos la bienvenida a BlockPilot! Confirma que esta es tu dirección para recibir tu crédito de bienvenida de $10.00 (el enlace funciona durante 72 horas):',
        expect.stringMatching(/^https:\/\/blockpilot\.test\/verifyEmail\/\S+$/),
        '',
        'Si no te registraste en BlockPilot, ignora este correo.',
      ]);
      await post('/api/auth/resendVerificationEmail', {}, registered.json().data.accessToken);
      const mails = await mailTo(t.database, email, 2);
      expect(mails.map((mail) => mail.subject)).toEqual(['Confirma tu dirección de correo de BlockPilot', 'Confirma tu dirección de correo de BlockPilot']);

      const englishMail = await mailWith(english.email, 'Confirm');
      expect(englishMail.subject).toBe('Confirm your BlockPilot e-mail address');
      expect(englishMail.text.split('\n')).toEqual([
        'Welcome to BlockPilot! Confirm this is your address to receive your $10.00 sign-up credit (the link works for 72 hours):',
        expect.stringMatching(/^https:\/\/blockpilot\.test\/verifyEmail\/\S+$/),
        '',
        'If you did not sign up for BlockPilot, ignore this e-mail.',
      ]);
    });

    it("e-mails a reset link in the account's language", async () => {
      const ask = (emailAddress: string) => call(t.app, { method: 'POST', url: '/api/auth/requestResetPasswordLink', payload: { emailAddress } });
      await ask(spanish.email);
      const reset = await mailWith(spanish.email, 'Restablece');
      expect(reset.subject).toBe('Restablece tu contraseña de BlockPilot');
      expect(reset.text).toMatch(
        /^Alguien \(esperamos que tú\) pidió restablecer la contraseña de tu cuenta de BlockPilot\.\n\nElige una contraseña nueva aquí \(el enlace funciona una sola vez, durante 60 minutos\):\nhttps:\/\/blockpilot\.test\/resetPassword\/\S+\n\nSi no lo pediste, ignora este correo: tu contraseña sigue igual\.$/,
      );
      await ask(english.email);
      const englishReset = await mailWith(english.email, 'Reset');
      expect(englishReset.subject).toBe('Reset your BlockPilot password');
      expect(englishReset.text).toMatch(
        /^Someone \(hopefully you\) asked to reset the password of your BlockPilot account\.\n\nChoose a new password here \(the link works once, for 60 minutes\):\nhttps:\/\/blockpilot\.test\/resetPassword\/\S+\n\nIf you did not ask for this, ignore this e-mail: your password stays as it is\.$/,
      );
    });

    it("frames a support reply in the asker's language, the operator's words as written; English for someone without an account", async () => {
      const supportUser = await signUp(t.app, t.database);
      await t.database.db.updateTable('users').set({ role: 'support' }).where('id', '=', supportUser.id).execute();
      const ask = (emailAddress: string, token?: string) =>
        call(t.app, {
          method: 'POST',
          url: '/api/help/sendQuestion',
          payload: { fullName: 'Zoe Q', emailAddress, phoneNumber: '+1 555 555 0199', question: '¿Por qué no se aceptó mi bloque?\nGracias' },
          ...(token ? { headers: bearer(token) } : {}),
        });
      const reply = async (emailAddress: string) => {
        const [ticket] = (await call(t.app, { url: `/api/admin/tickets?q=${encodeURIComponent(emailAddress)}`, headers: bearer(supportUser.token) })).json().data;
        expect((await post(`/api/admin/tickets/${ticket.id}/reply`, { text: 'The block started before your filter window.' }, supportUser.token)).statusCode).toBe(200);
        return { id: ticket.id as number, mail: await mailWith(emailAddress, 'Re: ') };
      };
      await ask(spanish.email, spanish.token);
      const answered = await reply(spanish.email);
      expect(answered.mail).toMatchObject({ subject: `Re: tu pregunta #${answered.id} a BlockPilot`, replyTo: DEFAULT_SUPPORT_EMAIL });
      expect(answered.mail.text).toBe('Hola, Zoe Q:\n\nThe block started before your filter window.\n\n--\nEscribiste:\n> ¿Por qué no se aceptó mi bloque?\n> Gracias');

      const stranger = uniqueEmail('stranger');
      await ask(stranger);
      const toStranger = await reply(stranger);
      expect(toStranger.mail.subject).toBe(`Re: your question #${toStranger.id} to BlockPilot`);
      // A visitor's ticket: anyone may have typed the address, so the reply says so (docs/OPERATIONS.md "Support inbox").
      expect(toStranger.mail.text).toBe(
        'Hello Zoe Q,\n\nThe block started before your filter window.\n\n--\nYou wrote:\n> ¿Por qué no se aceptó mi bloque?\n> Gracias\n\n--\n' +
          'We could not verify that this question came from this address: it was not sent from the signed-in BlockPilot account of this address. If you did not write to us, please ignore this e-mail.',
      );
    });

    it("keeps an operator's promotion as written and writes its opt-out line in the driver's language", async () => {
      const ctx = testContext(t.database);
      expect(await sendPromotionalEmail(ctx, spanish.id, { subject: 'Summer news', text: 'Hello drivers' })).toBe(true);
      expect((await mailWith(spanish.email, 'Summer news')).text).toMatch(
        /^Hello drivers\n\n--\nPara no recibir más correos como este: https:\/\/blockpilot\.test\/promotionOptOut\/\S+$/,
      );
      expect(await sendPromotionalEmail(ctx, english.id, { subject: 'Summer news', text: 'Hello drivers' })).toBe(true);
      expect((await mailWith(english.email, 'Summer news')).text).toMatch(/^Hello drivers\n\n--\nNo more e-mails like this: https:\/\/blockpilot\.test\/promotionOptOut\/\S+$/);
    });

    it('tells an inviter of their reward in their language, with the money as the app writes it', async () => {
      const inviterCode = async (id: string) => (await t.database.db.selectFrom('users').select('shareable_code').where('id', '=', id).executeTakeFirstOrThrow()).shareable_code;
      for (const inviter of [spanish, english]) {
        const invited = await signUp(t.app, t.database, { inviteCode: await inviterCode(inviter.id) });
        await post('/api/store/createStripeOrder', { topup_amount: 1000 }, invited.token);
        const orderId = stripe.requests.at(-1)!.body.get('client_reference_id')!;
        const payload = checkoutEvent('checkout.session.completed', { client_reference_id: orderId, payment_status: 'paid', amount_total: 1000 });
        const paid = await t.app.inject({
          method: 'POST',
          url: '/api/store/stripeWebhook',
          payload,
          headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(stripe, payload) },
        });
        expect(paid.json()).toEqual({ data: { settlement: 'paid' } });
      }
      const reward = await mailWith(spanish.email, 'Ganaste');
      expect(reward.subject).toBe('Ganaste $10.00 de crédito');
      expect(reward.text).toMatch(
        /^Un conductor que invitaste hizo una recarga, así que añadimos \$10\.00 de crédito a tu cuenta de BlockPilot\.\n\n.*\n\n--\nPara no recibir más correos como este: /,
      );
      const englishReward = await mailWith(english.email, 'You earned');
      expect(englishReward.subject).toBe('You earned $10.00 credit');
      expect(englishReward.text).toMatch(
        /^A driver you invited has topped up, so we added \$10\.00 credit to your BlockPilot account\.\n\nInvite more drivers with the invite code on your account page: you get the same reward for each of them\.\n\n--\nNo more e-mails like this: /,
      );
    });
  });

  describe('notifications on every channel', () => {
    let phone: TestSubscription;
    const whatsAppNumber = '+1 555 555 0177';
    before(async () => {
      // The Spanish driver links a Telegram chat, a WhatsApp number and this phone, and works in New York.
      const started = await t.app.inject({ method: 'POST', url: '/dev/telegram/start', payload: { chatId: '880001' }, remoteAddress: LOCAL });
      const saved = await post(
        '/api/user/saveNotificationPreferences',
        { notificationPreferences: { emailAddress: spanish.email, whatsAppNumber, telegramAuthCode: started.json().data.code } },
        spanish.token,
      );
      expect(saved.statusCode).toBe(200);
      phone = pushService.subscription();
      expect((await post('/api/user/pushDevices', { endpoint: phone.endpoint, p256dh: phone.p256dh, auth: phone.auth }, spanish.token)).statusCode).toBe(200);
      await t.database.db.updateTable('users').set({ time_zone: 'America/New_York' }).where('id', 'in', [spanish.id, english.id]).execute();
    });
    const pushesTo = (subscription: TestSubscription) =>
      pushService.received
        .filter((p) => p.path === new URL(subscription.endpoint).pathname)
        .map((p) => JSON.parse(decryptPush(p.body, subscription)) as { title: string; body: string; tag: string });

    it("answers the bot's /start in the linked account's language; a chat not linked yet in its Telegram language, else English", async () => {
      const again = await t.app.inject({ method: 'POST', url: '/dev/telegram/start', payload: { chatId: '880001' }, remoteAddress: LOCAL });
      const { code, reply } = again.json().data;
      expect(reply).toBe(
        `Tu código de BlockPilot es ${code}\n\nIngrésalo en BlockPilot, en Cuenta > Preferencias de notificación, en los próximos 15 minutos para recibir aquí tus notificaciones.`,
      );
      const ctx = { db: t.database.db, clock: t.clock };
      expect((await answerTelegramStart(ctx, '880002', 'es-MX')).reply).toMatch(/^Tu código de BlockPilot es /);
      const unlinked = await answerTelegramStart(ctx, '880003', 'fr');
      expect(unlinked.reply).toBe(
        `Your BlockPilot code is ${unlinked.code}\n\nEnter it in BlockPilot under Account > Notification Preferences within 15 minutes to get your notifications here.`,
      );
      expect((await answerTelegramStart(ctx, '880004')).reply).toMatch(/^Your BlockPilot code is /);
    });

    it('tells a Spanish driver of an accepted block in Spanish by e-mail, WhatsApp, Telegram and push, days, times and money as the Spanish app writes them', async () => {
      const ctx = testContext(t.database, { env: { WEB_PUSH_ENDPOINT_HOSTS: LOCAL } });
      ctx.notifications.blockAccepted(spanish.id, BLOCK);
      ctx.notifications.blockAccepted(english.id, BLOCK);
      await ctx.background.drain();
      const subject = 'Bloque aceptado: mar, 2 jun · 10:00 a.m. – 1:00 p.m.';
      const text = [
        'BlockPilot aceptó un bloque para ti.',
        'Cuándo: mar, 2 jun · 10:00 a.m. – 1:00 p.m.',
        'Dónde: Seattle (DWA6)',
        'Pago: $1,234.50',
        'Comisión: $43.21 (3.5 %)',
        'Tu registro: https://blockpilot.test/dashboard/logs',
      ].join('\n');
      const mail = await mailWith(spanish.email, 'Bloque aceptado');
      expect({ subject: spaced(mail.subject), text: spaced(mail.text) }).toEqual({ subject, text });
      expect(ctx.chatRecorder!.list({ to: whatsAppNumber }).map((m) => spaced(m.text))).toEqual([`${subject}\n\n${text}`]);
      expect(ctx.chatRecorder!.list({ to: '880001' }).map((m) => spaced(m.text))).toEqual([`${subject}\n\n${text}`]);
      await pushService.nextTo(new URL(phone.endpoint).pathname);
      expect(pushesTo(phone).map((push) => ({ ...push, title: spaced(push.title), body: spaced(push.body) }))).toEqual([
        { title: subject, body: text, url: 'https://blockpilot.test/dashboard/logs', tag: 'accepted' },
      ]);

      const englishMail = await mailWith(english.email, 'Block accepted');
      expect(englishMail.subject).toBe('Block accepted: Tue, Jun 2 · 10:00 AM – 1:00 PM');
      expect(englishMail.text).toBe(
        [
          'BlockPilot accepted a block for you.',
          'When: Tue, Jun 2 · 10:00 AM – 1:00 PM',
          'Where: Seattle (DWA6)',
          'Pay: $1,234.50',
          'Fee: $43.21 (3.5%)',
          'Your log: https://blockpilot.test/dashboard/logs',
        ].join('\n'),
      );
    });

    it('writes low credit, a failed automatic top-up, a puzzle and a stop in Spanish on every channel', async () => {
      const ctx = testContext(t.database, { env: { WEB_PUSH_ENDPOINT_HOSTS: LOCAL } });
      ctx.notifications.creditLow(spanish.id, { creditCents: 250, feesCovered: 1, referenceFeeCents: 200, paidBefore: true });
      ctx.notifications.autoTopUpFailed(spanish.id, { amountCents: 2000, reason: 'Your card was declined.' });
      ctx.notifications.searchStopped(spanish.id, 'puzzle');
      ctx.notifications.searchStopped(spanish.id, 'reconnect');
      await ctx.background.drain();
      const subjects = [
        'Tu crédito de BlockPilot se está acabando',
        'La recarga automática falló y ahora está desactivada',
        'Búsqueda detenida: resuelve la verificación (captcha) en la app de Amazon Flex y presiona Iniciar',
        'Búsqueda detenida: vuelve a conectar tu cuenta de Amazon Flex',
      ];
      for (const subject of subjects) await mailWith(spanish.email, subject);
      const firstLines = (to: string) => ctx.chatRecorder!.list({ to }).map((m) => m.text.split('\n')[0]);
      expect(firstLines(whatsAppNumber).sort()).toEqual([...subjects].sort());
      expect(firstLines('880001').sort()).toEqual([...subjects].sort());
      const lowCredit = await mailWith(spanish.email, subjects[0]!);
      expect(lowCredit.text.split('\n')[0]).toBe(
        'Tu crédito es de $2.50. Cubre la comisión de uno más de tus bloques recientes más grandes ($2.00); los bloques más pequeños cuestan menos.',
      );
      expect((await mailWith(spanish.email, subjects[1]!)).text.split('\n')[0]).toBe(
        'Intentamos recargar $20.00 a tu crédito de BlockPilot con tu tarjeta guardada: Your card was declined.',
      );
      await waitFor('the four pushes', () => pushesTo(phone).length === 5);
      expect(
        pushesTo(phone)
          .slice(1)
          .map((push) => push.title)
          .sort(),
      ).toEqual([...subjects].sort());
    });

    it('sends "Send a test" in Spanish', async () => {
      expect((await post('/api/user/sendTestNotification', { channel: 'push' }, spanish.token)).statusCode).toBe(200);
      expect(await waitFor('the test push', () => pushesTo(phone).find((push) => push.tag === 'test'))).toEqual({
        title: 'Notificación de prueba de BlockPilot',
        body: 'Esto es una prueba: te llegan las notificaciones push.\nElige de qué te avisamos: https://blockpilot.test/account/notificationPreferences',
        url: 'https://blockpilot.test/account/notificationPreferences',
        tag: 'test',
      });
    });
  });

  describe('the payment page', () => {
    it("names what the driver buys in their language and opens Stripe's page in it", async () => {
      const checkout = async (driver: TestDriver, payload: object) => {
        expect((await post('/api/store/createStripeOrder', payload, driver.token)).statusCode).toBe(200);
        const { body } = stripe.requests.at(-1)!;
        return { item: body.get('line_items[0][price_data][product_data][name]'), locale: body.get('locale') };
      };
      expect(await checkout(spanish, { topup_amount: 1500 })).toEqual({ item: 'Crédito de BlockPilot $15.00', locale: 'es-419' });
      expect(await checkout(spanish, { membership_plan_id: 'week' })).toEqual({ item: 'Membresía Semanal de BlockPilot (7 días)', locale: 'es-419' });
      expect(await checkout(english, { topup_amount: 1500 })).toEqual({ item: 'BlockPilot credit $15.00', locale: 'en' });
      expect(await checkout(english, { membership_plan_id: 'month' })).toEqual({ item: 'BlockPilot Monthly membership (30 days)', locale: 'en' });
    });
  });
});
