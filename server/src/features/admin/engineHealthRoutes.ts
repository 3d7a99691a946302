/**
 * Engine health (docs/OPERATIONS.md "Engine health"): support and admins. Registered inside the
 * admin plugin (routes.ts), whose session and role checks run first.
 */
import type { FastifyInstance } from 'fastify';
import { engineHealthQuery, engineHealthSchema, engineWorkersSchema } from '@blockpilot/shared/api/schemas';
import { validationError } from '../../domain/errors.js';
import { ok } from '../../http/envelope.js';
import { bearerAuth, responses } from '../../http/schemas.js';
import { engineHealth, engineWorkers, sampleEveryMinute } from './engineHealth.js';
import { ENGINE_HEALTH_MINUTES } from '../../engine/health.js';
import { writeHealthEvery } from '../../stores/healthStore.js';
import type { AppContext } from '../../context.js';
import { contractRoutes } from '../../http/contract.js';
import { SUPPORT_AND_ADMIN, tags } from './consoleRoutes.js';

/** Minutes the engine-health screen shows unless told otherwise: the last hour. */
const DEFAULT_HEALTH_MINUTES = 60;

export async function engineHealthRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = contractRoutes(fastify);

  const stopSampling = sampleEveryMinute(ctx);
  // This process's minutes go to the database, where every process's are read (stores/healthStore.ts).
  const healthWriter = writeHealthEvery({ db: ctx.db, series: ctx.engineHealth, processName: ctx.config.scaling.workerId, now: () => ctx.clock.now(), log: ctx.log });
  app.addHook('onClose', async () => {
    stopSampling();
    await healthWriter.stop();
  });

  app.get(
    '/api/admin/engineHealth',
    {
      config: SUPPORT_AND_ADMIN,
      schema: {
        tags,
        summary: "The search engine minute by minute (every process's counts, kept 24 hours) and the drivers' search states now",
        security: bearerAuth,
        querystring: engineHealthQuery,
        response: responses(engineHealthSchema, [400, 401, 403]),
      },
    },
    async (request) => {
      const minutes = Number(request.query.minutes ?? DEFAULT_HEALTH_MINUTES);
      if (minutes > ENGINE_HEALTH_MINUTES) throw validationError({ minutes: { key: 'api.field.engineHealthMinutes', values: { max: ENGINE_HEALTH_MINUTES } } });
      return ok(await engineHealth(ctx, healthWriter, minutes));
    },
  );

  app.get(
    '/api/admin/engineHealth/workers',
    {
      config: SUPPORT_AND_ADMIN,
      schema: {
        tags,
        summary: 'The search workers (registry and leases in Redis) and the job queues, now',
        security: bearerAuth,
        response: responses(engineWorkersSchema, [401, 403]),
      },
    },
    async () => ok(await engineWorkers(ctx)),
  );
}
