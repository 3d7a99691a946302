/**
 * Stripe for tests: a real Stripe client whose HTTP layer is a fake of Checkout (it records each
 * request and answers a session, or fails on demand), and webhook calls signed with the
 * endpoint secret exactly as Stripe signs them.
 */
import Stripe from 'stripe';
import { StripeGateway } from '../src/adapters/payments/stripeGateway.js';

export const STRIPE_SECRET_KEY = 'sk_test_fake_secret_key_0123456789';
export const STRIPE_WEBHOOK_SECRET = 'whsec_test_fake_endpoint_secret';

/** The environment that makes the app take payments through Stripe. */
export const stripeEnv = { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET };

export interface FakeStripeApi {
  stripe: Stripe;
  /** Every request the client made: its URL, form body and idempotency key. */
  requests: Array<{ url: string; body: URLSearchParams; idempotencyKey: string | null }>;
  /** From now on, answer every request with a Stripe API error. */
  fail(): void;
  /** From now on, answer requests to URLs ending with `path` with this status and body (default: a checkout session). */
  answer(path: string, status: number, body: Record<string, unknown>): void;
}

export function fakeStripeApi(): FakeStripeApi {
  const requests: FakeStripeApi['requests'] = [];
  let failing = false;
  const answers = new Map<string, { status: number; body: Record<string, unknown> }>();
  const fetchFn = async (url: string, init: { body?: string; headers: Record<string, string> | Headers }) => {
    const headers = new Headers(init.headers);
    requests.push({ url, body: new URLSearchParams(init.body ?? ''), idempotencyKey: headers.get('idempotency-key') });
    if (failing) return new Response(JSON.stringify({ error: { type: 'api_error', message: 'down' } }), { status: 500, headers: { 'content-type': 'application/json' } });
    const answer = [...answers].find(([path]) => new URL(url).pathname.endsWith(path))?.[1];
    if (answer) return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    const id = `cs_test_${requests.length}`;
    return new Response(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}` }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  const stripe = new Stripe(STRIPE_SECRET_KEY, { httpClient: Stripe.createFetchHttpClient(fetchFn), maxNetworkRetries: 0 });
  return { stripe, requests, fail: () => (failing = true), answer: (path, status, body) => void answers.set(path, { status, body }) };
}

/** The payments adapter of an app configured with {@link stripeEnv}, talking to the fake. */
export function fakeStripeGateway(api: FakeStripeApi): StripeGateway {
  return new StripeGateway(api.stripe, STRIPE_WEBHOOK_SECRET, 'https://blockpilot.test');
}

/** A Stripe event about a checkout session, as its JSON text. */
export function checkoutEvent(type: string, session: Record<string, unknown>, eventId = `evt_${Math.random().toString(36).slice(2)}`): string {
  return JSON.stringify({ id: eventId, object: 'event', type, data: { object: { object: 'checkout.session', id: 'cs_test', payment_intent: 'pi_test', ...session } } });
}

/** The Stripe-Signature header for `payload` (default: signed now with the endpoint secret). */
export function stripeSignature(api: FakeStripeApi, payload: string, options: { secret?: string; timestamp?: number } = {}): string {
  return api.stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? STRIPE_WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });
}
