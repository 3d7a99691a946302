/**
 * Starts the whole product on one process: database (migrated), the platform simulator when
 * embedded (every region pointed at it), and the HTTP server, which resumes every search that was
 * running. Prints the URLs to open. Stops cleanly on SIGINT/SIGTERM (searches keep their
 * `searching` flag, so the next start resumes them).
 */
import { readFileSync } from 'node:fs';
import { createSimulator, type Simulator } from '@blockpilot/platform-sim';
import { withEmbeddedSimulator } from './adapters/platform/config.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import type { ServerConfig } from './types.js';

const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Starts the simulator on PLATFORM_SIM_PORT (0: any free port) and points every region at it. */
async function startEmbeddedPlatform(config: ServerConfig): Promise<{ config: ServerConfig; simulator: Simulator | null }> {
  if (!config.platformSim.enabled) return { config, simulator: null };
  const simulator = createSimulator({ seed: config.platformSim.seed });
  const url = await simulator.listen({ port: config.platformSim.port, host: '127.0.0.1' });
  return { config: { ...config, platform: withEmbeddedSimulator(config.platform, url) }, simulator };
}

async function main(): Promise<void> {
  const { config, simulator } = await startEmbeddedPlatform(loadConfig());
  const database = await openDatabase(config.database);
  await database.db.insertInto('boots').values({ version }).execute();
  const app = await buildApp({ config, database, version });

  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await simulator?.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.database.kind === 'pglite' ? `PGlite in ${config.database.dataDir}` : 'PostgreSQL';
  const platform = simulator ? `the embedded simulator at ${simulator.url} (seed ${config.platformSim.seed})` : 'the real platform';
  console.log(`\n  BlockPilot is running: open ${config.publicUrl}\n  Database: ${where}\n  Delivery platform: ${platform}\n`);
}

main().catch((error: unknown) => {
  console.error('BlockPilot failed to start:', error);
  process.exit(1);
});
