/** Support: the contact/help form, the knowledge base, and opting out of promotional e-mail. */
import type { FastifyInstance } from 'fastify';
import type { SupportMessage } from '@blockpilot/shared/types';
import type { AppContext } from '../../context.js';
import { validationError } from '../../domain/errors.js';
import { translate } from '../../domain/translate.js';
import { ok } from '../../http/envelope.js';
import { enforceRateLimits, RATE_LIMITS } from '../../http/rateLimits.js';
import { bearerAuth, nullData, responses, stringOf, text } from '../../http/schemas.js';
import { knowledgeBaseItemSchema, publishedKnowledgeBase } from './knowledgeBase.js';
import { publicConfigOf, publicConfigSchema } from './publicConfig.js';
import { INVALID_OPT_OUT_LINK, optOutOfPromotions } from './promotions.js';
import { submitQuestion } from './questions.js';

const questionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['fullName', 'emailAddress', 'phoneNumber', 'question'],
  properties: {
    fullName: text(100),
    emailAddress: stringOf('email-address'),
    phoneNumber: stringOf('phone-number', 32),
    question: { ...text(5000), minLength: 10 },
  },
} as const;

export async function supportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post<{ Body: SupportMessage }>(
    '/api/help/sendQuestion',
    {
      onRequest: app.identifyUser,
      schema: {
        tags: ['support'],
        summary: 'Send a question to support (no sign-in needed; linked to the account when signed in)',
        body: questionBody,
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
        summary: 'Questions and answers: the published articles, in order',
        security: bearerAuth,
        response: responses({ type: 'array', items: knowledgeBaseItemSchema }, [401]),
      },
    },
    async () => ok(await publishedKnowledgeBase(ctx.db)),
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

  app.post<{ Body: { userId: string } }>(
    '/api/promotion/optOut',
    {
      schema: {
        tags: ['support'],
        summary: 'Stop promotional e-mail (the link in each one); repeating it is harmless',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['userId'],
          // No pattern: whether a key is one of ours is the cipher's call, so every bad link gets the same clear answer.
          properties: { userId: { type: 'string', minLength: 1, maxLength: 512, description: 'The key of the opt-out link: the driver, sealed by the server' } },
        },
        response: responses(nullData, [400]),
      },
    },
    async (request) => {
      if (!(await optOutOfPromotions(ctx, request.body.userId))) throw validationError({ userId: INVALID_OPT_OUT_LINK }, INVALID_OPT_OUT_LINK);
      return ok(null, { alert: translate(request.language, 'api.alert.promotionsOptedOut') });
    },
  );
}
