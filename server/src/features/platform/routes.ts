/**
 * The platform-account calls of /api/user (docs/PRODUCT.md section 7): connectAccount, getServiceAreas and
 * getSchedule. Their schemas are the API contract's (@blockpilot/shared/api/schemas); the OpenAPI
 * document is generated from them.
 */
import type { FastifyInstance } from 'fastify';
import { challengeSessionSchema, connectAccountBody, getServiceAreasBody, scheduledBlockSchema, serviceAreaSchema } from '@blockpilot/shared/api/schemas';
import type { AppContext } from '../../context.js';
import { translate } from '../../domain/translate.js';
import { contractRoutes } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { bearerAuth, errorEnvelope, nullData, responses } from '../../http/schemas.js';
import { currentUser } from '../auth/authenticate.js';
import { scheduleOf } from './schedule.js';
import { connectAccount } from './connect.js';
import { serviceAreasOf } from './serviceAreas.js';

const tags = ['user'];

const challengeFailure = {
  ...errorEnvelope,
  description: 'No URL yet: the challenge to open (challenge_session), or errors.challenge_response for a wrong URL or a refused sign-in',
  properties: {
    ...errorEnvelope.properties,
    challenge_session: challengeSessionSchema,
  },
} as const;

export async function platformRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = contractRoutes(fastify);
  const signedIn = { onRequest: app.requireUser };

  app.post(
    '/api/user/connectAccount',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Connect the driver's platform account: first call gets the challenge, second sends the pasted URL",
        security: bearerAuth,
        body: connectAccountBody,
        response: { ...responses(nullData, [401, 503]), 400: challengeFailure },
      },
    },
    async (request) => {
      await connectAccount(ctx, currentUser(request).row, request.body);
      return ok(null, { alert: translate(request.language, 'api.alert.platformConnected') });
    },
  );

  app.post(
    '/api/user/getServiceAreas',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The service areas of the driver's platform region (cached for a day)",
        security: bearerAuth,
        body: getServiceAreasBody,
        response: responses({ type: 'array', items: serviceAreaSchema }, [401, 409, 503]),
      },
    },
    async (request) => ok(await serviceAreasOf(ctx, currentUser(request).row)),
  );

  app.get(
    '/api/user/getSchedule',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The driver's booked upcoming blocks, from the platform (a read under 8 s old, 45 s while searching, is reused)",
        security: bearerAuth,
        response: responses({ type: 'array', items: scheduledBlockSchema }, [401, 409, 429, 503]),
      },
    },
    async (request) => ok(await scheduleOf(ctx, currentUser(request).row)),
  );
}
