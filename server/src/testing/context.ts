/** The features' context on a suite's database, for tests that call services directly. */
import pino from 'pino';
import type { Adapters } from '../adapters/index.js';
import { createContext, type AppContext } from '../context.js';
import type { Database } from '../types.js';
import { TestClock } from './clock.js';
import { testConfig } from './config.js';

export function testContext(database: Database, { clock = new TestClock(), adapters }: { clock?: TestClock; adapters?: Partial<Adapters> } = {}): AppContext & { clock: TestClock } {
  const config = testConfig({ SCRYPT_LOG2_COST: '10', PUBLIC_URL: 'https://blockpilot.test' });
  return { ...createContext(config, database.db, { clock, log: pino({ level: 'silent' }), adapters }), clock };
}
