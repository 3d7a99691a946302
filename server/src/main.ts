/**
 * Starts the product. By default the whole product on one process: database (migrated), the
 * platform simulator when embedded (every region pointed at it), and the HTTP server, which resumes
 * every search that was running. Prints the URLs to open. With REDIS_URL, SERVER_ROLE picks the
 * part this process plays: `api` (HTTP; searches are queued for the workers), `worker` (searches
 * only, no HTTP) or `all` (both). Stops cleanly on SIGINT/SIGTERM: a worker hands its drivers to
 * the other workers first; searches keep their `searching` flag, so the next start resumes them.
 */
import { readFileSync } from 'node:fs';
import { createSimulator, type Simulator } from '@blockpilot/platform-sim';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { withEmbeddedSimulator } from './adapters/platform/config.js';
import { buildApp } from './app.js';
import { systemClock } from './clock.js';
import { loadConfig } from './config.js';
import { loadScaleOut } from './context.js';
import { openDatabase } from './db/index.js';
import { loggerOptions } from './http/logging.js';
import { scheduleOfferLogRetention } from './scaling/offerLogRetention.js';
import type { WorkerProcess } from './scaling/workerProcess.js';
import type { ServerConfig } from './config.js';

const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Starts the simulator on PLATFORM_SIM_PORT (0: any free port) and points every region at it. */
async function startEmbeddedPlatform(config: ServerConfig): Promise<{ config: ServerConfig; simulator: Simulator | null }> {
  if (!config.platformSim.enabled) return { config, simulator: null };
  const simulator = createSimulator({ seed: config.platformSim.seed });
  const url = await simulator.listen({ port: config.platformSim.port, host: '127.0.0.1' });
  return { config: { ...config, platform: withEmbeddedSimulator(config.platform, url) }, simulator };
}

/** A search worker's log, in the format the API's would have (pino takes the stream apart from its options). */
function workerLog(config: ServerConfig): FastifyBaseLogger {
  const { stream, ...options } = loggerOptions(config.logLevel, config.logFormat) as pino.LoggerOptions & { stream?: pino.DestinationStream };
  return pino(options, stream) as unknown as FastifyBaseLogger;
}

async function main(): Promise<void> {
  const { config, simulator } = await startEmbeddedPlatform(loadConfig());
  const { role, redisUrl, workerId } = config.scaling;
  const database = await openDatabase(config.database);
  await database.db.insertInto('boots').values({ version }).execute();
  const scaleOut = await loadScaleOut(config);
  const app = role === 'worker' ? null : await buildApp({ config, database, version });
  const log: FastifyBaseLogger = app?.log ?? workerLog(config);
  let worker: WorkerProcess | null = null;

  const stop = async (signal: string) => {
    log.info({ signal }, 'shutting down');
    // The worker first: its drivers go to the other workers while this process still serves.
    await worker?.close();
    await app?.close();
    await simulator?.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  if (scaleOut && role !== 'api') worker = await scaleOut.startSearchWorker(config, database.db, { clock: systemClock, log });
  // The workers prune the log when there are workers; the single process prunes its own.
  if (!redisUrl) scheduleOfferLogRetention({ db: database.db, retentionDays: config.scaling.offerLogRetentionDays, now: Date.now, log });
  if (!app) {
    console.log(`\n  BlockPilot search worker ${workerId} is running (capacity ${config.scaling.workerCapacity} drivers)\n`);
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  const where = config.database.kind === 'pglite' ? `PGlite in ${config.database.dataDir}` : 'PostgreSQL';
  const platform = simulator ? `the embedded simulator at ${simulator.url} (seed ${config.platformSim.seed})` : 'the real platform';
  const searches = redisUrl ? (worker ? `in this process and the other workers (Redis, role ${role})` : 'in the search workers (Redis, role api)') : 'in this process';
  const devTools = config.devMode
    ? 'Dev mode is ON (DEV_MODE=on): the e-mail outbox, dev checkout, recorded messages and simulator pages answer a browser on this machine at http://localhost only. Never expose it.'
    : 'Dev mode is off: no dev tools.';
  console.log(`\n  BlockPilot is running: open ${config.publicUrl}\n  Database: ${where}\n  Delivery platform: ${platform}\n  Searches run ${searches}\n  ${devTools}\n`);
}

main().catch((error: unknown) => {
  console.error('BlockPilot failed to start:', error);
  process.exit(1);
});
