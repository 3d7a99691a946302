/**
 * The one webpack + Module Federation config factory. Every front-end package's
 * `webpack.config.ts` is a few lines that call {@link createFederatedConfig}, so the shared
 * singletons, loaders, output naming and caching rules cannot drift between the shell and the
 * remotes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import CopyPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { DefinePlugin, NormalModuleReplacementPlugin, type ChunkGraph, type Configuration, type Module } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { catalogRule } from './catalogs';
import { SOURCE_CONDITION } from './conditions';
import { ChunkIntegrityPlugin, manifestIntegrity } from './plugins/ChunkIntegrityPlugin';
import { FirstLoadChunksPlugin } from './plugins/FirstLoadChunksPlugin';
import type { FederatedAppOptions, RemoteAppOptions } from './types';

export type { FederatedAppOptions, RemoteAppOptions } from './types';

const require = createRequire(__filename);

/** Packages that must exist once in the page: one React, one router, one theme, one session. */
const SINGLETONS = ['react', 'react-dom', 'react-router', 'react-router-dom', 'styled-components'];
/** Singletons whose subpath imports (react/jsx-runtime, react-dom/client) must be shared too. */
const WITH_SUBPATHS = ['react', 'react-dom'];

function readJson(file: string): { version: string; dependencies?: Record<string, string> } {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Exact versions from the app's own package.json, so a mismatch is a loud warning, not a second copy. */
function sharedConfig(appDir: string) {
  const deps = readJson(path.join(appDir, 'package.json')).dependencies ?? {};
  const sharedPackage = readJson(require.resolve('@blockpilot/shared/package.json', { paths: [appDir] }));
  const shared: Record<string, object> = {};
  const routerVersion = readJson(path.join(routerDir(appDir), 'package.json')).version;
  for (const name of SINGLETONS) {
    const requiredVersion = deps[name];
    if (!requiredVersion) throw new Error(`${appDir}: "${name}" must be a dependency (it is a shared singleton)`);
    // The router resolves to the facade in tooling, whose package.json is not react-router's.
    shared[name] = name.startsWith('react-router') ? { singleton: true, requiredVersion, version: routerVersion } : { singleton: true, requiredVersion };
    if (WITH_SUBPATHS.includes(name)) shared[`${name}/`] = { singleton: true, requiredVersion };
  }
  // A workspace:* range is not semver: give the federation runtime the real version.
  const blockpilotShared = { singleton: true, version: sharedPackage.version, requiredVersion: `^${sharedPackage.version}` };
  shared['@blockpilot/shared'] = blockpilotShared;
  shared['@blockpilot/shared/'] = blockpilotShared;
  return shared;
}

/**
 * Content-hashed file names, so the server can cache them immutably. The federation runtime asks
 * for a chunk's file name before hashes exist (only to learn its folder depth); a fixed template
 * would fail there, so that one early question gets the unhashed name in the same folder.
 */
function hashedName(pathData: { chunk?: { contentHash?: Record<string, string> } }): string {
  return pathData.chunk?.contentHash?.javascript ? '[name].[contenthash:8].js' : '[name].js';
}

/**
 * Production bundles take react-router through {@link routerFacade}, which re-exports only what the
 * workspace uses from react-router's production build (every export condition of react-router 7
 * points at its development build; the production one sits beside it).
 */
function routerDir(appDir: string): string {
  return path.dirname(require.resolve('react-router/package.json', { paths: [require.resolve('react-router-dom/package.json', { paths: [appDir] })] }));
}

/**
 * The shell hands its federation runtime core to the remotes, which are built without one
 * (`experiments.externalRuntime`): one copy in the page instead of one per remote entry. The
 * plugin that does the handing-over is CommonJS and would pull in the core's CommonJS build beside
 * the ES build the rest of the runtime uses; pointing it at the ES build keeps one copy.
 */
function sharedRuntimeCoreAlias(): Record<string, string> {
  const runtimeToolsDist = path.dirname(require.resolve('@module-federation/runtime-tools'));
  return { '@module-federation/runtime-tools/runtime-core$': path.join(runtimeToolsDist, 'runtime-core.js') };
}

function productionAliases(appDir: string): Record<string, string> {
  const facade = path.join(__dirname, 'routerFacade.ts');
  return {
    'react-router$': facade,
    'react-router-dom$': facade,
    'react-router-production-build$': path.join(routerDir(appDir), 'dist/production/index.mjs'),
  };
}

/** File name of the runtime-core bundle a remote's standalone preview page loads first. */
/**
 * The host's early-start chunk, named where its entry imports it (`webpackChunkName`, the shell's
 * `src/index.ts`): the page's remote, fetched while React downloads (docs/FRONTEND.md "Cold start").
 */
const EARLY_START_CHUNK = 'early-start';

const PREVIEW_RUNTIME = 'preview-runtime.js';

/**
 * A remote's own preview page has no shell to lend it the federation runtime core, so each remote
 * build also emits this small bundle, loaded by the preview page only (the shell never fetches it).
 */
function previewRuntimeConfig(options: FederatedAppOptions, mode: Configuration['mode'], outDir: string): Configuration {
  return {
    name: `${options.name}:preview-runtime`,
    mode,
    context: options.dir,
    entry: { [path.basename(PREVIEW_RUNTIME, '.js')]: path.join(__dirname, 'previewRuntime.ts') },
    devtool: false,
    target: 'web',
    output: { path: outDir, filename: PREVIEW_RUNTIME, clean: false },
    resolve: { extensions: ['.ts', '.js'], alias: sharedRuntimeCoreAlias() },
    module: { rules: [swcRule(mode === 'production')] },
    stats: 'errors-warnings',
  };
}

function swcRule(production: boolean) {
  return {
    test: /\.[cm]?tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('swc-loader'),
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !production } },
          target: 'es2020',
        },
      },
    },
  };
}

/**
 * The federation runtime's size switches (compile-time flags, BENCHMARKS.md "Front end"). Every
 * container runs in a browser only, so the runtime's Node loaders go (`target: 'web'`). A remote
 * consumes no remote of its own, so its entry drops the runtime's remote loading; the shell keeps
 * it, and keeps the manifest snapshot: remotes are registered by their `mf-manifest.json`, whose
 * file list the integrity check and the preloads read (docs/FRONTEND.md "Route chunks").
 */
const HOST_RUNTIME_SIZE = { target: 'web' as const };
const REMOTE_RUNTIME_SIZE = { target: 'web' as const, disableRemote: true };

const VENDOR = /[\\/]node_modules[\\/]/i;
const AXIOS = /[\\/]node_modules[\\/]axios[\\/]/;
/** axios's fetch adapter, as resolved (its own import of it is relative: `./fetch.js`). */
const AXIOS_FETCH_ADAPTER = /[\\/]node_modules[\\/]axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/;

type AppConfiguration = Configuration & { devServer?: DevServerConfiguration };

/** What every remote exposes: its routes for the shell, its single-spa lifecycle (one file for all remotes). */
const REMOTE_EXPOSES = { './App': './src/App.tsx', './lifecycle': path.join(__dirname, 'remoteLifecycle.ts') };

/** Shared's constants from its source: a config is loaded before anything is built (webpack serve on a fresh clone). */
function sharedConstants(appDir: string): typeof import('@blockpilot/shared/constants') {
  return require(path.join(path.dirname(require.resolve('@blockpilot/shared/package.json', { paths: [appDir] })), 'src/constants.ts'));
}

/**
 * A remote's webpack config. Its federation name and dev port are not written here: they come from
 * the one list of remotes in `@blockpilot/shared/constants` (REMOTES), found by the package's
 * folder, so the shell, the server and the build can never disagree about them.
 */
export function createRemoteConfig({ dir, ...options }: RemoteAppOptions) {
  const { REMOTES } = sharedConstants(dir);
  const folder = path.basename(dir);
  const remote = REMOTES.find((candidate) => candidate.folder === folder);
  if (!remote) throw new Error(`${folder} is not in REMOTES (shared/src/constants.ts): add it there first`);
  return createFederatedConfig({ dir, name: remote.name, role: 'remote', devPort: remote.devPort, exposes: REMOTE_EXPOSES, ...options });
}

export function createFederatedConfig(options: FederatedAppOptions) {
  return (_env: unknown, argv: { mode?: Configuration['mode'] }): AppConfiguration | AppConfiguration[] => {
    const mode = argv.mode ?? 'production';
    const outDir = process.env.BLOCKPILOT_OUT_DIR ?? path.join(options.dir, 'dist');
    const app = appConfig(options, mode, outDir);
    return options.role === 'host' ? app : [app, previewRuntimeConfig(options, mode, outDir)];
  };
}

function appConfig(options: FederatedAppOptions, mode: Configuration['mode'], outDir: string): AppConfiguration {
  const production = mode === 'production';
  const isHost = options.role === 'host';
  return {
    mode,
    context: options.dir,
    // A remote's page is only its standalone preview: one entry for all of them, in tooling.
    entry: { main: isHost ? './src/index.ts' : path.join(__dirname, 'remotePreview.ts') },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    target: 'web',
    output: {
      path: outDir,
      // The shell serves deep links (/dashboard/logs), so its chunks need an absolute path;
      // remotes are deployed anywhere and find their chunks relative to their own entry.
      publicPath: isHost ? '/' : 'auto',
      filename: production ? hashedName : '[name].js',
      chunkFilename: production ? hashedName : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: options.name,
      // The preview runtime is emitted into the same folder by a sibling compilation.
      clean: isHost ? true : { keep: (file: string) => file === PREVIEW_RUNTIME },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      // Shared modules the server imports too name their siblings with NodeNext's `.js` suffix.
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      // Workspace packages are consumed from source: no stale dist, one compile.
      conditionNames: [SOURCE_CONDITION, '...'],
      alias: {
        ...(isHost ? sharedRuntimeCoreAlias() : { '@blockpilot/remote-app$': path.join(options.dir, 'src/App.tsx') }),
        ...(production ? productionAliases(options.dir) : {}),
      },
    },
    module: {
      rules: [
        swcRule(production),
        // Message catalogs arrive compiled (docs/FRONTEND.md, "Languages").
        catalogRule,
        // The shell's CSS (its fonts) becomes a stylesheet, which its prerender step inlines into the
        // page for the first paint; a remote's CSS travels with its JS, as the remote is found at run time.
        { test: /\.css$/, use: [isHost ? MiniCssExtractPlugin.loader : require.resolve('style-loader'), require.resolve('css-loader')] },
        { test: /\.(woff2?|png|svg|jpe?g|webp|mp4|webm|vtt)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: options.name,
        filename: 'remoteEntry.js',
        exposes: options.exposes,
        remotes: {},
        shared: sharedConfig(options.dir),
        // 'version-first' would fetch every remote entry at start-up: one offline remote could hang the page.
        shareStrategy: 'loaded-first',
        // A remote's production manifest lists each file's sha384, and its chunk loader checks them
        // (docs/RELEASES.md "Integrity in the browser").
        manifest: production && !isHost ? { additionalData: manifestIntegrity(sharedConstants(options.dir).MANIFEST_INTEGRITY_FIELD) } : true,
        dts: false,
        experiments: isHost ? { provideExternalRuntime: true, optimization: HOST_RUNTIME_SIZE } : { externalRuntime: true, optimization: REMOTE_RUNTIME_SIZE },
      }),
      // axios's fetch adapter never runs in a browser with XMLHttpRequest (tooling/src/axiosWithoutFetch.ts).
      new NormalModuleReplacementPlugin(AXIOS_FETCH_ADAPTER, path.join(__dirname, 'axiosWithoutFetch.ts')),
      ...(isHost ? [] : [new DefinePlugin({ __BLOCKPILOT_REMOTE_NAME__: JSON.stringify(options.name) })]),
      ...(production && !isHost ? [new ChunkIntegrityPlugin()] : []),
      new HtmlWebpackPlugin({
        // The shell has its own page; every remote's standalone preview uses the one template here.
        template: isHost ? path.join(options.dir, 'src/index.html') : path.join(__dirname, 'preview.html'),
        title: options.title,
        publicPath: isHost ? '/' : 'auto',
      }),
      ...(production
        ? [
            new CompressionPlugin({ algorithm: 'gzip', test: /\.(js|css|html|svg|json)$/, threshold: 1024 }),
            new CompressionPlugin({
              algorithm: 'brotliCompress',
              filename: '[path][base].br',
              test: /\.(js|css|html|svg|json)$/,
              threshold: 1024,
            }),
          ]
        : []),
      // The host's page is built further by its prerender step: it inlines the stylesheet and preloads the listed chunks.
      ...(isHost ? [new FirstLoadChunksPlugin(), new MiniCssExtractPlugin({ filename: production ? '[name].[contenthash:8].css' : '[name].css' })] : []),
      ...(options.publicDir ? [new CopyPlugin({ patterns: [{ from: options.publicDir }] })] : []),
      ...(options.plugins ?? []),
    ],
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      splitChunks: {
        chunks: 'async',
        cacheGroups: {
          // webpack's own vendor group, as it is by default, but not for axios: the stand-in for
          // its fetch adapter (a module from outside node_modules) keeps its chunk from being
          // reused as a vendor chunk, and axios then came in two files instead of its own one.
          defaultVendors: {
            test: (module: Module) => VENDOR.test(module.nameForCondition() ?? '') && !AXIOS.test(module.nameForCondition() ?? ''),
            priority: -10,
            reuseExistingChunk: true,
            idHint: 'vendors',
          },
          // Each shared entry of the workspace's shared package (its root, ./ui, ./i18n, ...) is a
          // chunk of its own, and a module two of them import (the constants, the session
          // provider, Lingui, the live stream's client) was copied into each: below webpack's 20 KB
          // minimum it is never split out. The first load fetched 8 KB twice (BENCHMARKS.md
          // "Front end"). One chunk for the package and the libraries only it uses instead: every
          // route's first load needs most of it anyway. (The live stream's client is not among
          // them: it loads when a signed-in page opens the stream, shared/src/api/live.ts.)
          workspaceShared: {
            // Not the package's catalogs of other languages: each is a chunk of its own, fetched when
            // its language is chosen (inside this chunk, every first load carried the Spanish words).
            test: /[\\/](shared[\\/]src[\\/](?!locales[\\/](?!en\.)[a-z]{2}\.json$)|node_modules[\\/](@lingui|use-sync-external-store)[\\/])/,
            name: 'blockpilot-shared',
            chunks: 'async',
            enforce: true,
            priority: 20,
          },
          // The stack the shared singletons are made of (React, the router and its facade here,
          // styled-components), one chunk: every first load needs all of it, and on a phone each
          // file is a round trip on one of the browser's few connections (BENCHMARKS.md "Cold
          // start on a phone"). Left apart, each singleton and each of its entry points was a file.
          stack: {
            test: /[\\/](node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|styled-components|stylis|@emotion[\\/][^\\/]+|shallowequal)[\\/]|tooling[\\/]src[\\/]routerFacade\.ts$)/,
            name: 'blockpilot-stack',
            chunks: 'async',
            enforce: true,
            priority: 10,
          },
          // The host's early start (its entry's import named EARLY_START_CHUNK: the page's remote
          // fetched while React downloads) imports the shell's remote loader, which the app's own
          // chunk imports too. Each async chunk carried a copy (2 KB of every first load), as
          // webpack never splits out a module under 20 KB. The early start's modules are one chunk
          // of their own instead, which the app's chunk shares (webpack cannot move them into
          // the early start's chunk itself: it is not a parent of the app's; docs/FRONTEND.md
          // "Route chunks").
          ...(isHost
            ? {
                hostEarlyStart: {
                  test: (module: Module, { chunkGraph }: { chunkGraph: ChunkGraph }) =>
                    [...chunkGraph.getModuleChunksIterable(module)].some((chunk) => chunk.name === EARLY_START_CHUNK),
                  name: `${EARLY_START_CHUNK}-code`,
                  chunks: 'async' as const,
                  enforce: true,
                  priority: 5,
                },
              }
            : {}),
          // Except the part the shell uses before React has loaded (`@blockpilot/shared/boot`
          // and what it imports): in a chunk of its own it arrives early, and the shell asks for
          // the page's remote with it; inside the package's chunk it waited for the whole of it
          // (BENCHMARKS.md "Cold start on a phone").
          workspaceBoot: {
            test: /[\\/]shared[\\/]src[\\/](boot|constants|session[\\/](storage|earlyRequests))\.ts$/,
            name: 'blockpilot-boot',
            chunks: 'async',
            enforce: true,
            priority: 30,
          },
        },
      },
    },
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    stats: production ? 'errors-warnings' : 'minimal',
    devServer: {
      port: options.devPort,
      host: '127.0.0.1',
      historyApiFallback: isHost,
      hot: false,
      // webpack-dev-server 5 sends no CORS headers: the shell on another port must fetch our manifest.
      headers: { 'Access-Control-Allow-Origin': '*' },
      static: options.publicDir ? { directory: options.publicDir, publicPath: '/' } : false,
      proxy: isHost ? [{ context: ['/api', '/remotes.json', '/dev'], target: process.env.BLOCKPILOT_API ?? 'http://127.0.0.1:3000' }] : [],
    },
  };
}
