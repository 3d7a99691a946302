/**
 * The console's release routes (docs/OPERATIONS.md "Releases"), admins only. Registered inside
 * the admin plugin (routes.ts), so its session check, role check and start-up rule (every route
 * names its least role) run for these too.
 */
import type { FastifyInstance } from 'fastify';
import { abortCanaryBody, channelParams, consoleChannelSchema, moveSchema, releaseRollbackBody } from '@blockpilot/shared/api/schemas';
import type { AppContext } from '../../context.js';
import { translate } from '../../domain/translate.js';
import { contractRoutes } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { bearerAuth, responses } from '../../http/schemas.js';
import { currentUser } from '../auth/authenticate.js';
import type { ReleaseRegistry } from '../releases/registry.js';
import { consoleChannels, consoleMove } from './releases.js';

const tags = ['admin'];
const admin = { minimumRole: 'admin' } as const;

export async function adminReleaseRoutes(fastify: FastifyInstance, { ctx, registry }: { ctx: AppContext; registry: ReleaseRegistry }): Promise<void> {
  const app = contractRoutes(fastify);

  app.get(
    '/api/admin/releases',
    {
      config: admin,
      schema: {
        tags,
        summary: "Every channel: its revision, each remote's stable release and canary, and its latest moves",
        security: bearerAuth,
        response: responses({ type: 'array', items: consoleChannelSchema }, [401, 403]),
      },
    },
    async () => ok(await consoleChannels(ctx, registry)),
  );

  app.post(
    '/api/admin/releases/channels/:channel/rollback',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Roll a remote back on a channel (its canary ends if one runs; else the release live before), if the channel is still at the revision shown',
        security: bearerAuth,
        params: channelParams,
        body: releaseRollbackBody,
        response: responses(moveSchema, [400, 401, 403, 409]),
      },
    },
    async (request) => {
      const { channel } = request.params;
      const result = await consoleMove(ctx, registry, currentUser(request), channel, 'release.rollback', request.body);
      return ok(result, { alert: translate(request.language, 'api.release.rolledBack', { remote: result.remote, version: result.version, channel }) });
    },
  );

  app.post(
    '/api/admin/releases/channels/:channel/abortCanary',
    {
      config: admin,
      schema: {
        tags,
        summary: "End a remote's canary on a channel (that canary only): everyone gets its stable release again",
        security: bearerAuth,
        params: channelParams,
        body: abortCanaryBody,
        response: responses(moveSchema, [400, 401, 403, 409]),
      },
    },
    async (request) => {
      const { channel } = request.params;
      const { canaryId, ...rest } = request.body;
      const result = await consoleMove(ctx, registry, currentUser(request), channel, 'release.abortCanary', { ...rest, onlyCanary: canaryId });
      return ok(result, {
        alert: translate(request.language, 'api.alert.canaryAborted', { remote: result.remote, version: result.fromVersion ?? '', channel, stable: result.version }),
      });
    },
  );
}
