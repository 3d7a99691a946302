/** Starting and stopping the product's processes for the browser tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, statSync } from 'node:fs';
import path from 'node:path';
import { ARTIFACTS_DIR, WORKSPACE } from './paths';
import { waitForHttp } from './ports';

/** Starts a Node script of the workspace with its output kept in the artifacts folder. */
export function startNode(name: string, script: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const log = createWriteStream(path.join(ARTIFACTS_DIR, `${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(WORKSPACE, script), ...args], {
    cwd: WORKSPACE,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

/** Serves one remote's build on its own port, as a separately deployed remote. */
export async function startRemoteHost(name: string, dir: string, port: number): Promise<ChildProcess> {
  const child = startNode(name, 'server/dist/cli/serveRemote.js', ['--dir', dir, '--port', String(port)]);
  await waitForHttp(`http://127.0.0.1:${port}/mf-manifest.json`);
  return child;
}

export function stop(pid: number): void {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops a process and waits until it has exited and its log file has stopped growing (its
 * output reaches the file through this process's pipes, a moment after it exits).
 */
export async function stopAndWait(pid: number, logFile: string, timeoutMs = 15_000): Promise<void> {
  stop(pid);
  const deadline = Date.now() + timeoutMs;
  while (running(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (running(pid)) process.kill(pid, 'SIGKILL');
  const size = () => {
    try {
      return statSync(logFile).size;
    } catch {
      return 0;
    }
  };
  for (let last = -1; size() !== last;) {
    last = size();
    await new Promise((r) => setTimeout(r, 200));
  }
}
