import { readFileSync, rmSync } from 'node:fs';
import { STATE_FILE } from './support/paths';
import { stop } from './support/processes';

export default async function globalTeardown(): Promise<void> {
  const state = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as { serverPid: number; hostPids: number[]; extraPids?: number[] };
  for (const pid of [state.serverPid, ...state.hostPids, ...(state.extraPids ?? [])]) stop(pid);
  rmSync(STATE_FILE, { force: true });
}
