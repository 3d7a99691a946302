/**
 * One search worker for bench/scaling.ts, in a child process: the server's own worker
 * (startSearchWorker, configured from the environment like `SERVER_ROLE=worker`) with the
 * engine's poll-lag observer, answering the parent over IPC: `reset` (start a measurement),
 * `read` (the lags since, and memory after a forced GC), `close` (hand over and exit).
 */
import { createRequire } from 'node:module';
import { loadConfig, openDatabase, startSearchWorker, systemClock, type SearchWorkerStats, type createContext } from '@blockpilot/server';

/** A request from the parent. */
export type WorkerRequest = { type: 'reset' } | { type: 'read' } | { type: 'close' };

/** The answer to `read`. */
export interface WorkerReading {
  type: 'reading';
  lags: number[];
  drivers: number;
  /** The worker's counters since the last `reset`. */
  events: SearchWorkerStats;
  heapUsed: number;
  rss: number;
}

const fromServer = createRequire(new URL('../../server/package.json', import.meta.url));
const pino = fromServer('pino') as (options: { level: string }) => Parameters<typeof createContext>[2]['log'];

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await openDatabase(config.database);
  let lags: number[] = [];
  let since: SearchWorkerStats | null = null;
  const running = await startSearchWorker(config, database.db, { clock: systemClock, log: pino({ level: 'silent' }), engine: { observePollLag: (lag) => lags.push(lag) } });
  const send = (message: object) => process.send!(message);
  process.on('message', (request: WorkerRequest) => {
    if (request.type === 'reset') {
      lags = [];
      since = running.worker.stats;
      send({ type: 'reset' });
    } else if (request.type === 'read') {
      (globalThis as { gc?: () => void }).gc?.();
      const memory = process.memoryUsage();
      const now = running.worker.stats;
      const events = Object.fromEntries(Object.entries(now).map(([k, v]) => [k, v - (since?.[k as keyof SearchWorkerStats] ?? 0)])) as unknown as SearchWorkerStats;
      const reading: WorkerReading = { type: 'reading', lags, drivers: running.worker.size, events, heapUsed: memory.heapUsed, rss: memory.rss };
      send(reading);
    } else if (request.type === 'close') {
      void running.close().then(async () => {
        await database.close();
        send({ type: 'closed' });
        process.exit(0);
      });
    }
  });
  send({ type: 'ready' });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
