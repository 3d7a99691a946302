/**
 * /api/user, the signed-in driver's account: the account object, locale, filters, trial,
 * notification preferences and password (docs/PRODUCT.md section 7). The search calls live in
 * features/platform (connect, service areas, schedule), features/search (search state, toggle)
 * and features/logs (logs, forfeit).
 */
import type { FastifyInstance } from 'fastify';
import { TRIAL_DAYS } from '@blockpilot/shared/constants';
import type { Filter, NotificationPreferences } from '@blockpilot/shared/types';
import type { AppContext } from '../../context.js';
import { notFound, unauthorized } from '../../http/errors.js';
import { ok } from '../../http/envelope.js';
import { confirms } from '../../http/fieldRules.js';
import { enforceRateLimits, passwordChangeLimits } from '../../http/rateLimits.js';
import { bearerAuth, existingPassword, newPassword, nullData, responses, sessionData, text } from '../../http/schemas.js';
import { currentSession, currentUser } from '../auth/authenticate.js';
import { changePassword } from '../auth/service.js';
import { accountSchema, DISPLAY_NAME_MAX_LENGTH, loadAccount, saveDisplayName } from './account.js';
import { updateFilter } from '../../domain/filters.js';
import { filterRangeRules, filterSchema } from './filters.js';
import { notificationPreferencesSchema, saveNotificationPreferences } from './notificationPreferences.js';
import { REGIONS } from './regions.js';
import { startTrial } from './trial.js';
import { accountChanged } from '../search/changes.js';

const tags = ['user'];

interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

export async function userRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
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
        response: responses({ type: 'object', required: ['locale'], properties: { locale: { type: 'string' } } }, [401]),
      },
    },
    async (request) => ok({ locale: REGIONS[currentUser(request).row.country_code].locale }),
  );

  app.post<{ Body: { filter: Filter } }>(
    '/api/user/saveFilter',
    {
      ...withSession,
      config: { fieldRules: filterRangeRules },
      schema: {
        tags,
        summary: 'Save one of the driver\'s filters (errors per field: serviceAreas, days, time, pay, duration, timeToArrive, ...)',
        security: bearerAuth,
        body: { type: 'object', additionalProperties: false, required: ['filter'], properties: { filter: filterSchema } },
        response: responses(filterSchema, [400, 401, 404]),
      },
    },
    async (request) => {
      const userId = currentSession(request).id;
      const saved = await updateFilter(ctx.db, userId, request.body.filter);
      if (!saved) throw notFound('This filter does not exist. Reload the page.');
      // A running search matches with the new filter from its next poll.
      ctx.search.changed(userId, 'filters');
      return ok(saved);
    },
  );

  app.post(
    '/api/user/startTrial',
    {
      ...signedIn,
      schema: { tags, summary: `Start the ${TRIAL_DAYS} day free trial (once per driver and per platform account; needs a connected account)`, security: bearerAuth, response: responses(nullData, [401, 409]) },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await startTrial(ctx, userId);
      // Fees stop at once for a running search (it holds the fee-free period in memory).
      accountChanged(ctx, userId);
      return ok(null, { alert: `Your free trial has started: no fees for the next ${TRIAL_DAYS} days.` });
    },
  );

  app.post<{ Body: { displayName: string } }>(
    '/api/user/saveDisplayName',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Change the name the dashboard greets the driver with (error under displayName)',
        security: bearerAuth,
        body: { type: 'object', additionalProperties: false, required: ['displayName'], properties: { displayName: text(DISPLAY_NAME_MAX_LENGTH) } },
        response: responses(nullData, [400, 401]),
      },
    },
    async (request) => {
      await saveDisplayName(ctx.db, currentUser(request).id, request.body.displayName);
      return ok(null, { alert: 'Your name has been saved.' });
    },
  );

  app.post<{ Body: { notificationPreferences: NotificationPreferences } }>(
    '/api/user/saveNotificationPreferences',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Save where notifications go (errors per field: emailAddress, whatsAppNumber, telegramAuthCode)',
        security: bearerAuth,
        body: { type: 'object', additionalProperties: false, required: ['notificationPreferences'], properties: { notificationPreferences: notificationPreferencesSchema } },
        response: responses(nullData, [400, 401]),
      },
    },
    async (request) => {
      await saveNotificationPreferences(ctx, currentUser(request).id, request.body.notificationPreferences);
      return ok(null, { alert: 'Notification preferences saved.' });
    },
  );

  app.post<{ Body: PasswordChange }>(
    '/api/user/changePassword',
    {
      ...signedIn,
      config: { fieldRules: confirms('newPassword', 'confirmNewPassword') },
      schema: {
        tags,
        summary: "Change the password; ends every session of the driver, this one too, and answers a fresh one",
        security: bearerAuth,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['currentPassword', 'newPassword', 'confirmNewPassword'],
          properties: { currentPassword: existingPassword, newPassword, confirmNewPassword: existingPassword },
        },
        response: responses(sessionData, [400, 401, 429]),
      },
    },
    async (request) => {
      const user = currentUser(request);
      await enforceRateLimits(ctx.rateLimiter, passwordChangeLimits(request.ip, user.id));
      const accessToken = await changePassword(ctx, user.id, request.body);
      return ok({ accessToken }, { alert: 'Your password has been changed. Other devices have been signed out.' });
    },
  );
}
