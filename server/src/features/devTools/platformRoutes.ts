/**
 * GET /dev/platform: where the embedded platform simulator runs (its sign-in pages, work API and
 * control API), for the browser tests and anyone trying the product locally. Only when the
 * simulator is embedded, only from this machine.
 */
import type { FastifyInstance } from 'fastify';
import { CONTROL_PREFIX } from '@blockpilot/platform-sim';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { localDeveloperOnly } from '../../http/localDeveloperOnly.js';

/** Registers GET /dev/platform when the simulator is embedded. */
export async function platformDevRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const simulatorUrl = ctx.config.platform.embeddedSimulatorUrl;
  if (!simulatorUrl) return;
  app.get(
    '/dev/platform',
    {
      onRequest: localDeveloperOnly,
      schema: {
        tags: ['development'],
        summary: 'The embedded platform simulator (only with PLATFORM_SIM=embedded, only from this machine)',
        response: {
          200: {
            type: 'object',
            properties: { data: { type: 'object', properties: { simulatorUrl: { type: 'string' }, controlUrl: { type: 'string' } } } },
          },
        },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok({ simulatorUrl, controlUrl: `${simulatorUrl}${CONTROL_PREFIX}` });
    },
  );
}
