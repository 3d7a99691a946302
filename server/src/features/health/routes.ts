/** GET /api/health: is the process up and can it reach its database. */
import { HEALTH_PATH } from '@blockpilot/shared/constants';
import { healthSchema } from '@blockpilot/shared/api/schemas';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../../http/schemas.js';
import type { Database } from '../../db/types.js';

export async function healthRoutes(app: FastifyInstance, { database, version }: { database: Database; version: string }): Promise<void> {
  app.get(
    HEALTH_PATH,
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness and database reachability',
        response: { 200: envelopeOf(healthSchema) },
      },
    },
    async () => {
      await sql`select 1`.execute(database.db);
      return ok({ status: 'ok', database: database.kind, version });
    },
  );
}
