/**
 * GET /api/health: is the process up and can it reach its database. The server answers with this
 * schema (docs/ARCHITECTURE.md section 4.1, "The contract").
 */
import type { FromContract } from './fields.js';

export const healthSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['status', 'database', 'version'],
  properties: {
    status: { type: 'string', description: '`ok` once the database answered' },
    database: { type: 'string', description: 'The database kind (postgres or pglite)' },
    version: { type: 'string', description: "The server's version" },
  },
} as const;

export type Health = FromContract<typeof healthSchema>;
