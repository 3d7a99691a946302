/** The features' context on a suite's database, for tests that call services directly. */
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Adapters } from '../src/adapters/index.js';
import { createContext, type AppContext, type EngineOptions, type ScaleOut } from '../src/context.js';
import type { Database } from '../src/db/types.js';
import { TestClock } from './clock.js';
import { testConfig } from './config.js';

/** How a test's context differs: its clock, adapters, extra environment and engine options. */
export interface TestContextOptions {
  clock?: TestClock;
  adapters?: Partial<Adapters>;
  env?: NodeJS.ProcessEnv;
  engine?: EngineOptions;
  /** Required when `env` sets REDIS_URL: the scale-out module (a Redis test imports `scaling/index.js`). */
  scaleOut?: ScaleOut;
  /** Where the context logs; silent by default (a test that reads what the engine logged passes its own). */
  log?: FastifyBaseLogger;
}

export function testContext(
  database: Database,
  { clock = new TestClock(), adapters, env = {}, engine, scaleOut, log = pino({ level: 'silent' }) }: TestContextOptions = {},
): AppContext & { clock: TestClock } {
  const config = testConfig({ SCRYPT_LOG2_COST: '10', PUBLIC_URL: 'https://blockpilot.test', ...env });
  return { ...createContext(config, database.db, { clock, log, adapters, engine, scaleOut }), clock };
}

/**
 * Ends a context's searches and waits for its background work, then closes its platform
 * connections: what every test that ran the engine does last (the database stays the suite's).
 */
export async function closeSearchContext(ctx: AppContext): Promise<void> {
  await ctx.search.close();
  await ctx.background.drain();
  await ctx.platform.close();
}
