/**
 * The one place adapters are chosen from configuration: each real service when configured, its
 * embedded default otherwise.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { DatabaseSchema } from '../db/schema.js';
import type { ChatConfig } from './chat/config.js';
import { createChatAdapters, type ChatAdapters } from './chat/index.js';
import { OutboxMailer } from './mail/outboxMailer.js';
import { SmtpMailer } from './mail/smtpMailer.js';
import type { MailConfig, Mailer } from './mail/types.js';
import { DevCheckoutGateway } from './payments/devCheckoutGateway.js';
import { StripeGateway } from './payments/stripeGateway.js';
import type { PaymentGateway, StripeConfig } from './payments/types.js';
import type { PlatformConfig } from './platform/config.js';
import { createPlatformGateway, type PlatformGateway } from './platform/gateway.js';
import { loadVapidKeys, type PushConfig } from './push/config.js';
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
 * What choosing the adapters reads of the server's configuration: each adapter's own settings
 * (the server's `ServerConfig` in config.ts is made of them), so this layer needs nothing above it.
 */
export interface AdaptersConfig {
  /** The address drivers open: Stripe's return links. */
  publicUrl: string;
  /** Where the generated VAPID key file is kept. */
  dataDir: string;
  mail: MailConfig;
  stripe: StripeConfig | null;
  platform: PlatformConfig;
  push: PushConfig;
  chat: ChatConfig;
  /** Sent as `x-sim-client` on work calls, so the simulator's record tells a fleet's workers apart; '' = not sent. */
  scaling: { simClientHeader: string };
}

/**
 * `sharedRateLimiter`: the counters in Redis shared by every API process when REDIS_URL is set
 * (built by the scale-out, so this module never loads ioredis); in memory otherwise.
 */
export function createAdapters(config: AdaptersConfig, db: Kysely<DatabaseSchema>, clock: Clock, log: FastifyBaseLogger, sharedRateLimiter: RateLimiter | null = null): Adapters {
  return {
    mailer: config.mail.smtpUrl ? new SmtpMailer(config.mail.smtpUrl, config.mail.from) : new OutboxMailer(db),
    payments: config.stripe ? StripeGateway.fromSecretKey(config.stripe.secretKey, config.stripe.webhookSecret, config.publicUrl) : new DevCheckoutGateway(),
    rateLimiter: sharedRateLimiter ?? new MemoryRateLimiter(clock),
    platform: createPlatformGateway(config.platform, Date.now, config.scaling.simClientHeader ? { 'x-sim-client': config.scaling.simClientHeader } : undefined),
    push: new WebPushSender(loadVapidKeys(config.push, config.dataDir)),
    ...createChatAdapters(config.chat, log, () => clock.now().getTime()),
  };
}
