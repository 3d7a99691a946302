/**
 * The dev checkout page of the embedded payments adapter: shows the order and completes or
 * cancels it through the store's one settlement path (the same as Stripe's webhook), then sends
 * the browser where Stripe would have. It also stands in for Stripe's card setup: a page that
 * saves a test card for the automatic top-up (one that pays, one that is declined).
 * Plain HTML forms, no script, so the CSP stays strict.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { applyPaymentEvent } from '../store/orders.js';
import { PURCHASE_CANCELLED_PATH, purchaseReturnPath } from '../store/returnPaths.js';
import { DEV_CARDS, DEV_CUSTOMER_REF, devCardSetupPath, devCheckoutPath } from '../../adapters/payments/devCheckoutGateway.js';
import { CARD_SETUP_RETURN_PATH, saveCard } from '../store/autoTopUp.js';
import { uuid } from '@blockpilot/shared/api/schemas';
import { formatCents } from '@blockpilot/shared/format';
import { SUB_PAGES } from '@blockpilot/shared/pages';
import { REGIONS } from '../../domain/regions.js';
import { localDeveloperOnly } from '../../http/localDeveloperOnly.js';

const params = { type: 'object', required: ['orderId'], properties: { orderId: uuid } } as const;
const cardParams = { type: 'object', required: ['setupId', 'card'], properties: { setupId: uuid, card: { type: 'string', enum: Object.keys(DEV_CARDS) } } } as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#E3F2FD;color:#002C3F;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border-radius:12px;padding:2rem;max-width:26rem;box-shadow:0 2px 12px #0002}
button{font:inherit;padding:.8rem 1.4rem;border-radius:8px;border:0;cursor:pointer;margin:.3rem .3rem 0 0}
.pay{background:#651FFF;color:#fff}.cancel{background:#eee}</style></head>
<body><main>${body}</main></body></html>`;
}

export async function devCheckoutRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  // The page's forms post no fields, but browsers still label the empty body as a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
  const orderById = (id: string) => ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  const html = (reply: FastifyReply, status: number, title: string, body: string) =>
    reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(page(title, body));

  app.get<{ Params: { orderId: string } }>('/dev/checkout/:orderId', { onRequest: localDeveloperOnly, schema: { hide: true, params } }, async (request, reply) => {
    const order = await orderById(request.params.orderId);
    if (!order) return html(reply, 404, 'Unknown order', `<h1>Unknown order</h1><p><a href="${SUB_PAGES.account.credit}">Back to BlockPilot</a></p>`);
    if (order.status !== 'pending') {
      return html(reply, 409, 'Order settled', `<h1>This order is ${order.status}</h1><p><a href="${SUB_PAGES.account.credit}">Back to BlockPilot</a></p>`);
    }
    const what = order.kind === 'topup' ? 'Credit top-up' : `Membership (${escapeHtml(order.membership_plan_id ?? '')})`;
    // Money as every screen writes it ("$10.00"), with the currency's code since dollars differ by country.
    const symbol = Object.values(REGIONS).find((region) => region.currency === order.currency)?.currencySymbol ?? '';
    const amount = `${formatCents(symbol, order.amount_cents, 'en')} ${order.currency.toUpperCase()}`;
    const action = devCheckoutPath(order.id);
    return html(
      reply,
      200,
      'Test checkout',
      `<h1>Test checkout</h1>
<p>${what}: <strong>${escapeHtml(amount)}</strong></p>
<p>This is BlockPilot's built-in checkout for development: no money moves. Configure Stripe to take real payments.</p>
<form method="post" action="${action}/complete"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${action}/cancel"><button class="cancel" type="submit">Cancel</button></form>`,
    );
  });

  app.post<{ Params: { orderId: string } }>('/dev/checkout/:orderId/complete', { onRequest: localDeveloperOnly, schema: { hide: true, params } }, async (request, reply) => {
    const order = await orderById(request.params.orderId);
    // Only a pending order can be paid; a cancelled one never completes (docs/SECURITY.md).
    if (order?.status === 'pending') await applyPaymentEvent(ctx, { type: 'paid', orderId: order.id, amountCents: order.amount_cents });
    return reply.redirect(order ? purchaseReturnPath(order.id) : PURCHASE_CANCELLED_PATH, 303);
  });

  app.post<{ Params: { orderId: string } }>('/dev/checkout/:orderId/cancel', { onRequest: localDeveloperOnly, schema: { hide: true, params } }, async (request, reply) => {
    await applyPaymentEvent(ctx, { type: 'cancelled', orderId: request.params.orderId });
    return reply.redirect(PURCHASE_CANCELLED_PATH, 303);
  });

  app.get<{ Params: { setupId: string } }>(
    '/dev/checkout/card/:setupId',
    { onRequest: localDeveloperOnly, schema: { hide: true, params: { type: 'object', required: ['setupId'], properties: { setupId: uuid } } } },
    async (request, reply) => {
      const setup = await ctx.db.selectFrom('auto_top_ups').select('user_id').where('setup_id', '=', request.params.setupId).executeTakeFirst();
      if (!setup) return html(reply, 404, 'Unknown card setup', `<h1>Unknown card setup</h1><p><a href="${CARD_SETUP_RETURN_PATH}">Back to BlockPilot</a></p>`);
      const action = devCardSetupPath(request.params.setupId);
      return html(
        reply,
        200,
        'Save a test card',
        `<h1>Save a card</h1>
<p>This stands in for Stripe's card setup in development: no card is stored anywhere. Automatic top-ups charge the card you save here.</p>
<form method="post" action="${action}/pays"><button class="pay" type="submit">Save a card that pays</button></form>
<form method="post" action="${action}/declines"><button class="cancel" type="submit">Save a card that is declined</button></form>
<p><a href="${CARD_SETUP_RETURN_PATH}">Cancel</a></p>`,
      );
    },
  );

  app.post<{ Params: { setupId: string; card: keyof typeof DEV_CARDS } }>(
    '/dev/checkout/card/:setupId/:card',
    { onRequest: localDeveloperOnly, schema: { hide: true, params: cardParams } },
    async (request, reply) => {
      await saveCard(ctx, { type: 'cardSaved', setupId: request.params.setupId, customerRef: DEV_CUSTOMER_REF, ...DEV_CARDS[request.params.card] });
      return reply.redirect(CARD_SETUP_RETURN_PATH, 303);
    },
  );
}
