/**
 * /api/user/workLimits: the driver's away dates, hour caps, weekly pay goal and travel settings
 * (docs/PRODUCT.md "Work limits"). Saving tells a running search to reload them with the filters
 * (docs/ENGINE.md "Schedule").
 */
import type { FastifyInstance } from 'fastify';
import { saveWorkLimitsBody, workLimitsSchema } from '@blockpilot/shared/api/schemas';
import type { AppContext } from '../../context.js';
import type { FieldWords } from '../../domain/errors.js';
import { translate } from '../../domain/translate.js';
import { saveWorkLimits, workLimitsOf } from '../../domain/workLimits.js';
import { contractRoutes } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { isRecord, type FieldRules } from '../../http/fieldRules.js';
import { bearerAuth, responses } from '../../http/schemas.js';
import { currentSession } from '../auth/authenticate.js';

const tags = ['user'];

/** An away range may not end before it starts (dates compare as text: YYYY-MM-DD). */
export const awayRangeRules: FieldRules = (body) => {
  const limits = isRecord(body) && isRecord(body.workLimits) ? body.workLimits : {};
  const errors: FieldWords = {};
  if (!Array.isArray(limits.awayDates)) return errors;
  for (const range of limits.awayDates as unknown[]) {
    if (isRecord(range) && typeof range.from === 'string' && typeof range.to === 'string' && range.to < range.from) errors.awayDates = 'api.field.awayRangeReversed';
  }
  return errors;
};

export async function workLimitsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = contractRoutes(fastify);
  const withSession = { onRequest: app.requireSession };

  app.get(
    '/api/user/workLimits',
    { ...withSession, schema: { tags, summary: "The driver's work limits (none until saved)", security: bearerAuth, response: responses(workLimitsSchema, [401]) } },
    async (request) => ok(await workLimitsOf(ctx.db, currentSession(request).id)),
  );

  app.post(
    '/api/user/saveWorkLimits',
    {
      ...withSession,
      config: { fieldRules: awayRangeRules },
      schema: {
        tags,
        summary: 'Save the away dates, the caps on booked minutes per day and week, the weekly pay goal and the travel settings (errors per field)',
        security: bearerAuth,
        body: saveWorkLimitsBody,
        response: responses(workLimitsSchema, [400, 401]),
      },
    },
    async (request) => {
      const userId = currentSession(request).id;
      const saved = await saveWorkLimits(ctx.db, userId, request.body.workLimits);
      ctx.search.changed(userId, 'filters');
      return ok(saved, { alert: translate(request.language, 'api.alert.workLimitsSaved') });
    },
  );
}
