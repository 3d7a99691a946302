/**
 * POST /api/store/stripeWebhook: Stripe reports checkout outcomes here. The body is read raw,
 * because the signature is over the exact bytes; an unverified call is refused and changes nothing.
 * Stripe retries until it gets a 2xx, and the settlement is idempotent, so replays are harmless.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { webhookAnswerSchema } from '@blockpilot/shared/api/schemas';
import { InvalidWebhookError, type CardSavedEvent, type PaymentEvent } from '../../adapters/payments/types.js';
import type { AppContext } from '../../context.js';
import { refusal } from '../../domain/errors.js';
import { ok } from '../../http/envelope.js';
import { responses } from '../../http/schemas.js';
import { saveCard } from './autoTopUp.js';
import { applyPaymentEvent } from './orders.js';

/** The event of a call whose signature verifies; a 400 for any other. */
function verifiedEvent(ctx: AppContext, rawBody: Buffer, signature: string | string[] | undefined, log: FastifyBaseLogger): PaymentEvent | CardSavedEvent | null {
  try {
    return ctx.payments.parseWebhook(rawBody, typeof signature === 'string' ? signature : undefined);
  } catch (error) {
    if (!(error instanceof InvalidWebhookError)) throw error;
    log.warn({ reason: error.message }, 'refused a webhook call');
    throw refusal('BP_ERR_WEBHOOK_SIGNATURE');
  }
}

export async function stripeWebhookRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  // This plugin's scope only: keep JSON bodies as bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  // eslint-disable-next-line no-restricted-syntax -- Stripe's event arrives as bytes (parsed above), not a JSON body of the contract.
  app.post<{ Body: Buffer }>(
    '/api/store/stripeWebhook',
    {
      // Stripe's signed event, read raw: its signature is the check, not a schema.
      config: { noJsonBody: true },
      schema: {
        tags: ['store'],
        summary: 'Stripe webhook (signed with the endpoint secret; Stripe-Signature header)',
        response: responses(webhookAnswerSchema, [400]),
      },
    },
    async (request) => {
      const event = verifiedEvent(ctx, request.body, request.headers['stripe-signature'], request.log);
      const settlement = !event ? 'ignored' : event.type === 'cardSaved' ? ((await saveCard(ctx, event)) ? 'card-saved' : 'unchanged') : await applyPaymentEvent(ctx, event);
      request.log.info({ event, settlement }, 'payment webhook');
      return ok({ settlement });
    },
  );
}
