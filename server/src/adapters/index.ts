/**
 * The one place adapters are chosen from configuration: each real service when configured, its
 * embedded default otherwise.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { DatabaseSchema } from '../db/schema.js';
import type { ServerConfig } from '../types.js';
import { createChatAdapters, type ChatAdapters } from './chat/index.js';
import { OutboxMailer } from './mail/outboxMailer.js';
import { SmtpMailer } from './mail/smtpMailer.js';
import type { Mailer } from './mail/types.js';
import { DevCheckoutGateway } from './payments/devCheckoutGateway.js';
import { StripeGateway } from './payments/stripeGateway.js';
import type { PaymentGateway } from './payments/types.js';
import { createPlatformGateway, type PlatformGateway } from './platform/gateway.js';
import { loadVapidKeys } from './push/config.js';
import type { PushSender } from './push/types.js';
import { WebPushSender } from './push/webPushSender.js';
import { MemoryRateLimiter } from './rateLimit/memoryRateLimiter.js';
import type { RateLimiter } from './rateLimit/types.js';

/** The outside services the features use. */
export interface Adapters extends ChatAdapters {
  mailer: Mailer;
  payments: PaymentGateway;
  rateLimiter: RateLimiter;
  /** The delivery platform's clients, per region (the embedded simulator by default). */
  platform: PlatformGateway;
  /** Web Push to the drivers' devices, signed with the VAPID key (docs/LIVE.md "Push notifications"). */
  push: PushSender;
}

/**
 * `sharedRateLimiter`: the counters in Redis shared by every API process when REDIS_URL is set
 * (built by the scale-out, so this module never loads ioredis); in memory otherwise.
 */
export function createAdapters(config: ServerConfig, db: Kysely<DatabaseSchema>, clock: Clock, log: FastifyBaseLogger, sharedRateLimiter: RateLimiter | null = null): Adapters {
  return {
    mailer: config.mail.smtpUrl ? new SmtpMailer(config.mail.smtpUrl, config.mail.from) : new OutboxMailer(db),
    payments: config.stripe ? StripeGateway.fromSecretKey(config.stripe.secretKey, config.stripe.webhookSecret, config.publicUrl) : new DevCheckoutGateway(),
    rateLimiter: sharedRateLimiter ?? new MemoryRateLimiter(clock),
    platform: createPlatformGateway(config.platform, Date.now, config.scaling.simClientHeader ? { 'x-sim-client': config.scaling.simClientHeader } : undefined),
    push: new WebPushSender(loadVapidKeys(config.push, config.dataDir)),
    ...createChatAdapters(config.chat, log, () => clock.now().getTime()),
  };
}
