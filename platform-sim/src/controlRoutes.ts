/**
 * The control API over HTTP, under /__control/ (never a platform path). Each route hands its JSON
 * to the in-process control object, which validates it (the casts below only name the shape the
 * control object checks); InputError becomes a 400.
 */
import type { FastifyInstance } from 'fastify';
import type { DeviceTarget, FaultConfig, PaceSettings, ResetOptions, SimulatorControl, TokenTarget } from './types.js';
import { userIdForEmail } from './accounts.js';
import { InputError, asObject, checkNumber } from './validate.js';

export const CONTROL_PREFIX = '/__control';

type Query = Record<string, string | undefined>;

function queryNumber(query: Query, key: string, min = 0): number | undefined {
  const raw = query[key];
  if (raw === undefined || raw === '') return undefined;
  return checkNumber(Number(raw), key, { min, integer: true });
}

export function registerControlRoutes(app: FastifyInstance, control: SimulatorControl): void {
  app.register(
    async (scope) => {
      scope.post('/reset', async (req) => control.reset(asObject(req.body, 'body') as ResetOptions));
      scope.get('/state', async () => control.state());
      scope.post('/offers', async (req) => control.injectOffer(asObject(req.body, 'body')));
      scope.get('/offers', async (req) => ({ offerList: control.listOffers((req.query as Query).serviceAreaId || undefined) }));
      scope.get('/faults', async () => control.getFaults());
      scope.put('/faults', async (req) => control.setFaults(asObject(req.body, 'body') as unknown as FaultConfig));
      scope.get('/pace', async () => control.getPace());
      scope.put('/pace', async (req) => control.setPace(asObject(req.body, 'body') as unknown as PaceSettings));
      scope.post('/tokens/expire', async (req) => control.expireToken(asObject(req.body, 'body') as TokenTarget));
      scope.post('/devices/deregister', async (req) => control.deregisterDevice(asObject(req.body, 'body') as DeviceTarget));
      scope.get('/record', async (req) => {
        const q = req.query as Query;
        return control.readRecord({ since: queryNumber(q, 'since'), limit: queryNumber(q, 'limit', 1), accountId: q.accountId || undefined });
      });
      scope.get('/record/violations', async (req) => control.findViolations({ handoffGapMs: queryNumber(req.query as Query, 'handoffGapMs') }));
      // The account by its id, or by the e-mail it signs in with (the browser tests know only that).
      scope.put('/eligible', async (req) => {
        const body = asObject(req.body, 'body');
        const accountId = typeof body.email === 'string' ? userIdForEmail(body.email) : body.accountId;
        if (typeof accountId !== 'string') throw new InputError('accountId or email is required');
        control.setEligibleAreas(accountId, body.serviceAreaIds as string[]);
        return { ok: true };
      });
      scope.get('/accounts/:accountId/schedule', async (req) => ({
        scheduledAssignments: control.schedule((req.params as { accountId: string }).accountId),
      }));
      scope.setErrorHandler((error, _req, reply) => {
        if (error instanceof InputError) return reply.code(400).send({ message: error.message });
        throw error;
      });
    },
    { prefix: CONTROL_PREFIX },
  );
}
