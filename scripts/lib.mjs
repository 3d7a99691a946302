// Helpers for the root scripts. Plain Node (no dependencies): these run before anything is installed.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The pnpm the workspace pins (package.json "packageManager"), run through npx so only npm is needed. */
export const PNPM = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).packageManager;

/**
 * The folders whose imports dependency-cruiser checks (every package's source, and the benchmarks):
 * `npm run lint`, `npm test` and `npm run graph` all read this one list.
 */
export const IMPORT_GRAPH_ROOTS = [
  'server/src',
  'shared/src',
  'shell/src',
  'mf-landing/src',
  'mf-auth/src',
  'mf-dashboard/src',
  'mf-account/src',
  'mf-admin/src',
  'platform-sim/src',
  'bench',
];

let stepStartedAt = 0;
let stepName = '';
/** Each finished step's first words and seconds, for the summary a CI log's tail shows. */
export const stepSeconds = [];

/** Prints a step's heading, with how long the one before it took (where the CI minutes go). */
export function step(message) {
  finishSteps();
  stepStartedAt = Date.now();
  stepName = message.split(/[:(]/)[0].trim();
  console.log(`\n\x1b[1m▸ ${message}\x1b[0m`);
}

/** Prints how long the last step took. */
export function finishSteps() {
  if (!stepStartedAt) return;
  const seconds = Math.round((Date.now() - stepStartedAt) / 1000);
  console.log(`(that step took ${seconds} s)`);
  stepSeconds.push({ name: stepName, seconds });
  stepStartedAt = 0;
}

/**
 * Runs a command in the workspace. Resolves with its exit code and, when `capture` is set, its
 * output (which is still echoed).
 */
export function run(command, args, { env = {}, capture = false, quiet = false, cwd = ROOT } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      shell: false,
    });
    let output = '';
    if (capture) {
      // quiet: kept for the caller only (it says what mattered itself).
      child.stdout.on('data', (d) => (quiet || process.stdout.write(d), (output += d)));
      child.stderr.on('data', (d) => (quiet || process.stderr.write(d), (output += d)));
    }
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/**
 * Starts a command that runs beside the next steps: its output is kept, not echoed (it would be
 * interleaved with theirs), and `done` resolves with its exit code, output and seconds taken. It
 * runs in a process group of its own, which `stop` ends whole (npx, pnpm and every test process
 * under them) if this script exits first.
 */
export function runInBackground(command, args, { env = {}, cwd = ROOT } = {}) {
  const started = Date.now();
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const done = new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output, seconds: Math.round((Date.now() - started) / 1000) }));
  });
  const stop = () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  return { done, stop };
}

export async function runOrExit(command, args, options) {
  const { code } = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} failed (exit ${code})`);
    process.exit(code);
  }
}

export function pnpm(args, options) {
  return runOrExit('npx', ['--yes', PNPM, ...args], { ...options, env: { npm_config_update_notifier: 'false', ...options?.env } });
}

/** Installs exactly the locked dependencies. */
export function install() {
  step('Installing dependencies (pnpm, locked versions)');
  return pnpm(['install', '--frozen-lockfile', '--config.confirmModulesPurge=false']);
}

/** Builds every package: shared types, simulator and server (tsc), then the front end (webpack). */
export function buildAll() {
  step('Building the workspace');
  return pnpm(['-r', '--workspace-concurrency=2', 'run', 'build']);
}

/** Is something listening on host:port? */
export function reachable(port, host = '127.0.0.1', timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok) => (socket.destroy(), resolve(ok));
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
