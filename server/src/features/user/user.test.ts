import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { NOTIFICATION_EVENTS } from '@blockpilot/shared/constants';
import type { Filter } from '@blockpilot/shared/types';
import { describeEachDatabase } from '../../../test/databases.js';
import { bearer, call, expectFieldErrors, expectSignInRequired, PASSWORD, registration, signUp, startTestApp, type TestApp, type TestDriver } from '../../../test/app.js';
import { issueTelegramLinkCode, TELEGRAM_LINK_CODE_TTL_MS } from './telegramLinks.js';

/** A driver who never chose is told of every event on every channel (docs/LIVE.md "Push notifications"). */
const EVERY_EVENT = [...NOTIFICATION_EVENTS];
const EVERY_EVENT_EVERYWHERE = { email: EVERY_EVENT, whatsapp: EVERY_EVENT, telegram: EVERY_EVENT, push: EVERY_EVENT };

describeEachDatabase('user routes', (database) => {
  let t: TestApp;
  let driver: TestDriver;
  before(async () => {
    t = await startTestApp(database());
    driver = await signUp(t.app, t.database, { country_code: 'UK', phoneNumber: '+44 20 7946 0958' });
  });
  after(async () => {
    await t.app.close();
  });

  const get = (url: string, token: string | undefined = driver.token) => t.app.inject({ url, ...(token ? { headers: bearer(token) } : {}) });
  const post = (url: string, payload: object, token: string | undefined = driver.token) =>
    call(t.app, { method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });
  const firstFilter = async (token = driver.token): Promise<Filter> => (await get('/api/user', token)).json().data.filters[0];

  it('requires a live access token on every route', async () => {
    const routes: Array<[string, string, object?]> = [
      ['GET', '/api/user'],
      ['GET', '/api/user/locale'],
      ['POST', '/api/user/saveFilter', { filter: {} }],
      ['POST', '/api/user/deleteFilter', { id: '00000000-0000-4000-8000-000000000000' }],
      ['POST', '/api/user/reorderFilters', { ids: ['00000000-0000-4000-8000-000000000000'] }],
      ['POST', '/api/user/startTrial', {}],
      ['POST', '/api/user/saveNotificationPreferences', { notificationPreferences: {} }],
      ['POST', '/api/user/changePassword', {}],
      ['POST', '/api/user/saveDisplayName', { displayName: 'Sam' }],
      ['POST', '/api/user/saveLanguage', { language: 'es' }],
    ];
    const other = await signUp(t.app, t.database);
    await post('/api/auth/logout', {}, other.token);
    for (const [method, url, payload] of routes) {
      for (const headers of [{}, bearer('not-a-token'), { authorization: driver.token }, bearer(other.token)]) {
        expectSignInRequired(await t.app.inject({ method: method as 'GET' | 'POST', url, headers, ...(payload ? { payload } : {}) }));
      }
    }
  });

  describe('GET /api/user', () => {
    it('answers exactly the Account shape', async () => {
      const res = await get('/api/user');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['data']);
      expect(body.data).toEqual({
        display_name: driver.email.split('@')[0],
        credit: 1000,
        emailAddress: driver.email,
        emailVerified: true,
        phoneNumber: '+44 20 7946 0958',
        flexConnected: false,
        trialEligible: true,
        trialEndsAt: null,
        membershipEndsAt: null,
        shareableCode: expect.stringMatching(/^[A-Z2-9]{8}$/),
        notificationPreferences: { emailAddress: driver.email, whatsAppNumber: '', telegramAuthCode: '', telegramConnected: false, events: EVERY_EVENT_EVERYWHERE },
        filters: [
          {
            id: expect.any(String),
            name: 'My filter',
            enabled: true,
            serviceAreas: [],
            days: [0, 1, 2, 3, 4, 5, 6],
            time: [360, 1320],
            pay: [0, 100],
            payType: 'PER_BLOCK',
            duration: [0, 10],
            timeToArrive: 30,
            action: 'accept',
          },
        ],
        puzzleRequired: false,
        currency_symbol: '£',
        language: 'en',
        role: 'user',
        promotionalEmails: true,
      });
    });
  });

  describe('GET /api/user/locale', () => {
    it("answers the locale of the driver's country", async () => {
      expect((await get('/api/user/locale')).json()).toEqual({ data: { locale: 'en-GB' } });
    });
  });

  describe('POST /api/user/saveFilter', () => {
    it('saves every field and answers the saved filter', async () => {
      const filter: Filter = {
        ...(await firstFilter()),
        name: 'Mornings',
        enabled: false,
        serviceAreas: ['sa-1', 'sa-2'],
        days: [1, 3, 5],
        time: [300, 705],
        pay: [25, 100],
        payType: 'PER_HOUR',
        duration: [1.5, 4.5],
        timeToArrive: 45,
      };
      const res = await post('/api/user/saveFilter', { filter });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: filter });
      expect(await firstFilter()).toEqual(filter);
    });

    it('reports each field outside its range or step under its own name', async () => {
      const valid = await firstFilter();
      const cases: Array<[Partial<Record<keyof Filter, unknown>>, string]> = [
        [{ serviceAreas: 'sa-1' }, 'serviceAreas'],
        [{ serviceAreas: ['sa-1', 'sa-1'] }, 'serviceAreas'],
        [{ serviceAreas: [''] }, 'serviceAreas'],
        [{ days: [7] }, 'days'],
        [{ days: [1, 1] }, 'days'],
        [{ days: [1.5] }, 'days'],
        [{ time: [0, 1455] }, 'time'],
        [{ time: [10, 600] }, 'time'],
        [{ time: [600] }, 'time'],
        [{ time: [600, 600] }, 'time'],
        [{ time: [0, 0] }, 'time'],
        [{ time: [1440, 1440] }, 'time'],
        [{ pay: [-1, 50] }, 'pay'],
        [{ pay: [0.5, 50] }, 'pay'],
        [{ pay: [60, 40] }, 'pay'],
        [{ duration: [0.25, 4] }, 'duration'],
        [{ duration: [0, 10.5] }, 'duration'],
        [{ duration: [5, 2] }, 'duration'],
        [{ timeToArrive: 7 }, 'timeToArrive'],
        [{ timeToArrive: 65 }, 'timeToArrive'],
        [{ timeToArrive: '10' }, 'timeToArrive'],
        [{ name: '' }, 'name'],
        [{ enabled: 'yes' }, 'enabled'],
        [{ payType: 'PER_MILE' }, 'payType'],
        [{ id: 'not-a-uuid' }, 'id'],
      ];
      for (const [change, field] of cases) {
        const res = await post('/api/user/saveFilter', { filter: { ...valid, ...change } });
        expectFieldErrors(res, [field]);
      }
      // The range rules' messages come with the schema's, in one answer.
      expectFieldErrors(await post('/api/user/saveFilter', { filter: { ...valid, timeToArrive: 7, pay: [60, 40], time: [600, 600] } }), ['timeToArrive', 'pay', 'time']);
      const missing = await post('/api/user/saveFilter', { filter: { id: valid.id } });
      expectFieldErrors(missing, ['name', 'enabled', 'serviceAreas', 'days', 'time', 'pay', 'payType', 'duration', 'timeToArrive']);
      expect(await firstFilter()).toEqual(valid);
    });

    it('saves an overnight window (start after end) and all day, and refuses an empty one with its own message', async () => {
      const valid = await firstFilter();
      for (const time of [
        [1320, 120],
        [1440, 120],
        [1320, 0],
        [0, 1440],
      ]) {
        const res = await post('/api/user/saveFilter', { filter: { ...valid, time } });
        expect(res.statusCode).toBe(200);
        expect(res.json().data.time).toEqual(time);
        expect((await firstFilter()).time).toEqual(time);
      }
      const empty = await post('/api/user/saveFilter', { filter: { ...valid, time: [600, 600], pay: [60, 40] } });
      expectFieldErrors(empty, ['time', 'pay']);
      expect(empty.json().errors.time).toMatch(/window is empty/i);
      expect((await firstFilter()).time).toEqual([0, 1440]);
      await post('/api/user/saveFilter', { filter: valid });
    });

    it("refuses another driver's filter", async () => {
      const other = await signUp(t.app, t.database);
      const theirs = await firstFilter(other.token);
      const res = await post('/api/user/saveFilter', { filter: { ...theirs, name: 'hijacked' } });
      expect(res.statusCode).toBe(404);
      expect((await firstFilter(other.token)).name).toBe('My filter');
    });
  });

  describe('POST /api/user/startTrial', () => {
    it('needs a connected platform account (the trial is once per platform account: platform.test.ts)', async () => {
      const trialist = await signUp(t.app, t.database);
      const res = await post('/api/user/startTrial', {}, trialist.token);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'BP_ERR_PLATFORM_NOT_CONNECTED', alert: expect.any(String), redirect: '/connectAccount' });
      expect((await get('/api/user', trialist.token)).json().data).toMatchObject({ trialEligible: true, trialEndsAt: null });
    });

    it('is not offered during a membership, and stays available for after it', async () => {
      const member = await signUp(t.app, t.database);
      const membershipEnd = new Date(t.clock.now().getTime() + 86_400_000);
      await t.database.db.updateTable('users').set({ membership_ends_at: membershipEnd }).where('id', '=', member.id).execute();
      expect((await get('/api/user', member.token)).json().data.trialEligible).toBe(false);
      const refused = await post('/api/user/startTrial', {}, member.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'BP_ERR_CONFLICT', alert: 'Your membership already waives every fee. Your free trial stays yours for after it ends.' });
      expect((await t.database.db.selectFrom('users').select('trial_ends_at').where('id', '=', member.id).executeTakeFirstOrThrow()).trial_ends_at).toBeNull();

      t.clock.advance(86_400_000);
      try {
        expect((await get('/api/user', member.token)).json().data.trialEligible).toBe(true);
        // Offered again; starting it now only asks for the connected platform account every trial needs.
        expect((await post('/api/user/startTrial', {}, member.token)).json()).toMatchObject({ code: 'BP_ERR_PLATFORM_NOT_CONNECTED', redirect: '/connectAccount' });
      } finally {
        t.clock.advance(-86_400_000);
      }
    });
  });

  describe('POST /api/user/saveLanguage', () => {
    it("keeps the driver's language on the account, and a sign-up keeps the language the visitor used", async () => {
      const visitor = await signUp(t.app, t.database, { language: 'es' });
      expect((await get('/api/user', visitor.token)).json().data.language).toBe('es');
      expect((await post('/api/user/saveLanguage', { language: 'en' }, visitor.token)).json()).toEqual({ data: null });
      expect((await get('/api/user', visitor.token)).json().data.language).toBe('en');
    });

    it('refuses a language the app does not speak under language, and keeps the old one', async () => {
      const speaker = await signUp(t.app, t.database, { language: 'es' });
      for (const language of ['fr', '', 'ES', 1, null]) {
        expectFieldErrors(await post('/api/user/saveLanguage', { language }, speaker.token), ['language']);
      }
      expect((await get('/api/user', speaker.token)).json().data.language).toBe('es');
      expectFieldErrors(await call(t.app, { method: 'POST', url: '/api/auth/register', payload: registration({ language: 'fr' }) }), ['language']);
    });
  });

  describe('POST /api/user/saveDisplayName', () => {
    it('changes the name the account is greeted with, without the spaces around it', async () => {
      const named = await signUp(t.app, t.database);
      const res = await post('/api/user/saveDisplayName', { displayName: '  Sam Rivera ' }, named.token);
      expect(res.json()).toEqual({ data: null, alert: 'Your name has been saved.' });
      expect((await get('/api/user', named.token)).json().data.display_name).toBe('Sam Rivera');
    });

    it('refuses an empty, blank or too long name under displayName, and keeps the old one', async () => {
      const named = await signUp(t.app, t.database);
      const before = (await get('/api/user', named.token)).json().data.display_name;
      for (const displayName of ['', '   ', 'x'.repeat(61), 42]) {
        expectFieldErrors(await post('/api/user/saveDisplayName', { displayName }, named.token), ['displayName']);
      }
      expect((await get('/api/user', named.token)).json().data.display_name).toBe(before);
    });
  });

  describe('POST /api/user/saveNotificationPreferences', () => {
    const save = (notificationPreferences: object, token = driver.token) => post('/api/user/saveNotificationPreferences', { notificationPreferences }, token);
    const preferences = async (token = driver.token) => (await get('/api/user', token)).json().data.notificationPreferences;

    it('saves the e-mail address and WhatsApp number, empty turning a channel off', async () => {
      const res = await save({ emailAddress: 'Alerts@Example.com', whatsAppNumber: '+44 7700 900123', telegramAuthCode: '' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: null, alert: expect.any(String) });
      expect(await preferences()).toEqual({
        emailAddress: 'alerts@example.com',
        whatsAppNumber: '+44 7700 900123',
        telegramAuthCode: '',
        telegramConnected: false,
        events: EVERY_EVENT_EVERYWHERE,
      });
      expect((await save({ emailAddress: '', whatsAppNumber: '', telegramAuthCode: '', telegramConnected: false })).statusCode).toBe(200);
      expect(await preferences()).toMatchObject({ emailAddress: '', whatsAppNumber: '' });
    });

    it('reports each invalid field under its own name', async () => {
      const valid = { emailAddress: 'a@example.com', whatsAppNumber: '', telegramAuthCode: '' };
      expectFieldErrors(await save({ ...valid, emailAddress: 'nope' }), ['emailAddress']);
      expectFieldErrors(await save({ ...valid, whatsAppNumber: 'abc' }), ['whatsAppNumber']);
      expectFieldErrors(await save({ ...valid, telegramAuthCode: 'x'.repeat(40) }), ['telegramAuthCode']);
      expectFieldErrors(await save({}), ['emailAddress', 'whatsAppNumber', 'telegramAuthCode']);
    });

    it('links Telegram with a live code from the bot, once, and reports a bad code under its field', async () => {
      const linker = await signUp(t.app, t.database);
      const base = { emailAddress: linker.email, whatsAppNumber: '' };
      const wrong = await save({ ...base, emailAddress: 'changed@example.com', telegramAuthCode: 'NOTACODE' }, linker.token);
      expectFieldErrors(wrong, ['telegramAuthCode']);
      expect((await preferences(linker.token)).emailAddress).toBe(linker.email);

      const code = await issueTelegramLinkCode(t.database.db, 'chat-42', t.clock.now());
      expect((await save({ ...base, telegramAuthCode: code.toLowerCase() }, linker.token)).statusCode).toBe(200);
      expect(await preferences(linker.token)).toMatchObject({ telegramAuthCode: code, telegramConnected: true });
      const { telegram_chat_id } = await t.database.db.selectFrom('users').select('telegram_chat_id').where('id', '=', linker.id).executeTakeFirstOrThrow();
      expect(telegram_chat_id).toBe('chat-42');
      // Saving again with the linked code keeps the link; another driver cannot reuse the code.
      expect((await save({ ...base, telegramAuthCode: code }, linker.token)).statusCode).toBe(200);
      expectFieldErrors(await save({ emailAddress: '', whatsAppNumber: '', telegramAuthCode: code }), ['telegramAuthCode']);
      // Clearing the field unlinks.
      expect((await save({ ...base, telegramAuthCode: '' }, linker.token)).statusCode).toBe(200);
      expect(await preferences(linker.token)).toMatchObject({ telegramAuthCode: '', telegramConnected: false });
    });

    it('refuses an expired code', async () => {
      const code = await issueTelegramLinkCode(t.database.db, 'chat-7', t.clock.now());
      t.clock.advance(TELEGRAM_LINK_CODE_TTL_MS + 1);
      expectFieldErrors(await save({ emailAddress: '', whatsAppNumber: '', telegramAuthCode: code }), ['telegramAuthCode']);
    });
  });

  describe('POST /api/user/changePassword', () => {
    it('changes the password, ends every session and answers a fresh one', async () => {
      const changer = await signUp(t.app, t.database);
      const elsewhere = (await post('/api/auth/login', { emailAddress: changer.email, password: PASSWORD }, undefined)).json().data.accessToken;
      const res = await post('/api/user/changePassword', { currentPassword: PASSWORD, newPassword: 'fresh password 1', confirmNewPassword: 'fresh password 1' }, changer.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { accessToken: expect.stringMatching(/^[\w-]{43}$/) }, alert: expect.any(String) });
      expect((await get('/api/user', res.json().data.accessToken)).statusCode).toBe(200);
      expectSignInRequired(await get('/api/user', changer.token));
      expectSignInRequired(await get('/api/user', elsewhere));
      expect((await post('/api/auth/login', { emailAddress: changer.email, password: 'fresh password 1' }, undefined)).statusCode).toBe(200);
    });

    it('reports currentPassword, newPassword and confirmNewPassword', async () => {
      const valid = { currentPassword: PASSWORD, newPassword: 'fresh password 2', confirmNewPassword: 'fresh password 2' };
      expectFieldErrors(await post('/api/user/changePassword', { ...valid, currentPassword: 'not it' }), ['currentPassword']);
      expectFieldErrors(await post('/api/user/changePassword', { ...valid, newPassword: 'short', confirmNewPassword: 'short' }), ['newPassword']);
      expectFieldErrors(await post('/api/user/changePassword', { ...valid, newPassword: 'short', confirmNewPassword: 'other' }), ['newPassword', 'confirmNewPassword']);
      expectFieldErrors(await post('/api/user/changePassword', { ...valid, confirmNewPassword: 'other' }), ['confirmNewPassword']);
      expectFieldErrors(await post('/api/user/changePassword', {}), ['currentPassword', 'newPassword', 'confirmNewPassword']);
    });
  });
});
