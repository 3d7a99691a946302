// `npm start`: install, build and start the whole product on embedded defaults (PGlite, the
// platform simulator, the dev checkout, the e-mail outbox) with dev mode on, so their dev tools
// answer this machine's browser. The server prints the URL to open and says dev mode is on.
// Once it answers, the freshly built remotes are published to the release registry and promoted
// on production (docs/RELEASES.md "Quick start"), so the registry is in use from the first start.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAll, install, reachable, ROOT, run, step } from './lib.mjs';

/**
 * Every remote's package folder, from the one list of remotes (shared's REMOTES). Read from the
 * shared package's build, so it is called only after buildAll.
 */
async function remoteFolders() {
  const { REMOTES } = await import(pathToFileURL(path.join(ROOT, 'shared', 'dist', 'constants.js')).href);
  return REMOTES.map((remote) => remote.folder);
}

/** The all-remote deploy token: RELEASE_TOKEN when set, else one kept in the data folder (0600), which the CLI also reads. */
function releaseToken() {
  if (process.env.RELEASE_TOKEN) return process.env.RELEASE_TOKEN;
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, '.data'));
  const file = path.join(dataDir, 'release-token');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const token = randomBytes(32).toString('base64url');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return token;
}

/** Runs the release CLI quietly; its JSON answer (or what it said, when it failed). */
async function releaseCli(env, args) {
  const { code, output } = await run('node', ['server/dist/cli/release.js', ...args, '--json'], { env, capture: true, quiet: true });
  return { ok: code === 0, output };
}

/**
 * One line per remote: its version live on production, or why it was not (the registry's refusal:
 * production then keeps the release it had, or, on a first start, the remote loads from its built folder).
 */
async function publishBuiltRemotes(env, port) {
  for (let attempt = 0; attempt < 120 && !(await reachable(port)); attempt++) await new Promise((resolve) => setTimeout(resolve, 500));
  step('Publishing the built remotes to the release registry and promoting them on production');
  for (const folder of await remoteFolders()) {
    const published = await releaseCli(env, ['publish', folder]);
    const version = published.ok ? JSON.parse(published.output).version : null;
    const promoted = version ? await releaseCli(env, ['promote', folder, version]) : published;
    // Not fatal: a remote without a release still loads from its REMOTE_*_URL.
    if (promoted.ok) console.log(`  ✓ ${folder} ${version} is live on production`);
    else console.warn(`  ! ${folder} was not released: ${promoted.output.trim().split('\n').at(-1)}`);
  }
}

/** The last lines on screen: where to open the app and its dev tools, and how to stop. */
function sayWhereItIs(port) {
  const url = (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  console.log(`\n  BlockPilot is running: open ${url}`);
  if (env.DEV_MODE === 'on') console.log(`  E-mails it sends (sign-up links, resets): ${url}/dev/outbox`);
  console.log('  Stop it with Ctrl+C.\n');
}

const started = Date.now();
await install();
await buildAll();
step(`Starting BlockPilot (built in ${Math.round((Date.now() - started) / 1000)} s)`);
// One readable line per request in this terminal (LOG_FORMAT=json gives pino's JSON lines).
const env = { RELEASE_TOKEN: releaseToken(), DEV_MODE: process.env.DEV_MODE ?? 'on', LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty' };
const port = Number(process.env.PORT ?? 3000);
const server = run('node', ['--enable-source-maps', 'server/dist/main.js'], { cwd: ROOT, env });
await publishBuiltRemotes({ ...env, BLOCKPILOT_URL: `http://127.0.0.1:${port}` }, port);
sayWhereItIs(port);
const { code } = await server;
process.exit(code);
