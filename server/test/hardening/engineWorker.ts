/**
 * A search-engine process for the fault suite (test-only): opens the database, resumes every
 * driver whose search was running (as a restarted server does), says `ready` over IPC, and runs
 * until told to stop or killed. Its platform, database and engine timings come from the
 * environment the suite spawns it with (engineProcess.ts).
 */
import pino from 'pino';
import { systemClock } from '../../src/clock.js';
import { createContext, type EngineOptions } from '../../src/context.js';
import { openDatabase } from '../../src/db/index.js';
import { testConfig } from '../config.js';
import type { DatabaseConfig } from '../../src/db/types.js';

/** What the suite tells the worker, as JSON in BLOCKPILOT_ENGINE_WORKER. */
export interface EngineWorkerSettings {
  database: DatabaseConfig;
  env: NodeJS.ProcessEnv;
  timings: EngineOptions['timings'];
}

/** What the worker tells the suite. */
export type EngineWorkerMessage = { type: 'ready'; resumed: number } | { type: 'stopped' };

const settings = JSON.parse(process.env.BLOCKPILOT_ENGINE_WORKER ?? 'null') as EngineWorkerSettings | null;
if (!settings || !process.send) throw new Error('engineWorker.ts runs only as a child of the fault suite');
const send = (message: EngineWorkerMessage) => process.send!(message);

const database = await openDatabase(settings.database);
const config = testConfig({ SCRYPT_LOG2_COST: '10', ...settings.env });
const ctx = createContext(config, database.db, { clock: systemClock, log: pino({ level: 'silent' }), engine: { timings: settings.timings, random: () => 1 } });

process.on('message', (message: { type?: string }) => {
  if (message.type !== 'stop') return;
  void (async () => {
    await ctx.search.close();
    await ctx.background.drain();
    await ctx.platform.close();
    await database.close();
    send({ type: 'stopped' });
    process.disconnect();
  })();
});

send({ type: 'ready', resumed: await ctx.search.resumeAll() });
