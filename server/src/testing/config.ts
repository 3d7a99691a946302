/** A server configuration for tests: in-memory database, no simulator, front end from a folder. */
import { loadConfig } from '../config.js';
import type { ServerConfig } from '../types.js';

export function testConfig(env: NodeJS.ProcessEnv = {}): ServerConfig {
  return loadConfig({ LOG_LEVEL: 'silent', PLATFORM_SIM: 'off', DATA_DIR: '/nonexistent', ...env });
}
