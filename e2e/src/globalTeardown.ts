/**
 * Stops what globalSetup and the tests started, then scans every log the run wrote for the
 * secrets it used: a single password, token or platform credential in a log
 * line fails the run. The server is stopped first so its last lines (shutdown) are read too.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { STATE_FILE } from './support/paths';
import { stopAndWait } from './support/processes';
import { scanLogs } from './support/secrets';
import type { RunningProduct } from './types';

export default async function globalTeardown(): Promise<void> {
  const state = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as RunningProduct & { hostPids: number[]; extraPids?: number[] };
  await Promise.all([state.serverPid, ...state.hostPids, ...(state.extraPids ?? [])].map((pid) => stopAndWait(pid, path.join(state.artifactsDir, 'server.log'))));
  rmSync(STATE_FILE, { force: true });

  const scan = scanLogs(state.artifactsDir, state.secretsFile);
  rmSync(state.runDir, { recursive: true, force: true });
  console.log(`\nSecret scan: ${scan.lines} log lines in ${scan.files.length} files, ${scan.secrets} secrets of this run looked for, ${scan.leaks.length} found.`);
  if (scan.leaks.length > 0) {
    const shown = scan.leaks.slice(0, 10).map((leak) => `  ${leak.label} in ${leak.file}: ${leak.line.slice(0, 300)}`);
    throw new Error(`Secrets were written to the logs of this run:\n${shown.join('\n')}`);
  }
}
