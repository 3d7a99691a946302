/**
 * Builds the Fastify application from its parts: logging, the error handler, security headers,
 * metrics and OpenAPI, then each feature as a plugin built from one {@link AppContext}. It opens
 * nothing itself (database, simulator): main.ts and the tests hand those in, so a test builds the
 * same app around an in-memory database, and may swap the clock or an adapter.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Adapters } from './adapters/index.js';
import { systemClock, type Clock } from './clock.js';
import { createContext, loadScaleOut, type AppContext, type EngineOptions } from './context.js';
import { adminRoutes } from './features/admin/routes.js';
import { authenticationPlugin } from './features/auth/authenticate.js';
import { authRoutes } from './features/auth/routes.js';
import { chatDevRoutes } from './features/devTools/chatRoutes.js';
import { devCheckoutRoutes } from './features/devTools/checkoutRoutes.js';
import { outboxRoutes } from './features/devTools/outboxRoutes.js';
import { platformDevRoutes } from './features/devTools/platformRoutes.js';
import { frontendPlugin } from './features/frontend/plugin.js';
import { healthRoutes } from './features/health/routes.js';
import { creditHistoryRoutes } from './features/ledger/routes.js';
import { logRoutes } from './features/logs/routes.js';
import { offerRoutes } from './features/offers/routes.js';
import { answerTelegramButton } from './features/offers/telegramAccept.js';
import { calendarRoutes } from './features/calendar/routes.js';
import { accountHealthRoutes } from './features/accountHealth/routes.js';
import { statsRoutes } from './features/stats/routes.js';
import { platformRoutes } from './features/platform/routes.js';
import { createReleaseRegistry, releaseRoutes } from './features/releases/routes.js';
import { remoteListFor } from './features/releases/remoteListRoute.js';
import { announceReleaseMoves } from './features/releases/liveReleases.js';
import { liveLanding } from './features/frontend/liveLanding.js';
import { searchRoutes } from './features/search/routes.js';
import { storeRoutes } from './features/store/routes.js';
import { stripeWebhookRoutes } from './features/store/webhookRoutes.js';
import { publicConfigOf } from './features/support/publicConfig.js';
import { supportRoutes } from './features/support/routes.js';
import { answerTelegramStart } from './features/telegram/start.js';
import { userRoutes } from './features/user/routes.js';
import { workLimitsRoutes } from './features/user/workLimitsRoutes.js';
import { installErrorHandler, sendNotFound } from './http/errorHandler.js';
import { installFieldRules } from './http/fieldRules.js';
import { installRequestLanguage } from './http/language.js';
import { ajvFormats } from './http/formats.js';
import { loggerOptions, OneLinePerRequest } from './http/logging.js';
import { metricsPlugin } from './http/metrics.js';
import { requireContractSchemas } from './http/contract.js';
import { registerOpenApi } from './http/openapi.js';
import { registerSecurityHeaders } from './http/securityHeaders.js';
import type { Database } from './db/types.js';
import type { ServerConfig } from './config.js';

/** What the app is built around. */
export interface AppDependencies {
  config: ServerConfig;
  database: Database;
  version?: string;
  /** Serve the built front end (off in API-only tests). */
  serveFrontend?: boolean;
  /** Defaults to the system clock; tests pass one they can move. */
  clock?: Clock;
  /** Replaces the adapters chosen from config (tests: a Stripe client with a fake HTTP layer). */
  adapters?: Partial<Adapters>;
  /** Engine timings and observers (tests and benchmarks). */
  engine?: EngineOptions;
}

export async function buildApp({ config, database, version = '0.0.0', serveFrontend = true, clock = systemClock, adapters, engine }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, config.logFormat),
    ...(config.logFormat === 'pretty' ? { logController: new OneLinePerRequest() } : {}),
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    // The client's address comes from X-Forwarded-For only when the socket is a listed proxy.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 64 * 1024,
    // A path parameter of any length reaches its route, whose schema answers 400 with the field
    // (Fastify's own 100-character limit answers 414 outside the envelope); Node's header limit (16 KiB) bounds a real request line long before this.
    routerOptions: { maxParamLength: 1024 * 1024 },
    ajv: { customOptions: { allErrors: true, coerceTypes: false, removeAdditional: false, formats: ajvFormats } },
  });
  installRequestLanguage(app);
  installErrorHandler(app);
  installFieldRules(app);
  const contractChecked = requireContractSchemas(app);
  await registerSecurityHeaders(app, config);
  await registerOpenApi(app, version);
  await app.register(metricsPlugin, { token: config.metricsToken, devMode: config.devMode });

  const ctx = createContext(config, database.db, { clock, log: app.log, adapters, engine, scaleOut: await loadScaleOut(config) });
  warnAboutEmbeddedAdapters(ctx);
  app.addHook('onReady', async () => {
    ctx.telegram.startReceiving(
      async (chatId, languageCode) => (await answerTelegramStart(ctx, chatId, languageCode)).reply,
      (chatId, data) => answerTelegramButton(ctx, chatId, data),
    );
    // Every driver whose search was running when the last process stopped searches again.
    await ctx.search.resumeAll();
  });
  app.addHook('onClose', async () => {
    // Searches stop without clearing users.searching, so the next start resumes them.
    // Jobs under way stop between two steps and are retried elsewhere or at the next start.
    await ctx.jobs.close();
    await ctx.fleet?.close();
    await ctx.search.close();
    await ctx.background.drain();
    await Promise.all([ctx.live.close(), ctx.mailer.close(), ctx.telegram.close(), ctx.whatsApp.close(), ctx.platform.close()]);
  });

  await app.register(authenticationPlugin, { ctx });
  await app.register(healthRoutes, { database, version });
  await app.register(authRoutes, { ctx });
  await app.register(userRoutes, { ctx });
  await app.register(workLimitsRoutes, { ctx });
  await app.register(platformRoutes, { ctx });
  await app.register(searchRoutes, { ctx });
  await app.register(logRoutes, { ctx });
  await app.register(offerRoutes, { ctx });
  await app.register(statsRoutes, { ctx });
  await app.register(accountHealthRoutes, { ctx });
  await app.register(calendarRoutes, { ctx });
  await app.register(creditHistoryRoutes, { ctx });
  await app.register(storeRoutes, { ctx });
  if (ctx.payments.kind === 'stripe') await app.register(stripeWebhookRoutes, { ctx });
  // Dev tools exist only in dev mode, and then answer only this machine's browser (docs/SECURITY.md).
  if (config.devMode) await registerDevTools(app, ctx);
  await app.register(supportRoutes, { ctx });
  const releases = createReleaseRegistry(ctx);
  // Open tabs hear of each move of the deployment's channel at once (docs/LIVE.md "New releases").
  announceReleaseMoves(releases, ctx.live, config.releases.channel);
  await app.register(adminRoutes, { ctx, releases });
  await app.register(releaseRoutes, { ctx, registry: releases });

  if (serveFrontend)
    await app.register(frontendPlugin, {
      frontend: config.frontend,
      sourceMaps: !config.production,
      remoteList: (request) => remoteListFor(ctx, request),
      publicConfig: () => publicConfigOf(ctx),
      liveLanding: liveLanding(releases, config.releases.channel),
    });
  else app.setNotFoundHandler(sendNotFound);
  contractChecked();
  return app;
}

/** The dev tools of whichever embedded adapters run: outbox, dev checkout, recorded messages, simulator. */
async function registerDevTools(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (ctx.payments.kind === 'dev') await app.register(devCheckoutRoutes, { ctx });
  if (ctx.mailer.kind === 'outbox') await app.register(outboxRoutes, { ctx });
  if (ctx.chatRecorder) await app.register(chatDevRoutes, { ctx, recorder: ctx.chatRecorder });
  await app.register(platformDevRoutes, { ctx });
}

/** Embedded adapters are for one machine; say so loudly when the server looks public. */
function warnAboutEmbeddedAdapters({ config, mailer, payments, log }: AppContext): void {
  if (/^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|\/|$)/.test(config.publicUrl)) return;
  if (mailer.kind === 'outbox') log.warn('SMTP_URL is not set: e-mail (reset links too) stays in the outbox and is not delivered');
  if (payments.kind === 'dev') log.warn('STRIPE_SECRET_KEY is not set: purchases use the dev checkout and no money is taken');
  if (config.platform.embeddedSimulatorUrl) log.warn('PLATFORM_SIM=embedded: drivers connect to the built-in platform simulator, not the real platform');
}
