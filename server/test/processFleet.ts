/**
 * Server processes for the multi-process suites (src/main.ts in its roles, scaling/serverProcesses.ts)
 * around what they share: a simulator, a PostgreSQL schema of their own (migrated here, once,
 * before any process opens it) and a Redis prefix under the suite's. Closing stops every process
 * (SIGTERM, then SIGKILL) and drops the schema.
 */
import type { Simulator, SimulatorOptions } from '@blockpilot/platform-sim';
import { openDatabase } from '../src/db/index.js';
import { spawnServer, stopServer, type ServerProcess } from '../src/scaling/serverProcesses.js';
import type { Database } from '../src/db/types.js';
import { simulatorEnv, TEST_LINK_SIGNING_KEY, TEST_TOKEN_KEY, TEST_VAPID_PRIVATE_KEY } from './config.js';
import { isolatedPostgres } from './databases.js';
import { startSimulator } from './platform.js';
import type { TestRedis } from './redis.js';

export interface ProcessFleet {
  sim: Simulator;
  simulatorUrl: string;
  database: Database;
  databaseUrl: string;
  /** The Redis prefix every process uses. */
  prefix: string;
  /** The environment every process starts with. */
  env: NodeJS.ProcessEnv;
  servers: ServerProcess[];
  /** Starts a process in `role` named `id` (its WORKER_ID and x-sim-client). */
  spawn(id: string, role: 'api' | 'worker'): Promise<ServerProcess>;
  close(): Promise<void>;
}

export async function openProcessFleet(redis: TestRedis, name: string, simulator: SimulatorOptions = {}): Promise<ProcessFleet> {
  const { sim, url: simulatorUrl } = await startSimulator(simulator);
  const postgres = await isolatedPostgres();
  const database = await openDatabase(postgres.config);
  const databaseUrl = postgres.config.kind === 'postgres' ? postgres.config.url : '';
  const prefix = `${redis.prefix}:${name}`;
  const env: NodeJS.ProcessEnv = {
    ...simulatorEnv(simulatorUrl),
    PLATFORM_SIM: 'off',
    PLATFORM_TOKEN_KEY: TEST_TOKEN_KEY,
    LINK_SIGNING_KEY: TEST_LINK_SIGNING_KEY,
    VAPID_PRIVATE_KEY: TEST_VAPID_PRIVATE_KEY,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    REDIS_PREFIX: prefix,
    SCRYPT_LOG2_COST: '10',
    DATA_DIR: '/nonexistent',
  };
  const servers: ServerProcess[] = [];
  return {
    sim,
    simulatorUrl,
    database,
    databaseUrl,
    prefix,
    env,
    servers,
    async spawn(id, role) {
      const server = await spawnServer(id, role, { ...env, PLATFORM_SIM_CLIENT: id });
      servers.push(server);
      return server;
    },
    async close() {
      await Promise.all(servers.map((s) => stopServer(s)));
      await sim.close();
      await database.close();
      await postgres.drop();
    },
  };
}
