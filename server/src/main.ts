/**
 * Starts the whole product on one process: database (migrated), the platform simulator when
 * embedded, and the HTTP server. Prints the URL to open. Stops cleanly on SIGINT/SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { createSimulator, type Simulator } from '@blockpilot/platform-sim';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';

const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** The platform simulator started with the product (PLATFORM_SIM=embedded, the default). */
async function startEmbeddedSimulator(config: ReturnType<typeof loadConfig>): Promise<Simulator | null> {
  if (!config.platformSim.enabled) return null;
  const simulator = createSimulator({ seed: config.platformSim.seed });
  await simulator.listen({ port: config.platformSim.port, host: '127.0.0.1' });
  return simulator;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const simulator = await startEmbeddedSimulator(config);
  const database = await openDatabase(config.database);
  await database.db.insertInto('boots').values({ version }).execute();
  const app = await buildApp({ config, database, version });

  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    await simulator?.close();
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
