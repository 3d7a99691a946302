/**
 * /api/user, the signed-in driver's account: the account object, locale, filters, trial,
 * notification preferences and password (docs/PRODUCT.md section 7). The search calls live in
 * features/platform (connect, service areas, schedule), features/search (search state, toggle)
 * and features/logs (logs, forfeit).
 */
import type { FastifyInstance } from 'fastify';
import { MAX_FILTERS_PER_DRIVER, TRIAL_DAYS, type NotificationChannel } from '@blockpilot/shared/constants';
import {
  accountSchema,
  changePasswordBody,
  deleteFilterBody,
  filterListSchema,
  filterSchema,
  localeSchema,
  pushDeviceParams,
  pushDeviceSchema,
  pushDevicesSchema,
  pushSubscriptionSchema,
  reorderFiltersBody,
  saveDisplayNameBody,
  saveFilterBody,
  saveLanguageBody,
  saveNotificationPreferencesBody,
  savePromotionalEmailsBody,
  sendTestNotificationBody,
  sessionSchema,
} from '@blockpilot/shared/api/schemas';
import type { Filter } from '@blockpilot/shared/types';
import type { AppContext } from '../../context.js';
import { translate, type MessageKey } from '../../domain/translate.js';
import { notFound, refusal, unauthorized } from '../../domain/errors.js';
import { contractRoutes } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { confirms } from '../../http/fieldRules.js';
import { enforceRateLimits, passwordChangeLimits, RATE_LIMITS } from '../../http/rateLimits.js';
import { bearerAuth, nullData, responses } from '../../http/schemas.js';
import { currentSession, currentUser } from '../auth/authenticate.js';
import { changePassword } from '../auth/service.js';
import { loadAccount, saveDisplayName, saveLanguage } from './account.js';
import { addFilter, deleteFilter, filtersOf, reorderFilters, updateFilter } from '../../domain/filters.js';
import { filterRangeRules } from './filters.js';
import { saveNotificationPreferences } from './notificationPreferences.js';
import { setPromotionalEmails } from '../support/promotions.js';
import { deviceLabel, pushDevicesOf, removePushDevice, savePushDevice } from './pushDevices.js';
import { REGIONS } from '../../domain/regions.js';
import { startTrial } from './trial.js';
import { accountChanged } from '../search/changes.js';

const tags = ['user'];

/** What "Send a test" says about a channel with nowhere to send. */
const NOT_SET_UP: Record<NotificationChannel, MessageKey> = {
  email: 'api.error.testNeedsEmail',
  whatsapp: 'api.error.testNeedsWhatsApp',
  telegram: 'api.error.testNeedsTelegram',
  push: 'api.error.testNeedsPushDevice',
};

export async function userRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = contractRoutes(fastify);
  const signedIn = { onRequest: app.requireUser };
  // Hot routes that need only who calls (or read the row with their own query): no user-row read.
  const withSession = { onRequest: app.requireSession };

  app.get(
    '/api/user',
    { ...withSession, schema: { tags, summary: 'The account and its settings', security: bearerAuth, response: responses(accountSchema, [401]) } },
    async (request) => {
      const account = await loadAccount(ctx.db, currentSession(request).id, ctx.clock.now());
      if (!account) throw unauthorized();
      return ok(account);
    },
  );

  app.get(
    '/api/user/locale',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The locale of the driver's country",
        security: bearerAuth,
        response: responses(localeSchema, [401]),
      },
    },
    async (request) => ok({ locale: REGIONS[currentUser(request).row.country_code].locale }),
  );

  app.post(
    '/api/user/saveFilter',
    {
      ...withSession,
      config: { fieldRules: filterRangeRules },
      schema: {
        tags,
        summary:
          "Save one of the driver's filters, or add one at the end of the list when it comes without an id (errors per field: serviceAreas, days, time, pay, duration, timeToArrive, ...; BP_ERR_FILTER_LIMIT past the cap)",
        security: bearerAuth,
        body: saveFilterBody,
        response: responses(filterSchema, [400, 401, 404, 409]),
      },
    },
    async (request) => {
      const userId = currentSession(request).id;
      const { filter } = request.body;
      let saved: Filter | null;
      if (filter.id !== undefined) {
        saved = await updateFilter(ctx.db, userId, { ...filter, id: filter.id });
        if (!saved) throw notFound('api.error.noSuchFilter');
      } else {
        const added = await addFilter(ctx.db, userId, filter);
        if (added === 'full') throw refusal('BP_ERR_FILTER_LIMIT', { words: { key: 'api.error.BP_ERR_FILTER_LIMIT', values: { max: MAX_FILTERS_PER_DRIVER } } });
        saved = added;
      }
      // A running search matches with the new filter from its next poll (docs/ENGINE.md "The loop").
      ctx.search.changed(userId, 'filters');
      return ok(saved);
    },
  );

  app.post(
    '/api/user/deleteFilter',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Delete one of the driver's filters, any but the first (BP_ERR_FILTER_FIRST); answers the filters left, in order",
        security: bearerAuth,
        body: deleteFilterBody,
        response: responses(filterListSchema, [400, 401, 404, 409]),
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const outcome = await deleteFilter(ctx.db, userId, request.body.id);
      // Another driver's filter answers as one that does not exist: nothing tells its id is taken.
      if (outcome === 'notFound') throw notFound('api.error.noSuchFilter');
      if (outcome === 'first') throw refusal('BP_ERR_FILTER_FIRST');
      ctx.search.changed(userId, 'filters');
      return ok(await filtersOf(ctx.db, userId), { alert: translate(request.language, 'api.alert.filterDeleted') });
    },
  );

  app.post(
    '/api/user/reorderFilters',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Put the driver's filters in this order: every id of theirs once (else BP_ERR_FILTER_LIST_CHANGED, nothing changed); answers them in order",
        security: bearerAuth,
        body: reorderFiltersBody,
        response: responses(filterListSchema, [400, 401, 409]),
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      if ((await reorderFilters(ctx.db, userId, request.body.ids)) === 'changed') throw refusal('BP_ERR_FILTER_LIST_CHANGED');
      // The first enabled filter that accepts an offer is the one it is matched with (docs/ENGINE.md "The loop").
      ctx.search.changed(userId, 'filters');
      return ok(await filtersOf(ctx.db, userId));
    },
  );

  app.post(
    '/api/user/startTrial',
    {
      ...signedIn,
      config: { noJsonBody: true },
      schema: {
        tags,
        summary: `Start the ${TRIAL_DAYS} day free trial (once per driver and per platform account; needs a connected account)`,
        security: bearerAuth,
        response: responses(nullData, [401, 409]),
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await startTrial(ctx, userId);
      // Fees stop at once for a running search (it holds the fee-free period in memory).
      accountChanged(ctx, userId);
      return ok(null, { alert: translate(request.language, 'api.alert.trialStarted', { days: TRIAL_DAYS }) });
    },
  );

  app.post(
    '/api/user/saveLanguage',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Change the driver's language: the app opens in it everywhere, e-mails and chat messages are written in it (error under language)",
        security: bearerAuth,
        body: saveLanguageBody,
        response: responses(nullData, [400, 401]),
      },
    },
    async (request) => {
      await saveLanguage(ctx.db, currentUser(request).id, request.body.language);
      // The switch itself shows the change: no alert.
      return ok(null);
    },
  );

  app.post(
    '/api/user/saveDisplayName',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Change the name the dashboard greets the driver with (error under displayName)',
        security: bearerAuth,
        body: saveDisplayNameBody,
        response: responses(nullData, [400, 401]),
      },
    },
    async (request) => {
      await saveDisplayName(ctx.db, currentUser(request).id, request.body.displayName);
      return ok(null, { alert: translate(request.language, 'api.alert.displayNameSaved') });
    },
  );

  app.post(
    '/api/user/saveNotificationPreferences',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Save where notifications go and, per channel, of what (errors per field: emailAddress, whatsAppNumber, telegramAuthCode, events)',
        security: bearerAuth,
        body: saveNotificationPreferencesBody,
        response: responses(nullData, [400, 401]),
      },
    },
    async (request) => {
      await saveNotificationPreferences(ctx, currentUser(request).id, request.body.notificationPreferences);
      return ok(null, { alert: translate(request.language, 'api.alert.notificationPreferencesSaved') });
    },
  );

  app.post(
    '/api/user/savePromotionalEmails',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Take promotional e-mails or not: the same setting the e-mailed opt-out link switches off (error under promotionalEmails)',
        security: bearerAuth,
        body: savePromotionalEmailsBody,
        response: responses(nullData, [400, 401]),
      },
    },
    async (request) => {
      const { promotionalEmails } = request.body;
      await setPromotionalEmails(ctx, currentUser(request).id, promotionalEmails);
      return ok(null, { alert: translate(request.language, promotionalEmails ? 'api.alert.promotionalEmailsOn' : 'api.alert.promotionalEmailsOff') });
    },
  );

  app.get(
    '/api/user/pushDevices',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The driver\'s push devices, and the VAPID public key a browser subscribes with (docs/LIVE.md "Push notifications")',
        security: bearerAuth,
        response: responses(pushDevicesSchema, [401]),
      },
    },
    async (request) => ok({ publicKey: ctx.push.publicKey, devices: await pushDevicesOf(ctx.db, currentUser(request).id) }),
  );

  app.post(
    '/api/user/pushDevices',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Switch Web Push on for this browser: its PushSubscription (errors per field: endpoint, p256dh, auth); named from its User-Agent',
        security: bearerAuth,
        body: pushSubscriptionSchema,
        response: responses(pushDeviceSchema, [400, 401]),
      },
    },
    async (request) => {
      const device = await savePushDevice(ctx.db, currentUser(request).id, request.body, deviceLabel(request.headers['user-agent']), ctx.config.push.endpointHosts);
      return ok(device, { alert: translate(request.language, 'api.alert.pushOn') });
    },
  );

  app.delete(
    '/api/user/pushDevices/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Switch Web Push off for one of the driver's devices",
        security: bearerAuth,
        params: pushDeviceParams,
        response: responses(nullData, [400, 401, 404]),
      },
    },
    async (request) => {
      if (!(await removePushDevice(ctx.db, currentUser(request).id, request.params.id))) throw notFound('api.error.noSuchPushDevice');
      return ok(null, { alert: translate(request.language, 'api.alert.pushOff') });
    },
  );

  app.post(
    '/api/user/sendTestNotification',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Send a test notification on one channel now (409 when it has nowhere to send, 502 when its service refused)',
        security: bearerAuth,
        body: sendTestNotificationBody,
        response: responses(nullData, [400, 401, 409, 429, 502]),
      },
    },
    async (request) => {
      const { channel } = request.body;
      const userId = currentUser(request).id;
      await enforceRateLimits(ctx.rateLimiter, [[`test-notification:${channel}:${userId}`, RATE_LIMITS.testNotificationsPerAccount]]);
      const outcome = await ctx.notifications.sendTest(userId, channel).catch((error: unknown) => {
        request.log.warn({ err: error, channel }, 'test notification not delivered');
        throw refusal('BP_ERR_NOTIFICATION_NOT_DELIVERED');
      });
      if (outcome === 'notSetUp') throw refusal('BP_ERR_NOTIFICATION_CHANNEL_OFF', { words: NOT_SET_UP[channel] });
      return ok(null, { alert: translate(request.language, 'api.alert.testSent', { devices: outcome.sent }) });
    },
  );

  app.post(
    '/api/user/changePassword',
    {
      ...signedIn,
      config: { fieldRules: confirms('newPassword', 'confirmNewPassword') },
      schema: {
        tags,
        summary: 'Change the password; ends every session of the driver, this one too, and answers a fresh one',
        security: bearerAuth,
        body: changePasswordBody,
        response: responses(sessionSchema, [400, 401, 429]),
      },
    },
    async (request) => {
      const user = currentUser(request);
      await enforceRateLimits(ctx.rateLimiter, passwordChangeLimits(request.ip, user.id));
      const accessToken = await changePassword(ctx, user.id, request.body);
      return ok({ accessToken }, { alert: translate(request.language, 'api.alert.passwordChanged') });
    },
  );
}
