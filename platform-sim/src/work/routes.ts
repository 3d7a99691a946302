/** The work API (PLATFORM.md section 2): six calls, each a pure function of the caller and the world. */
import type { FastifyInstance } from 'fastify';
import { renderCaptchaPage } from '../pages.js';
import { isObject } from '../validate.js';
import type { SimulatorRuntime } from '../world.js';
import { workRoute, type WorkContext } from './guard.js';
import { OFFER_GONE, badRequest, ok, type WorkResult } from './responses.js';

/** The polling cadence the platform asks for. */
const REFRESH_INTERVAL_MS = 1000;
const REFRESH_TIMEOUT_MS = 1_800_000;

function stringList(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : null;
}

/** Areas to list: serviceAreaIds, else filters.serviceAreaFilter, else the account's eligible areas. */
function requestedAreas(ctx: WorkContext, body: Record<string, unknown>): string[] | WorkResult {
  const ids = body.serviceAreaIds === undefined ? [] : stringList(body.serviceAreaIds);
  if (!ids) return badRequest('serviceAreaIds must be an array of strings');
  if (ids.length > 0) return ids;
  const filters = body.filters;
  if (filters !== undefined && !isObject(filters)) return badRequest('filters must be an object');
  const filterIds = filters?.serviceAreaFilter === undefined ? [] : stringList(filters.serviceAreaFilter);
  if (!filterIds) return badRequest('filters.serviceAreaFilter must be an array of strings');
  return filterIds.length > 0 ? filterIds : ctx.account.eligibleAreaIds;
}

function getOffers(ctx: WorkContext): WorkResult {
  const body = ctx.request.body;
  if (body !== undefined && !isObject(body)) return badRequest('body must be a JSON object');
  const areas = requestedAreas(ctx, body ?? {});
  if (!Array.isArray(areas)) return areas;
  return ok({
    offerList: ctx.world.offers.listVisible(areas, ctx.now),
    refreshInterval: REFRESH_INTERVAL_MS,
    refreshTimeout: REFRESH_TIMEOUT_MS,
  });
}

function acceptOffer(ctx: WorkContext): WorkResult {
  const body = ctx.request.body;
  const offerId = isObject(body) && typeof body.offerId === 'string' && body.offerId !== '' ? body.offerId : null;
  if (!offerId) return badRequest('offerId is required');
  const { world, account } = ctx;
  const result = world.offers.accept(offerId, account.id, ctx.now);
  if (result.won) account.schedule.add(result.offer.wire);
  world.record.addAccept({
    offerId,
    serviceAreaId: result.offer?.serviceAreaId ?? null,
    accountId: account.id,
    instanceId: ctx.instanceId,
    clientId: ctx.clientId,
    won: result.won,
    reason: result.won ? null : result.reason,
  });
  return result.won ? ok({}) : OFFER_GONE;
}

function forfeitBlock(ctx: WorkContext): WorkResult {
  const raw = (ctx.request.params as { startTime?: string }).startTime ?? '';
  const startTime = Number(raw);
  if (raw === '' || !Number.isFinite(startTime)) return badRequest('startTime must be epoch seconds');
  if (!ctx.account.schedule.forfeit(startTime)) return { status: 404, body: { message: 'No block starts at that time' }, outcome: 'not_found' };
  return ok({});
}

export function registerWorkRoutes(app: FastifyInstance, runtime: SimulatorRuntime): void {
  app.get('/eligibleServiceAreas', workRoute(runtime, (ctx) => ok({ serviceAreaIds: ctx.account.eligibleAreaIds })));
  app.get('/getOfferFiltersOptions', workRoute(runtime, (ctx) => ok({ serviceAreaPoolList: ctx.account.pool })));
  app.post('/GetOffersForProviderPost', workRoute(runtime, getOffers));
  app.post('/AcceptOffer', workRoute(runtime, acceptOffer));
  app.get('/scheduledAssignments', workRoute(runtime, (ctx) => ok({ scheduledAssignments: ctx.account.schedule.list(ctx.now) })));
  app.delete('/schedule/blocks/:startTime', workRoute(runtime, forfeitBlock));
  // Where a captcha response points. Not a work-API call: no token needed, nothing to solve here.
  app.get('/aaut/verify/flex-offers/challenge', async (_req, reply) => reply.type('text/html; charset=utf-8').send(renderCaptchaPage()));
}
