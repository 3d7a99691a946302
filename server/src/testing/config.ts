/**
 * A server configuration for tests: in-memory database, no simulator, front end from a folder, a
 * fixed platform-token key (nothing written to disk), and the platform's three hosts of every
 * region at `platformUrl` when a test runs a simulator.
 */
import { loadConfig } from '../config.js';
import type { ServerConfig } from '../types.js';

/** base64 of 32 bytes: the tests' platform-token key. */
export const TEST_TOKEN_KEY = Buffer.alloc(32, 7).toString('base64');

/** PLATFORM_<REGION>_*_URL for every region, all at one simulator. */
export function simulatorEnv(platformUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const region of ['NA', 'EU', 'FE']) {
    for (const role of ['SIGN_IN', 'TOKEN', 'WORK']) env[`PLATFORM_${region}_${role}_URL`] = platformUrl;
  }
  return env;
}

export function testConfig(env: NodeJS.ProcessEnv = {}): ServerConfig {
  return loadConfig({ LOG_LEVEL: 'silent', PLATFORM_SIM: 'off', DATA_DIR: '/nonexistent', PLATFORM_TOKEN_KEY: TEST_TOKEN_KEY, ...env });
}
