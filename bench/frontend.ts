/**
 * Front-end figures: gzipped JS the browser downloads on the first load of each route (the
 * landing page before and after the visitor's first sign of intent, the auth pages, the
 * signed-in dashboard and account); each remote's remoteEntry and exposed chunks; cold build time
 * of the whole workspace; time from starting the server to the first page served.
 *
 *   cd bench && npx tsx --conditions=@blockpilot/source frontend.ts            (add --no-build to reuse the current build)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { get } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { decodedMappings, TraceMap } from '@jridgewell/trace-mapping';
import { chromium, type Browser, type Request } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, registerDriver, startProduct } from './lib/product.js';
import { kb, machineLine, table, WORKSPACE, writeSection } from './lib/report.js';

const FRONT_END = ['shell', 'mf-landing', 'mf-auth', 'mf-dashboard', 'mf-account', 'mf-admin'];
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

function coldBuild(): number {
  for (const pkg of [...FRONT_END, 'shared', 'server', 'platform-sim']) rmSync(path.join(WORKSPACE, pkg, 'dist'), { recursive: true, force: true });
  const started = performance.now();
  const result = spawnSync('node', ['scripts/pnpm.mjs', '-r', '--workspace-concurrency=2', 'run', 'build'], { cwd: WORKSPACE, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('build failed');
  return performance.now() - started;
}

/** The file on disk behind a URL the product serves. */
function fileFor(url: URL): string {
  const match = url.pathname.match(/^\/remotes\/([^/]+)\/(.*)$/);
  return match ? path.join(WORKSPACE, match[1]!, 'dist', match[2]!) : path.join(WORKSPACE, 'shell', 'dist', url.pathname);
}

interface RouteLoad {
  /** What the row says. */
  label: string;
  path: string;
  /** A signed-in driver's token, put into storage before the page is opened. */
  token?: string;
  /** Moves the mouse once the page is idle: the landing page loads its app on intent only. */
  intent?: boolean;
  /** The remote whose render ends the load. */
  remote: string;
}

/** Every script a first load of the route fetches until the network is idle and its remote has rendered. */
async function firstLoad(browser: Browser, url: string, route: RouteLoad) {
  const context = await browser.newContext();
  if (route.token) await context.addInitScript((t) => localStorage.setItem('acccessToken', t), route.token);
  const page = await context.newPage();
  // Kept as they finish and sized once the load is over: sizing them in the event handler raced
  // the context's close (a script missing, or its size -1).
  const requests: Request[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') requests.push(request);
  });
  await page.goto(url + route.path, { waitUntil: 'networkidle' });
  if (route.intent) {
    await page.mouse.move(100, 100);
    await page.waitForLoadState('networkidle');
  }
  if (route.intent !== false) await page.waitForSelector(`[data-remote-root="${route.remote}"]`);
  const scripts = await Promise.all(
    requests.map(async (request) => {
      const url = new URL(request.url());
      return { path: url.pathname, gzip: gz(fileFor(url)), transferred: await transferredSize(request, url) };
    }),
  );
  await context.close();
  return scripts;
}

/**
 * A script's body as it came over the wire: the browser's count, or, where it has none (a script
 * the page's preload fetched), the file the server sends for the encoding it answered with.
 */
async function transferredSize(request: Request, url: URL): Promise<number> {
  const { responseBodySize } = await request.sizes();
  if (responseBodySize > 0) return responseBodySize;
  const encoding = await (await request.response())?.headerValue('content-encoding');
  const file = fileFor(url);
  const encoded = encoding === 'br' ? `${file}.br` : encoding === 'gzip' ? `${file}.gz` : file;
  return statSync(existsSync(encoded) ? encoded : file).size;
}

/** The message catalogs' share of a load, under one name (see unmappedSource). */
const CATALOGS = '(workspace) message catalogs';

/** The npm package (or workspace folder) a bundled source file came from. */
function packageOf(source: string): string {
  const inModules = source.match(/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/);
  if (inModules) return inModules[1]!;
  if (source === CATALOGS) return CATALOGS;
  // A package's own sources: `webpack://mf_dashboard/./src/…`, or a workspace package it bundles (`…/shared/src/…`).
  const workspace = source.match(/(shell|mf-[a-z]+|shared|tooling)\/src\//) ?? source.match(/^webpack:\/\/([^/]+)\/\.\/src\//);
  return workspace ? `(workspace) ${workspace[1]!.replace('_', '-')}` : '(webpack runtime)';
}

/**
 * The packages the issue's "stack floor" is made of: what any React app with this router, styling,
 * HTTP client and federation runtime loads before a line of the product's own code (and what those
 * packages themselves pull in). Everything else in a first load is the product's: its workspace
 * packages and the libraries it chose (i18n, the live stream's client).
 */
const STACK_FLOOR =
  /^(react|react-dom|scheduler|react-router|cookie|set-cookie-parser|styled-components|stylis|@emotion\/.*|shallowequal|tslib|axios|@module-federation\/.*|\(webpack runtime\))$/;

/**
 * What code without a source mapping is: webpack's module wrappers and runtime, except a message
 * catalog. Catalogs are JSON modules (tooling/src/catalogs.ts), which webpack emits as
 * `JSON.parse('…')` without a mapping: the product's own words, not the stack's floor.
 */
function unmappedSource(code: string): string {
  return code.includes("JSON.parse('") ? CATALOGS : '(webpack runtime)';
}

/**
 * Gzipped bytes of a load by source file: each file's minified bytes are given to the source the
 * source map says they came from (segment by segment, as source-map-explorer does), then scaled to
 * the file's gzipped size. Code without a mapping (webpack's module wrappers) counts as the
 * webpack runtime.
 */
function bytesBySource(scripts: { path: string; gzip: number }[], base: URL): Map<string, number> {
  const totals = new Map<string, number>();
  const add = (key: string, bytes: number) => totals.set(key, (totals.get(key) ?? 0) + bytes);
  for (const script of scripts) {
    const file = fileFor(new URL(script.path, base));
    if (!existsSync(`${file}.map`)) {
      add(`(no source map) ${script.path}`, script.gzip);
      continue;
    }
    const lines = readFileSync(file, 'utf8').split('\n');
    const map = new TraceMap(readFileSync(`${file}.map`, 'utf8'));
    const bySource = new Map<string, number>();
    let minified = 0;
    decodedMappings(map).forEach((segments, line) => {
      segments.forEach((segment, i) => {
        const end = segments[i + 1]?.[0] ?? lines[line]?.length ?? segment[0];
        const source = segment.length > 1 ? map.sources[segment[1]!]! : unmappedSource(lines[line]!.slice(segment[0], end));
        bySource.set(source, (bySource.get(source) ?? 0) + end - segment[0]);
        minified += end - segment[0];
      });
    });
    for (const [source, bytes] of bySource) add(source, (script.gzip * bytes) / (minified || 1));
  }
  return totals;
}

/** Those bytes summed by package. */
function bytesByPackage(bySource: Map<string, number>): Map<string, number> {
  const totals = new Map<string, number>();
  for (const [source, bytes] of bySource) {
    const name = packageOf(source);
    totals.set(name, (totals.get(name) ?? 0) + bytes);
  }
  return totals;
}

/** A load split into the stack's floor and the rest, with the largest packages of the rest. */
function floorSplit(bySource: Map<string, number>) {
  const packages = [...bytesByPackage(bySource)].sort((a, b) => b[1] - a[1]);
  const floor = packages.filter(([name]) => STACK_FLOOR.test(name)).reduce((n, [, bytes]) => n + bytes, 0);
  const rest = packages.filter(([name]) => !STACK_FLOOR.test(name));
  return { floor, beyond: rest.reduce((n, [, bytes]) => n + bytes, 0), rest };
}

interface ManifestExpose {
  name: string;
  assets: { js: { sync: string[]; async: string[] } };
}

function remoteFigures(folder: string) {
  const dist = path.join(WORKSPACE, folder, 'dist');
  const manifest = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as {
    metaData: { remoteEntry: { name: string } };
    exposes: ManifestExpose[];
  };
  const entry = gz(path.join(dist, manifest.metaData.remoteEntry.name));
  const exposes = manifest.exposes.map((e) => ({
    name: e.name,
    sync: e.assets.js.sync.filter((f) => existsSync(path.join(dist, f))).reduce((n, f) => n + gz(path.join(dist, f)), 0),
    async: e.assets.js.async.filter((f) => existsSync(path.join(dist, f))).reduce((n, f) => n + gz(path.join(dist, f)), 0),
  }));
  return { folder, entry, exposes };
}

const loadBefore = os.loadavg()[0]!;
const skipBuild = process.argv.includes('--no-build');
const buildMs = skipBuild ? null : coldBuild();
const server = await startProduct();
const startMs = server.startMs;
const token = await registerDriver(server.url);
const routes: RouteLoad[] = [
  { label: 'landing `/`, visitor reading (no intent yet)', path: '/', intent: false, remote: 'mf_landing' },
  { label: 'landing `/`, after the first pointer, key or touch', path: '/', intent: true, remote: 'mf_landing' },
  { label: 'sign in `/login`', path: '/login', remote: 'mf_auth' },
  { label: 'register `/register`', path: '/register', remote: 'mf_auth' },
  { label: 'dashboard `/dashboard` (signed in)', path: '/dashboard', token, remote: 'mf_dashboard' },
  { label: 'account `/account` (signed in)', path: '/account', token, remote: 'mf_account' },
  // Its charts load with it only (docs/FRONTEND.md "Route chunks"); last, so the dashboard stays loads[4].
  { label: 'stats `/dashboard/stats` (signed in)', path: '/dashboard/stats', token, remote: 'mf_dashboard' },
];
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.filter((f) => !f.startsWith('--headless')) });
const loads: { route: RouteLoad; scripts: Awaited<ReturnType<typeof firstLoad>> }[] = [];
for (const route of routes) loads.push({ route, scripts: await firstLoad(browser, server.url, route) });
await browser.close();
const landing = loads[1]!.scripts;
// Each load's bytes by source, worked out once: the tables below read the dashboard's three times.
const attributed = loads.map((load) => ({ ...load, bySource: bytesBySource(load.scripts, new URL(server.url)) }));
const dashboard = attributed[4]!.bySource;
const sum = (scripts: { gzip: number; transferred: number }[], key: 'gzip' | 'transferred' = 'gzip') => scripts.reduce((n, s) => n + s[key], 0);
/** The landing page's HTML as sent (prerendered landing page inside the shell's page). */
// node:http, not fetch: fetch would hand back the body decompressed.
const pageBytes = (encoding: string) =>
  new Promise<number>((resolve, reject) => {
    get(`${server.url}/`, { headers: { 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response
        .on('data', (chunk: Buffer) => (bytes += chunk.length))
        .on('end', () => resolve(bytes))
        .on('error', reject);
    }).on('error', reject);
  });
const landingHtml = { gzip: await pageBytes('gzip'), brotli: await pageBytes('br') };
server.stop();

const remotes = FRONT_END.filter((f) => f !== 'shell').map(remoteFigures);

console.log({ buildMs, startMs, routes: loads.map(({ route, scripts }) => [route.label, sum(scripts), scripts.length]) });
writeSection(
  'frontend',
  `## Front end: download, build and start (\`bench/frontend.ts\`)

${machineLine()} Load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0]!.toFixed(2)} after (sizes only: the load moves no figure here but the build and start times).

Goal: every route's first load within 25 KB gzipped of the stack's floor (below), and the
signed-in dashboard under 170 KB as transferred. A first load is a fresh browser opening the
route, until the network is idle and the route's remote has rendered; \`e2e/tests/bundles.e2e.ts\`
fails a route whose first load grows past its budget.

| figure | value |
| --- | --- |
${loads.map(({ route, scripts }) => `| first load JS, ${route.label}: gzipped (${scripts.length} files) / as transferred | **${kb(sum(scripts))}** / ${kb(sum(scripts, 'transferred'))} |`).join('\n')}
| the landing page's HTML, with its prerendered content and inline CSS (gzip / brotli) | ${kb(landingHtml.gzip)} / ${kb(landingHtml.brotli)} |
| cold build of the whole workspace (tsc + 5 webpack builds, 2 at a time) | ${buildMs === null ? 'not measured (--no-build)' : `${(buildMs / 1000).toFixed(1)} s`} |
| server start to first page served (PGlite, fresh data folder) | ${Math.round(startMs)} ms |

Each first load split by source map (minified bytes given to the source they came from, scaled to
the file's gzipped size): the stack's floor (react-dom, react, scheduler, react-router,
styled-components with stylis, axios, the federation runtime, webpack's runtime) and the rest, the
product's own code (its message catalogs too, which have no source map: found by their
\`JSON.parse\`) and the libraries it chose.

${table(
  ['route', 'first load', 'the stack (floor)', 'beyond the floor', 'largest beyond the floor'],
  attributed
    .filter(({ scripts }) => scripts.length > 0)
    .map(({ route, scripts, bySource }) => {
      const split = floorSplit(bySource);
      return [
        route.label,
        kb(sum(scripts)),
        kb(split.floor),
        `**${kb(split.beyond)}**`,
        split.rest
          .slice(0, 6)
          .map(([pkg, bytes]) => `${pkg} ${kb(bytes)}`)
          .join(', '),
      ];
    }),
)}

Where the signed-in dashboard's first load goes, by package: ${[...bytesByPackage(dashboard)]
    .sort((a, b) => b[1] - a[1])
    .filter(([, bytes]) => bytes >= 512)
    .map(([pkg, bytes]) => `${pkg} ${kb(bytes)}`)
    .join(', ')}.

The product's own modules in it, largest first: ${[...dashboard]
    .filter(([source]) => packageOf(source).startsWith('(workspace)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(
      ([source, bytes]) =>
        `${source === CATALOGS ? 'the English message catalogs' : `\`${packageOf(source).replace('(workspace) ', '')}/${source.replace(/^.*?\bsrc\//, 'src/')}\``} ${kb(bytes)}`,
    )
    .join(', ')}.

Landing page scripts once the visitor shows intent (gzipped): ${landing
    .sort((a, b) => b.gzip - a.gzip)
    .map((s) => `\`${s.path}\` ${kb(s.gzip)}`)
    .join(', ')}.

Per remote (gzipped; sync = needed to render the module, async = loaded on demand):

${table(
  ['remote', 'remoteEntry.js', ...['./App sync', './App async', './lifecycle sync']],
  remotes.map((r) => {
    const app = r.exposes.find((e) => e.name === 'App');
    const lifecycle = r.exposes.find((e) => e.name === 'lifecycle');
    return [r.folder, kb(r.entry), kb(app?.sync ?? 0), kb(app?.async ?? 0), kb(lifecycle?.sync ?? 0)];
  }),
)}`,
);
