/**
 * Emits the app's service worker (SERVICE_WORKER_PATH, `sw.js` at the output's root) from its TypeScript source,
 * bundled by esbuild once the build's file names are final (after the real content hashes, before
 * compression), with the list of the build's content-hashed files and a version naming its cache
 * baked in. A new build therefore ships a worker that differs byte for byte, which is what makes
 * browsers install it (docs/FRONTEND.md "Installable app").
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import type { Compiler } from 'webpack';
import { SOURCE_CONDITION } from '../conditions';

export interface ServiceWorkerPluginOptions {
  /** The package's folder (the shell's). */
  dir: string;
  /** The worker's source file. */
  entry: string;
}

const NAME = 'ServiceWorkerPlugin';
const require = createRequire(__filename);

/** The shell's files the worker may keep: its content-hashed outputs, never source maps, pages, lists or compressed twins. */
export function cachedShellFiles(outputs: readonly string[], contentHashed: RegExp): string[] {
  return outputs
    .filter((file) => !/\.(map|gz|br|html|json)$/.test(file) && contentHashed.test(file))
    .map((file) => `/${file.replace(/^\/+/, '')}`)
    .sort();
}

/** Shared's constants from its source: a config is loaded before anything is built (as in ../webpack.ts). */
function sharedConstants(dir: string): typeof import('@blockpilot/shared/constants') {
  return require(path.join(path.dirname(require.resolve('@blockpilot/shared/package.json', { paths: [dir] })), 'src/constants.ts'));
}

export class ServiceWorkerPlugin {
  constructor(private readonly options: ServiceWorkerPluginOptions) {}

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    const production = compiler.options.mode === 'production';
    const { CONTENT_HASHED_FILE, SERVICE_WORKER_PATH } = sharedConstants(this.options.dir);
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      // After OPTIMIZE_HASH (the real content hashes rename files), before OPTIMIZE_TRANSFER (compression).
      compilation.hooks.processAssets.tapPromise({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 }, async () => {
        const files = cachedShellFiles(
          compilation.getAssets().map((asset) => asset.name),
          CONTENT_HASHED_FILE,
        );
        const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
        const bundled = await build({
          entryPoints: [this.options.entry],
          bundle: true,
          write: false,
          format: 'iife',
          target: 'es2020',
          platform: 'browser',
          minify: production,
          conditions: [SOURCE_CONDITION],
          define: { __SHELL_FILES__: JSON.stringify(files), __SHELL_VERSION__: JSON.stringify(version) },
          logLevel: 'silent',
        });
        compilation.fileDependencies.add(this.options.entry);
        compilation.emitAsset(SERVICE_WORKER_PATH.slice(1), new sources.RawSource(bundled.outputFiles[0]!.text));
      });
    });
  }
}
