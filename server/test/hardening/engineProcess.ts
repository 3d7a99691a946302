/**
 * Runs the search engine in a child process (engineWorker.ts) so the fault suite can kill it
 * with SIGKILL, as an operator's crash or an out-of-memory kill would, and start another.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { EngineWorkerMessage, EngineWorkerSettings } from './engineWorker.js';

const WORKER = fileURLToPath(new URL('./engineWorker.ts', import.meta.url));

/** A running engine process. */
export interface EngineProcess {
  child: ChildProcess;
  /** How many searches it resumed at start. */
  resumed: number;
  /** SIGKILL: no cleanup, no flush; resolves once the process is gone. */
  kill(): Promise<void>;
  /** Stops its searches and closes its database cleanly. */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

function nextMessage(child: ChildProcess, type: EngineWorkerMessage['type']): Promise<EngineWorkerMessage> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: EngineWorkerMessage) => {
      if (message.type !== type) return;
      child.off('exit', onExit);
      child.off('message', onMessage);
      resolve(message);
    };
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`the engine process exited (${code}) before saying ${type}`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

export async function startEngineProcess(settings: EngineWorkerSettings): Promise<EngineProcess> {
  const child = fork(WORKER, {
    execArgv: ['--conditions=@blockpilot/source', '--import', 'tsx'],
    env: { ...process.env, BLOCKPILOT_ENGINE_WORKER: JSON.stringify(settings) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = (await nextMessage(child, 'ready')) as Extract<EngineWorkerMessage, { type: 'ready' }>;
  return {
    child,
    resumed: ready.resumed,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      const stopped = nextMessage(child, 'stopped');
      child.send({ type: 'stop' });
      await stopped;
      await exited(child);
    },
  };
}
