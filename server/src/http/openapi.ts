/**
 * The OpenAPI document, generated from the route schemas (@fastify/swagger), with Swagger UI at
 * /api/docs and the JSON at /api/docs/json. Registered before the routes so it sees them all.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'BlockPilot API',
        version,
        description: 'Every answer is the envelope { data?, alert?, redirect?, errors? }: alert is a message to show, redirect a path to go to, errors a message per form field.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'The accessToken of login/register' },
          resetToken: { type: 'http', scheme: 'bearer', description: 'The token of an e-mailed reset link (only /api/auth/changePassword takes it)' },
          deployToken: { type: 'http', scheme: 'bearer', description: 'A deploy token: RELEASE_TOKEN (every remote) or one minted for one remote (docs/RELEASES.md)' },
          metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN (only /metrics takes it)' },
        },
      },
      tags: [
        { name: 'auth', description: 'Accounts and sessions' },
        { name: 'user', description: 'The signed-in driver' },
        { name: 'store', description: 'Credit, memberships and payments' },
        { name: 'support', description: 'Help, knowledge base, promotional e-mail' },
        { name: 'operations', description: 'Health and metrics' },
        { name: 'releases', description: 'Release registry: publish, promote, canary and roll back remotes (docs/RELEASES.md)' },
        { name: 'development', description: 'Embedded-mode tools' },
      ],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
