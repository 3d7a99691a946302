/** Starting the built product for a benchmark, on a free port and a fresh data folder. */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WORKSPACE } from './report.js';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A running product: its URL, how long `/` took to answer after spawning, and how to stop it. */
export interface RunningProduct {
  url: string;
  startMs: number;
  stop(): void;
}

export async function startProduct(env: NodeJS.ProcessEnv = {}): Promise<RunningProduct> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('node', ['server/dist/main.js'], {
    cwd: WORKSPACE,
    env: { ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bp-bench-')), LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      if ((await fetch(`${url}/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    await new Promise((r) => setTimeout(r, 20));
  }
  return { url, startMs: performance.now() - started, stop: () => child.kill('SIGTERM') };
}

/** Registers a driver through the API and returns its access token. */
export async function registerDriver(url: string, emailAddress = `bench-${Date.now()}@example.com`): Promise<string> {
  const password = 'correct horse battery staple';
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ country_code: 'US', emailAddress, phoneNumber: '+15555550100', password, confirmPassword: password }),
  });
  const body = (await res.json()) as { data?: { accessToken: string } };
  if (!body.data) throw new Error(`registration failed: ${res.status}`);
  return body.data.accessToken;
}

/** The operator a benchmark signs in as: start the product with it in ADMIN_EMAILS and DEV_MODE on (see {@link registerOperator}). */
export const BENCH_OPERATOR_EMAIL = 'operator@bench.example.com';

/**
 * Registers {@link BENCH_OPERATOR_EMAIL} and opens the verification link the dev outbox holds: an
 * address in ADMIN_EMAILS is an operator once verified (docs/OPERATIONS.md "Roles"). Its access token.
 */
export async function registerOperator(url: string): Promise<string> {
  const token = await registerDriver(url, BENCH_OPERATOR_EMAIL);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(`${url}/dev/outbox?to=${encodeURIComponent(BENCH_OPERATOR_EMAIL)}`);
    if (!res.ok) throw new Error(`reading the dev outbox failed (${res.status}): is DEV_MODE on?`);
    const outbox = (await res.json()) as { data: Array<{ text: string }> };
    const link = outbox.data.map((mail) => /https?:\/\/\S+\/verifyEmail\/\S+/.exec(mail.text)?.[0]).find(Boolean);
    if (link) {
      // The link names the public URL; the product here answers on `url`.
      const opened = await fetch(`${url}${new URL(link).pathname}`, { redirect: 'manual' });
      if (opened.status !== 303) throw new Error(`the operator's verification link answered ${opened.status}`);
      return token;
    }
    if (Date.now() > deadline) throw new Error('no verification e-mail reached the operator');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
