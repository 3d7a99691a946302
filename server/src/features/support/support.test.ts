import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { DEFAULT_SUPPORT_EMAIL } from '@blockpilot/shared/constants';
import { describeEachDatabase } from '../../../test/databases.js';
import { testContext } from '../../../test/context.js';
import { bearer, call, expectFieldErrors, expectSignInRequired, freshIp, mailTo, signUp, startTestApp, type TestApp, type TestDriver } from '../../../test/app.js';
import { SEED_ARTICLES as KNOWLEDGE_BASE } from '../../db/migrations/0016_knowledge_base.js';
import { publicConfigOf } from './publicConfig.js';
import { optOutKey, sendPromotionalEmail } from './promotions.js';

const INVALID_OPT_OUT_LINK = 'This unsubscribe link is not valid: it may have been cut short when it was copied. Open the link at the end of our most recent promotional e-mail.';

const QUESTION = { fullName: 'Dana Driver', emailAddress: 'dana@example.com', phoneNumber: '+1 555 555 0100', question: 'How do I forfeit a block I cannot work?' };

describeEachDatabase('support routes', (database) => {
  let t: TestApp;
  let driver: TestDriver;
  before(async () => {
    t = await startTestApp(database());
    driver = await signUp(t.app, t.database);
  });
  after(async () => {
    await t.app.close();
  });

  describe('POST /api/help/sendQuestion', () => {
    const send = (payload: object, options: { token?: string; ip?: string } = {}) =>
      call(t.app, {
        method: 'POST',
        url: '/api/help/sendQuestion',
        payload,
        ...(options.token ? { headers: bearer(options.token) } : {}),
        ...(options.ip ? { remoteAddress: options.ip } : {}),
      });

    it('stores the question and e-mails it to support, replying to the sender', async () => {
      const res = await send(QUESTION);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: null, alert: expect.any(String) });
      const stored = await t.database.db.selectFrom('support_messages').selectAll().where('email', '=', QUESTION.emailAddress).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ full_name: 'Dana Driver', phone_number: QUESTION.phoneNumber, question: QUESTION.question, user_id: null });
      const [mail] = await mailTo(t.database, DEFAULT_SUPPORT_EMAIL);
      expect(mail).toMatchObject({ replyTo: QUESTION.emailAddress, subject: expect.stringContaining('Dana Driver') });
      expect(mail!.text).toContain(QUESTION.question);
    });

    it('links the question to the signed-in driver, and ignores a bad token', async () => {
      expect((await send({ ...QUESTION, emailAddress: driver.email }, { token: driver.token })).statusCode).toBe(200);
      const linked = await t.database.db.selectFrom('support_messages').select('user_id').where('email', '=', driver.email).executeTakeFirstOrThrow();
      expect(linked.user_id).toBe(driver.id);
      expect((await send({ ...QUESTION, emailAddress: 'anon@example.com' }, { token: 'garbage' })).statusCode).toBe(200);
    });

    it('reports each invalid field under its own name', async () => {
      expectFieldErrors(await send({ ...QUESTION, fullName: '' }), ['fullName']);
      expectFieldErrors(await send({ ...QUESTION, emailAddress: 'no' }), ['emailAddress']);
      expectFieldErrors(await send({ ...QUESTION, phoneNumber: '123' }), ['phoneNumber']);
      expectFieldErrors(await send({ ...QUESTION, question: 'help' }), ['question']);
      expectFieldErrors(await send({}), ['fullName', 'emailAddress', 'phoneNumber', 'question']);
    });

    it('limits questions per address (429 with Retry-After)', async () => {
      const ip = freshIp();
      for (let i = 0; i < 5; i++) expect((await send(QUESTION, { ip })).statusCode).toBe(200);
      const limited = await send(QUESTION, { ip });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    });
  });

  describe('GET /api/knowledgeBase/', () => {
    it('lists the seeded questions, as drivers saw them before the move to the database, with an answer text or lines', async () => {
      const res = await t.app.inject({ url: '/api/knowledgeBase/', headers: bearer(driver.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: KNOWLEDGE_BASE });
      const questions = KNOWLEDGE_BASE.map((item) => item.question.toLowerCase()).join(' ');
      for (const topic of ['cost', 'forfeit', 'filters', 'connect', 'notified', 'trial']) expect(questions).toContain(topic);
      expect(JSON.stringify(KNOWLEDGE_BASE)).toContain('3.5%');
    });

    it('requires a live access token', async () => {
      expectSignInRequired(await t.app.inject({ url: '/api/knowledgeBase/' }));
      expectSignInRequired(await t.app.inject({ url: '/api/knowledgeBase/', headers: bearer('nope') }));
    });
  });

  describe('GET /api/publicConfig', () => {
    it('tells any page the one support address, and no bot while messages are recorded locally', async () => {
      const res = await t.app.inject({ url: '/api/publicConfig' });
      expect(res.json()).toEqual({ data: { supportEmail: DEFAULT_SUPPORT_EMAIL, telegramBot: null } });
    });

    it('names the Telegram bot by its @handle with its t.me link, as Telegram knows it', async () => {
      const config = testContext(t.database, { env: { SUPPORT_EMAIL: 'help@example.com' } }).config;
      const telegram = { botUsername: async () => 'BlockPilotBot' };
      expect(await publicConfigOf({ config, telegram } as unknown as Parameters<typeof publicConfigOf>[0])).toEqual({
        supportEmail: 'help@example.com',
        telegramBot: { handle: '@BlockPilotBot', url: 'https://t.me/BlockPilotBot' },
      });
    });
  });

  describe('POST /api/promotion/optOut', () => {
    const optOut = (userId: unknown) => t.app.inject({ method: 'POST', url: '/api/promotion/optOut', payload: { userId } });

    it('stops promotional e-mail through the link in it, and repeating it is harmless', async () => {
      const reader = await signUp(t.app, t.database);
      const ctx = testContext(t.database);
      expect(await sendPromotionalEmail(ctx, reader.id, { subject: 'News', text: 'Hello' })).toBe(true);
      const [mail] = await mailTo(t.database, reader.email);
      const key = /\/promotionOptOut\/(\S+)/.exec(mail!.text)![1]!;
      expect(mail!.headers?.['List-Unsubscribe']).toBe(`<https://blockpilot.test/promotionOptOut/${key}>`);
      expect(key).not.toContain(reader.id);

      for (let i = 0; i < 2; i++) {
        const res = await optOut(key);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ data: null, alert: expect.any(String) });
      }
      expect(await sendPromotionalEmail(ctx, reader.id, { subject: 'More news', text: 'Hello again' })).toBe(false);
      // The one "News" e-mail, and none of "More news" (the address-confirmation e-mail aside).
      expect((await mailTo(t.database, reader.email)).map((m) => m.subject).filter((subject) => subject !== 'Confirm your BlockPilot e-mail address')).toEqual(['News']);
    });

    it('refuses a bare or altered id, so no one opts out a driver whose id they learned', async () => {
      const reader = await signUp(t.app, t.database);
      const key = optOutKey(testContext(t.database), reader.id);
      const altered = key.slice(0, -2) + (key.endsWith('A') ? 'BB' : 'AA');
      for (const forged of [reader.id, altered, 'v1:AAAA:BBBB:CCCC', 'not a key!', key.slice(0, 20)]) {
        const res = await optOut(forged);
        expect(res.statusCode).toBe(400);
        // What is wrong with the link, not a generic "correct the highlighted fields" with no field.
        expect(res.json()).toEqual({ code: 'BP_ERR_VALIDATION', alert: INVALID_OPT_OUT_LINK, errors: { userId: INVALID_OPT_OUT_LINK } });
      }
      const { promotions_opted_out_at } = await t.database.db.selectFrom('users').select('promotions_opted_out_at').where('id', '=', reader.id).executeTakeFirstOrThrow();
      expect(promotions_opted_out_at).toBeNull();
      expectFieldErrors(await t.app.inject({ method: 'POST', url: '/api/promotion/optOut', payload: {} }), ['userId']);
    });
  });
});
