/** The features' context on a suite's database, for tests that call services directly. */
import pino from 'pino';
import type { Adapters } from '../src/adapters/index.js';
import { createContext, type AppContext, type EngineOptions, type ScaleOut } from '../src/context.js';
import type { Database } from '../src/types.js';
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
}

export function testContext(database: Database, { clock = new TestClock(), adapters, env = {}, engine, scaleOut }: TestContextOptions = {}): AppContext & { clock: TestClock } {
  const config = testConfig({ SCRYPT_LOG2_COST: '10', PUBLIC_URL: 'https://blockpilot.test', ...env });
  return { ...createContext(config, database.db, { clock, log: pino({ level: 'silent' }), adapters, engine, scaleOut }), clock };
}
