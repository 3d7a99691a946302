/** Support: the contact/help form, the knowledge base, and opting out of promotional e-mail. */
import type { FastifyInstance } from 'fastify';
import { knowledgeBaseItemSchema, promotionOptOutBody, promotionOptOutStateSchema, publicConfigSchema, supportMessageSchema } from '@blockpilot/shared/api/schemas';
import type { AppContext } from '../../context.js';
import { validationError } from '../../domain/errors.js';
import { translate } from '../../domain/translate.js';
import { contractRoutes } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { enforceRateLimits, RATE_LIMITS } from '../../http/rateLimits.js';
import { bearerAuth, nullData, responses } from '../../http/schemas.js';
import { publishedKnowledgeBase } from './knowledgeBase.js';
import { publicConfigOf } from './publicConfig.js';
import { INVALID_OPT_OUT_LINK, optOutOfPromotions, promotionalEmailsOfKey } from './promotions.js';
import { submitQuestion } from './questions.js';

export async function supportRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = contractRoutes(fastify);
  app.post(
    '/api/help/sendQuestion',
    {
      onRequest: app.identifyUser,
      schema: {
        tags: ['support'],
        summary: 'Send a question to support (no sign-in needed; linked to the account when signed in)',
        body: supportMessageSchema,
        response: responses(nullData, [400, 429]),
      },
    },
    async (request) => {
      await enforceRateLimits(ctx.rateLimiter, [[`contact:${request.ip}`, RATE_LIMITS.contact]]);
      await submitQuestion(ctx, request.body, request.user?.id ?? null);
      return ok(null, { alert: translate(request.language, 'api.alert.questionSent') });
    },
  );

  app.get(
    '/api/knowledgeBase/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['support'],
        summary: "Questions and answers: the published articles of the request's language (English when it has none), in order",
        security: bearerAuth,
        response: responses({ type: 'array', items: knowledgeBaseItemSchema }, [401]),
      },
    },
    async (request) => ok(await publishedKnowledgeBase(ctx.db, request.language)),
  );

  app.get(
    '/api/publicConfig',
    {
      schema: {
        tags: ['support'],
        summary: "What every page may know of the server's configuration: the support address, the Telegram bot's @handle and link",
        response: responses(publicConfigSchema, []),
      },
    },
    async () => ok(await publicConfigOf(ctx)),
  );

  app.post(
    '/api/promotion/optOut',
    {
      schema: {
        tags: ['support'],
        summary: 'Stop promotional e-mail (the link in each one); repeating it is harmless',
        body: promotionOptOutBody,
        response: responses(nullData, [400]),
      },
    },
    async (request) => {
      if (!(await optOutOfPromotions(ctx, request.body.userId))) throw validationError({ userId: INVALID_OPT_OUT_LINK }, INVALID_OPT_OUT_LINK);
      return ok(null, { alert: translate(request.language, 'api.alert.promotionsOptedOut') });
    },
  );

  app.post(
    '/api/promotion/optOutState',
    {
      schema: {
        tags: ['support'],
        summary: "Whether the driver of an opt-out link takes promotional e-mail now (the link's page shows it); the key in the body, never in a URL",
        body: promotionOptOutBody,
        response: responses(promotionOptOutStateSchema, [400]),
      },
    },
    async (request) => {
      const promotionalEmails = await promotionalEmailsOfKey(ctx, request.body.userId);
      if (promotionalEmails === null) throw validationError({ userId: INVALID_OPT_OUT_LINK }, INVALID_OPT_OUT_LINK);
      return ok({ promotionalEmails });
    },
  );
}
