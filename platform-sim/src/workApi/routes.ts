/** The platform's work API (see platform-sim/README.md): six calls, each a function of the caller and the world. */
import type { FastifyInstance } from 'fastify';
import { listedAnsweredAt, listedAt, noteListed } from '../offers/listings.js';
import { renderCaptchaPage } from '../pages.js';
import { isObject } from '../validate.js';
import type { SimulatorRuntime } from '../world.js';
import { workRoute, type WorkContext } from './guard.js';
import { parseOffersQuery, startsInWindow } from './offerQuery.js';
import { OFFER_GONE, badRequest, ok, type WorkResult } from './responses.js';

/** How long a client may keep polling without asking again for areas (the platform's constant). */
const REFRESH_TIMEOUT_MS = 1_800_000;

function getOffers(ctx: WorkContext): WorkResult {
  const { world, account } = ctx;
  const body = ctx.request.body;
  if (body !== undefined && !isObject(body)) return badRequest('body must be a JSON object');
  const query = parseOffersQuery(body ?? {}, account.eligibleAreaIds);
  if ('outcome' in query) return query;
  const listed = world.offers.listLive(query.areaIds, ctx.now, ctx.arrivedAtMs).filter((offer) => startsInWindow(offer.wire, query.window));
  noteListed(listed, account.id, ctx.delivery);
  return ok({
    offerList: listed.map((offer) => offer.wire),
    refreshInterval: world.pace.tell(account.id, ctx.arrivedAtMs),
    refreshTimeout: REFRESH_TIMEOUT_MS,
  });
}

function acceptOffer(ctx: WorkContext): WorkResult {
  const body = ctx.request.body;
  const offerId = isObject(body) && typeof body.offerId === 'string' && body.offerId !== '' ? body.offerId : null;
  if (!offerId) return badRequest('offerId is required');
  const { world, account } = ctx;
  // A listing-relative rival is judged at the accept's arrival: one that came in time wins even if
  // the event loop reached it after the rival's moment.
  const result = world.offers.accept(offerId, account.id, ctx.now, ctx.arrivedAtMs);
  // Judged before booking: did the driver already hold a block at that time?
  const overlapsSchedule = result.won && account.schedule.overlaps(result.offer.wire, ctx.now);
  if (result.won) account.schedule.add(result.offer.wire);
  world.record.addAccept({
    offerId,
    serviceAreaId: result.offer?.serviceAreaId ?? null,
    accountId: account.id,
    instanceId: ctx.instanceId,
    clientId: ctx.clientId,
    arrivedAt: ctx.arrivedAtMs,
    won: result.won,
    reason: result.won ? null : result.reason,
    overlapsSchedule,
    listedAt: listedAt(result.offer, account.id),
    listedAnsweredAt: listedAnsweredAt(result.offer, account.id),
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
  app.get(
    '/eligibleServiceAreas',
    workRoute(runtime, (ctx) => ok({ serviceAreaIds: ctx.account.eligibleAreaIds })),
  );
  app.get(
    '/getOfferFiltersOptions',
    workRoute(runtime, (ctx) => ok({ serviceAreaPoolList: ctx.account.pool })),
  );
  app.post('/GetOffersForProviderPost', workRoute(runtime, getOffers, { paced: true }));
  app.post('/AcceptOffer', workRoute(runtime, acceptOffer));
  app.get(
    '/scheduledAssignments',
    workRoute(runtime, (ctx) => ok({ scheduledAssignments: ctx.account.schedule.list(ctx.now) })),
  );
  app.delete('/schedule/blocks/:startTime', workRoute(runtime, forfeitBlock));
  // Where a captcha response points. Not a work-API call: no token needed, nothing to solve here.
  app.get('/aaut/verify/flex-offers/challenge', async (_req, reply) => reply.type('text/html; charset=utf-8').send(renderCaptchaPage()));
}
