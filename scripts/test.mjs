// `npm test`: install what the tests need (Debian's Chromium included), then run every test:
// type checks, unit tests (jest for the front end, Node's runner for server and simulator), and
// browser tests against the built product. Ends with one line: "N passed, N failed".
import { existsSync } from 'node:fs';
import { buildAll, finishSteps, IMPORT_GRAPH_ROOTS, install, PNPM, pnpm, reachable, run, runInBackground, step, stepSeconds } from './lib.mjs';

const CI = process.env.CI === 'true';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The browser tests put Debian's nginx in front of the server (e2e/tests/proxy.e2e.ts).
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** Installs a Debian package when its program is missing; a failed install ends the run (it would fail the browser tests anyway). */
async function ensureDebianPackage(program, pkg, pathVariable) {
  if (existsSync(program)) return;
  step(`Installing ${pkg} from Debian (apt-get)`);
  const root = process.getuid?.() === 0;
  const sudo = root ? [] : ['sudo'];
  for (const args of [
    ['apt-get', 'update', '-qq'],
    ['apt-get', 'install', '-y', '-qq', pkg],
  ]) {
    const [cmd, ...rest] = [...sudo, ...args];
    if ((await run(cmd, rest, { env: { DEBIAN_FRONTEND: 'noninteractive' } })).code !== 0) break;
  }
  if (!existsSync(program)) {
    console.error(`Could not install ${pkg}. Install it yourself (apt-get install ${pkg}) or set ${pathVariable}.`);
    process.exit(1);
  }
}

/** PostgreSQL and Redis suites run where the services are; under CI=true their absence is a failure. */
async function probeServices() {
  const env = {};
  for (const [name, port, flag] of [
    ['PostgreSQL', 5432, 'BLOCKPILOT_TEST_POSTGRES'],
    ['Redis', 6379, 'BLOCKPILOT_TEST_REDIS'],
  ]) {
    const up = await reachable(port);
    if (!up && CI) {
      console.error(`✖ ${name} is required on CI (127.0.0.1:${port}) and is not reachable.`);
      process.exit(1);
    }
    if (!up) console.warn(`! ${name} is not running on 127.0.0.1:${port}: its suites are skipped (they are required under CI=true).`);
    env[flag] = up ? '1' : '0';
  }
  return env;
}

const totals = { passed: 0, failed: 0 };
const failedParts = [];
/** The failing tests' names, repeated at the end: a CI log shows only its tail. */
const failedTests = [];

/** Adds a part's counts to the totals, and the names of its failing tests (from `output`). */
function count(part, passed, failed, code, output = '') {
  failedTests.push(...failedTestNames(output));
  totals.passed += passed;
  totals.failed += failed;
  if (code !== 0 || failed > 0) failedParts.push(part);
  if (code !== 0 && failed === 0) totals.failed += 1; // a run that crashed before counting still fails
}

/** jest prints "Tests: 3 failed, 40 passed, 43 total". */
function jestCounts(output) {
  const line = output.match(/^Tests:\s+(.*)$/m)?.[1] ?? '';
  const n = (word) => Number(line.match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);
  return [n('passed'), n('failed')];
}

/** jest heads each failure "  ● suite › test" (and its console output "  ● Console"); Node's runner prints "not ok 3 - test" (its suites too). */
function failedTestNames(output) {
  const jest = [...output.matchAll(/^\s*● (?!Console$)(.+)$/gm)].map((m) => m[1]);
  const node = [...output.matchAll(/^\s*not ok \d+ - (.+)$/gm)].map((m) => m[1]);
  return [...new Set([...jest, ...node])];
}

/** Node's runner prints "# pass 12" and "# fail 0" (per package, summed here). */
function nodeCounts(output) {
  const sum = (word) => [...output.matchAll(new RegExp(`^# ${word} (\\d+)$`, 'gm'))].reduce((a, m) => a + Number(m[1]), 0);
  return [sum('pass'), sum('fail')];
}

const started = Date.now();
await ensureDebianPackage(CHROMIUM, 'chromium', 'CHROMIUM_PATH');
await ensureDebianPackage(NGINX, 'nginx', 'NGINX_PATH');
await install();
const serviceEnv = await probeServices();

step('Type-checking every package');
await pnpm(['-r', '--workspace-concurrency=2', 'run', 'typecheck']);

step('Lint (ESLint, zero warnings), formatting (Prettier) and the import graph (dependency-cruiser: layers, no cycle)');
{
  const lint = await run('npx', ['--no-install', 'eslint', '--max-warnings=0', '.']);
  count('lint', 0, 0, lint.code);
  const format = await run('npx', ['--no-install', 'prettier', '--check', '.']);
  count('formatting', 0, 0, format.code);
  const graph = await run('npx', ['--no-install', 'depcruise', '--config', '.dependency-cruiser.cjs', ...IMPORT_GRAPH_ROOTS]);
  count('import graph', 0, 0, graph.code);
}

step('Unit tests: front end (jest + Testing Library)');
{
  const { code, output } = await run('npx', ['--no-install', 'jest', '--ci'], { capture: true, env: serviceEnv });
  count('front-end unit tests', ...jestCounts(output), code, output);
}

// The server's suite is the longest step, and much of it waits on timers (the engine keeps the
// platform's pace), as the browser tests wait on the browser: it runs in the background beside the
// build and the browser tests, so a CI machine's two cores are both kept busy. (Started any
// earlier, it only competes for the CPU with the type checks, lint and unit tests, which use both
// cores on their own.) It runs four test files at once (server/package.json): most of a file's
// time is spent waiting on timers, the platform simulator or the database, so two at once left the
// CPU idle (measured: 866 s at two, 605 s at four, on the same loaded machine). Its output is kept
// and printed whole at the end.
let serverSeconds;
const serverTests = runInBackground(
  'npx',
  // --no-bail: a simulator failure must not hide the server's results (both are counted).
  ['--yes', PNPM, '-r', '--workspace-concurrency=1', '--no-bail', '--filter', '@blockpilot/server', '--filter', '@blockpilot/platform-sim', 'run', 'test'],
  { env: serviceEnv },
);
// A step that ends the run early (a failed build) must not leave the suite running on its own.
process.on('exit', serverTests.stop);

await buildAll();

step('Browser tests: the built product in Chromium (playwright-core)');
{
  const { code, output } = await run('npx', ['--no-install', 'jest', '--ci', '--runInBand'], {
    capture: true,
    cwd: new URL('../e2e', import.meta.url).pathname,
    env: { ...serviceEnv, CHROMIUM_PATH: CHROMIUM, NGINX_PATH: NGINX },
  });
  count('browser tests', ...jestCounts(output), code, output);
}

{
  const { code, output, seconds } = await serverTests.done;
  finishSteps();
  serverSeconds = seconds;
  console.log(`\n\x1b[1m▸ Unit tests: server and simulator (Node test runner, PGlite and PostgreSQL), run in the background since the build: done after ${seconds} s\x1b[0m`);
  process.stdout.write(output);
  count('server and simulator tests', ...nodeCounts(output), code, output);
}

const minutes = ((Date.now() - started) / 60000).toFixed(1);
// Where the minutes went, at the end where a CI log's tail shows it (the budget is in the README).
console.log(
  `\nStep times: ${stepSeconds.map(({ name, seconds }) => `${name} ${seconds} s`).join('; ')}; server and simulator tests (beside the build and browser tests) ${serverSeconds} s`,
);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((name) => `  ✖ ${name}`).join('\n')}`);
console.log(`\nTest run finished in ${minutes} min${failedParts.length ? `; failing: ${failedParts.join(', ')}` : ''}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 || failedParts.length ? 1 : 0);
