/**
 * Starts the built product for the browser tests: the server on a fresh data folder (PGlite,
 * embedded simulator, whose URL the server tells at GET /dev/platform), mf_auth served from its own host (so a test can stop it), and two more
 * hosts of the mf_landing build: one on the preview allow-list, one not. The server logs at
 * trace level into the artifacts, so globalTeardown can scan everything it wrote for the secrets
 * the run used.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ARTIFACTS_DIR, STATE_FILE, WORKSPACE } from './support/paths';
import { E2E_ADMIN_EMAIL } from './support/accounts';
import { freePort, waitForHttp } from './support/ports';
import { embeddedSimulatorUrl } from './support/platform';
import { startNode, startRemoteHost } from './support/processes';
import type { RunningProduct } from './types';

export default async function globalSetup(): Promise<void> {
  for (const built of ['server/dist/main.js', 'shell/dist/index.html', 'mf-auth/dist/mf-manifest.json', 'mf-landing/dist/mf-manifest.json']) {
    if (!existsSync(path.join(WORKSPACE, built))) throw new Error(`${built} is missing: build the workspace first (npm test does)`);
  }
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  // The logs of this run only: the secret scan must not read (or blame) an earlier run's.
  for (const name of readdirSync(ARTIFACTS_DIR)) if (name.endsWith('.log')) rmSync(path.join(ARTIFACTS_DIR, name));
  const runDir = mkdtempSync(path.join(tmpdir(), 'bp-e2e-'));
  const dataDir = path.join(runDir, 'data');
  const [port, authPort, stagingPort, foreignPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const authRemoteUrl = `http://127.0.0.1:${authPort}`;
  const stagingUrl = `http://127.0.0.1:${stagingPort}`;
  const foreignUrl = `http://127.0.0.1:${foreignPort}`;

  const hosts = await Promise.all([
    startRemoteHost('remote-auth', path.join(WORKSPACE, 'mf-auth/dist'), authPort),
    startRemoteHost('staging-host', path.join(WORKSPACE, 'mf-landing/dist'), stagingPort),
    startRemoteHost('foreign-host', path.join(WORKSPACE, 'mf-landing/dist'), foreignPort),
  ]);

  const server = startNode('server', 'server/dist/main.js', [], {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    // Everything the server can say, so the scan sees whatever a handler or library might log.
    LOG_LEVEL: 'trace',
    REMOTE_MF_AUTH_URL: `${authRemoteUrl}/mf-manifest.json`,
    REMOTE_PREVIEW_ORIGINS: stagingUrl,
    // The browser tests read the outbox, complete dev checkouts and drive the simulator.
    DEV_MODE: 'on',
    // Every test driver signs up from this one machine's address.
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000',
    VERIFICATIONS_PER_ADDRESS_PER_15_MINUTES: '1000',
    ADMIN_EMAILS: E2E_ADMIN_EMAIL,
    // The push tests' push service runs on this machine (tests/push.e2e.ts); the real ones stay listed.
    WEB_PUSH_ENDPOINT_HOSTS: 'fcm.googleapis.com,updates.push.services.mozilla.com,.notify.windows.com,.push.apple.com,127.0.0.1',
  });
  await waitForHttp(`http://127.0.0.1:${port}/api/health`, 60_000);
  const platformSimulatorUrl = await embeddedSimulatorUrl(`http://127.0.0.1:${port}`);

  const state: RunningProduct & { hostPids: number[] } = {
    baseUrl: `http://127.0.0.1:${port}`,
    authRemoteUrl,
    authRemotePort: authPort,
    stagingUrl,
    foreignUrl,
    platformSimulatorUrl,
    serverPid: server.pid!,
    artifactsDir: ARTIFACTS_DIR,
    secretsFile: path.join(runDir, 'secrets.jsonl'),
    runDir,
    hostPids: hosts.map((h) => h.pid!),
  };
  writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
}
