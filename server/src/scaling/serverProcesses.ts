/**
 * Server processes for the multi-process test and the scaling benchmark: `src/main.ts` run by
 * Node with tsx, exactly as `npm start` runs the built server, in the role asked for. Each is
 * ready once its log says so (an API: the address it listens on, the OS's choice of port).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A started server process. */
export interface ServerProcess {
  id: string;
  role: 'api' | 'worker';
  child: ChildProcess;
  /** The API's base URL (empty for a worker). */
  url: string;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
  /** Log lines so far (JSON from pino, or text). */
  lines: string[];
}

/** Starts `src/main.ts` with `env` in `role`; resolves once it is ready (rejects if it exits first, or kills it and rejects if it takes over `timeoutMs`). */
export function spawnServer(id: string, role: 'api' | 'worker', env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--conditions=@blockpilot/source', '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, SERVER_ROLE: role, WORKER_ID: id, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: env.LOG_LEVEL ?? 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running behind the failure: nothing else holds it to stop it.
      child.kill('SIGKILL');
      reject(new Error(`${id} was not ready after ${timeoutMs} ms:\n${lines.slice(-20).join('\n')}`));
    }, timeoutMs);
    const onLine = (line: string) => {
      lines.push(line);
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      const ready = role === 'api' ? listening : /search worker started/.test(line) ? [line, ''] : null;
      if (!ready) return;
      clearTimeout(timer);
      resolve({ id, role, child, url: ready[1]!, exited, lines });
    };
    for (const stream of [child.stdout!, child.stderr!]) {
      let rest = '';
      stream.on('data', (chunk: Buffer) => {
        const text = rest + chunk.toString();
        const parts = text.split('\n');
        rest = parts.pop()!;
        parts.forEach(onLine);
      });
    }
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${id} exited (${code}) before it was ready:\n${lines.slice(-20).join('\n')}`));
    });
  });
}

/** Stops a process: SIGTERM (a worker hands its drivers over), SIGKILL if it lingers. */
export async function stopServer(server: ServerProcess, graceMs = 15_000): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), graceMs);
  await server.exited;
  clearTimeout(timer);
}
