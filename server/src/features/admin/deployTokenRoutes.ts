/**
 * Deploy tokens of the release registry (docs/OPERATIONS.md "Deploy tokens"): admins only.
 * Registered inside the admin plugin (routes.ts), whose session and role checks run first.
 */
import type { FastifyInstance } from 'fastify';
import { byTokenId, deployTokenSchema, mintDeployTokenBody, mintedDeployTokenSchema, withReason } from '@blockpilot/shared/api/schemas';
import { translate } from '../../domain/translate.js';
import { ok } from '../../http/envelope.js';
import { bearerAuth, responses } from '../../http/schemas.js';
import { currentUser } from '../auth/authenticate.js';
import { listTokens, mintToken, revokeToken } from './deployTokens.js';
import type { AppContext } from '../../context.js';
import { contractRoutes } from '../../http/contract.js';
import { ADMIN_ONLY, tags } from './consoleRoutes.js';

export async function deployTokenRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = contractRoutes(fastify);

  app.get(
    '/api/admin/deployTokens',
    {
      config: ADMIN_ONLY,
      schema: {
        tags,
        summary: 'Deploy tokens newest first, revoked ones included (never the tokens themselves)',
        security: bearerAuth,
        response: responses({ type: 'array', items: deployTokenSchema }, [401, 403]),
      },
    },
    async () => ok(await listTokens(ctx)),
  );

  app.post(
    '/api/admin/deployTokens',
    {
      config: ADMIN_ONLY,
      schema: {
        tags,
        summary: 'Mint a deploy token that publishes and moves releases of one remote; the answer holds the token, shown this once',
        security: bearerAuth,
        body: mintDeployTokenBody,
        response: responses(mintedDeployTokenSchema, [400, 401, 403]),
      },
    },
    async (request) => ok(await mintToken(ctx, currentUser(request), request.body), { alert: translate(request.language, 'api.alert.copyTokenNow') }),
  );

  app.post(
    '/api/admin/deployTokens/:id/revoke',
    {
      config: ADMIN_ONLY,
      schema: {
        tags,
        summary: 'Revoke a deploy token: every later request with it is refused',
        security: bearerAuth,
        params: byTokenId,
        body: withReason,
        response: responses(deployTokenSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => ok(await revokeToken(ctx, currentUser(request), request.params.id, request.body.reason), { alert: translate(request.language, 'api.alert.tokenRevoked') }),
  );
}
