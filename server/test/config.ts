/**
 * A server configuration for tests: in-memory database, no simulator, front end from a folder,
 * dev mode on (the tests read the outbox and use the dev checkout; a test of a server without dev
 * tools sets DEV_MODE=off), fixed platform-token, link-signing and VAPID keys (nothing written to disk), and the platform's three hosts of every
 * region at `platformUrl` when a test runs a simulator.
 */
import { loadConfig } from '../src/config.js';
import type { ServerConfig } from '../src/config.js';

/** base64 of 32 bytes: the tests' platform-token key. */
export const TEST_TOKEN_KEY = Buffer.alloc(32, 7).toString('base64');
/** base64 of 32 bytes: the tests' link-signing key. */
export const TEST_LINK_SIGNING_KEY = Buffer.alloc(32, 9).toString('base64');

/** base64url of 32 bytes: the tests' VAPID private key (a valid P-256 scalar). */
export const TEST_VAPID_PRIVATE_KEY = Buffer.alloc(32, 5).toString('base64url');

/** PLATFORM_<REGION>_*_URL for every region, all at one simulator. */
export function simulatorEnv(platformUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const region of ['NA', 'EU', 'FE']) {
    for (const role of ['SIGN_IN', 'TOKEN', 'WORK']) env[`PLATFORM_${region}_${role}_URL`] = platformUrl;
  }
  return env;
}

export function testConfig(env: NodeJS.ProcessEnv = {}): ServerConfig {
  return loadConfig({
    LOG_LEVEL: 'silent',
    PLATFORM_SIM: 'off',
    DATA_DIR: '/nonexistent',
    PLATFORM_TOKEN_KEY: TEST_TOKEN_KEY,
    LINK_SIGNING_KEY: TEST_LINK_SIGNING_KEY,
    VAPID_PRIVATE_KEY: TEST_VAPID_PRIVATE_KEY,
    DEV_MODE: 'on',
    ...env,
  });
}
