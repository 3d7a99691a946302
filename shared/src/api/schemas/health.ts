/**
 * GET /api/health: is the process up and can it reach its database. The server answers with this
 * schema (docs/ARCHITECTURE.md section 4.1, "The contract").
 */
import { closedObject, type FromContract } from './fields.js';

export const healthSchema = closedObject(['status', 'database', 'version'], {
  status: { type: 'string', description: '`ok` once the database answered' },
  database: { type: 'string', description: 'The database kind (postgres or pglite)' },
  version: { type: 'string', description: "The server's version" },
});

export type Health = FromContract<typeof healthSchema>;
