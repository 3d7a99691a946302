/**
 * What the release-registry browser tests need around the product (docs/RELEASES.md): a server of
 * their own with a deploy token, a variant build of a remote, and the release CLI as CI runs it.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, writeFileSync } from 'node:fs';
import path from 'node:path';
import { product } from './browser';
import { ARTIFACTS_DIR, STATE_FILE, WORKSPACE } from './paths';
import { freePort, waitForHttp } from './ports';
import { startNode } from './processes';

/** A product server whose release registry the tests may move without disturbing the other suites. */
export interface ReleaseServer {
  baseUrl: string;
  process: ChildProcess;
}

/**
 * Starts the built server on a fresh data folder with `RELEASE_TOKEN` set (the all-remote deploy
 * token). The shared product of globalSetup has no registry token, and its remotes must stay as
 * configured for the other suites, so promotes and rollbacks happen on this one.
 */
export async function startReleaseServer(dataDir: string, releaseToken: string, env: NodeJS.ProcessEnv = {}): Promise<ReleaseServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = startNode('release-server', 'server/dist/main.js', [], {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    // As the shared product: everything is logged, so the secret scan covers the registry's routes too.
    LOG_LEVEL: 'trace',
    RELEASE_TOKEN: releaseToken,
    // Its drivers confirm their address through the outbox, and all sign up from this machine.
    DEV_MODE: 'on',
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000',
    VERIFICATIONS_PER_ADDRESS_PER_15_MINUTES: '1000',
    ...env,
  });
  // A fresh data folder (PGlite's initdb, every migration) while a suite builds its variant and,
  // on CI, the server suite runs beside the browser tests: on two loaded cores that passed 60 s
  // (the server came up after the wait had given up).
  await waitForHttp(`${baseUrl}/api/health`, 180_000);
  return { baseUrl, process: server };
}

/** Has globalTeardown stop these processes too (a suite's own server, a host), even if the suite ends early. */
export function stopAtTeardown(...pids: number[]): void {
  const state = product();
  writeFileSync(STATE_FILE, JSON.stringify({ ...state, extraPids: [...(state.extraPids ?? []), ...pids] }, null, 2));
}

/**
 * Builds mf-landing into `outDir` with one text replaced, through the remote's own webpack config
 * (releaseVariant/webpack.config.ts says how): in its English catalog, or in `text.file` (relative
 * to mf-landing). Resolves when the build is done.
 */
export function buildLandingVariant(outDir: string, text: { from: string; to: string; file?: string }): Promise<void> {
  const log = createWriteStream(path.join(ARTIFACTS_DIR, `release-variant-build-${path.basename(outDir)}.log`));
  const landing = path.join(WORKSPACE, 'mf-landing');
  const child = spawn(
    path.join(landing, 'node_modules/.bin/webpack'),
    [
      '--mode',
      'production',
      '--config',
      path.join(__dirname, 'releaseVariant/webpack.config.ts'),
      '--env',
      `from=${text.from}`,
      '--env',
      `to=${text.to}`,
      ...(text.file ? ['--env', `file=${text.file}`] : []),
    ],
    { cwd: landing, env: { ...process.env, BLOCKPILOT_OUT_DIR: outDir }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the variant build of mf-landing failed (exit ${code}); see artifacts/release-variant-build-${path.basename(outDir)}.log`)),
    );
  });
}

/** What one run of the CLI ended with: its exit code and its `--json` output. */
export interface CliRun<T = Record<string, unknown>> {
  exitCode: number;
  output: T;
}

/**
 * Runs `npm run release -- <args> --json` (the built CLI, as CI does) against `baseUrl`, with
 * `token` as RELEASE_TOKEN (the all-remote token) or, for a team's CI, as RELEASE_DEPLOY_TOKEN.
 */
export function releaseCli<T = Record<string, unknown>>(
  baseUrl: string,
  token: string,
  args: string[],
  tokenVariable: 'RELEASE_TOKEN' | 'RELEASE_DEPLOY_TOKEN' = 'RELEASE_TOKEN',
): Promise<CliRun<T>> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(WORKSPACE, 'server/dist/cli/release.js'), ...args, '--json'],
      { cwd: WORKSPACE, env: { ...process.env, BLOCKPILOT_URL: baseUrl, RELEASE_TOKEN: '', RELEASE_DEPLOY_TOKEN: '', [tokenVariable]: token }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const exitCode = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        try {
          resolve({ exitCode, output: JSON.parse(stdout) as T });
        } catch {
          reject(new Error(`release ${args.join(' ')} printed no JSON (exit ${exitCode}): ${stdout}${stderr}`));
        }
      },
    );
  });
}

/** Runs the release CLI as {@link releaseCli} does, and fails with its output unless it succeeded. */
export async function releaseOrFail<T = Record<string, unknown>>(baseUrl: string, token: string, args: string[]): Promise<T> {
  const run = await releaseCli<T>(baseUrl, token, args);
  if (run.exitCode !== 0) throw new Error(`release ${args.join(' ')} exited ${run.exitCode}: ${JSON.stringify(run.output)}`);
  return run.output;
}
