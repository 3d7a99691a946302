/**
 * Subresource integrity inside a remote's build (docs/RELEASES.md "Integrity in the browser"). The
 * release registry vouches for a release's mf-manifest.json and remote entry (their sha384 is in
 * the remote list, and the shell loads both with it); this plugin makes those two files vouch for
 * every other one:
 * - every runtime that loads chunks (the remote entry, the preview page's entry) carries the sha384
 *   of each chunk it may load, and webpack's chunk loader puts it on the chunk's script as
 *   `integrity`, with `crossorigin`: a chunk changed after the build is not run. Its federation
 *   chunks (the exposed modules, lazy pages, shared fallbacks) are loaded by this loader, not by
 *   the federation runtime, so the shell's runtime plugin never sees them;
 * - the manifest lists the sha384 of each script and stylesheet of the build ({@link
 *   manifestIntegrity}), for the files the shell's federation runtime asks for itself (its
 *   preloads).
 *
 * A runtime's table is written with a placeholder per chunk (the chunks' bytes are final only once
 * webpack has named them by their content), replaced by the real hash right after: placeholders are
 * as long as a hash, so the source map still fits.
 */
import { createHash } from 'node:crypto';
import type { Chunk, Compilation, Compiler } from 'webpack';

const NAME = 'ChunkIntegrityPlugin';
/** The runtime's table: `__webpack_require__.chunkIntegrity[chunkId]`. */
const TABLE = 'chunkIntegrity';
/** Well-formed, and the sha384 of nothing: a chunk missing from the table fails closed instead of running unchecked. */
export const NO_MATCH = `sha384-${'A'.repeat(64)}`;
/** The files a page runs or applies: the only ones a browser checks integrity on. */
const CHECKED_FILE = /\.(js|css)$/;

/** SRI form of the sha384 of `bytes`, as the release registry records it. */
export function sha384Integrity(bytes: Buffer | string): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** Stands for a chunk's hash until its file is final: as long as one, and never a file's. */
function placeholderOf(chunkId: string | number): string {
  return sha384Integrity(`${NAME} placeholder of chunk ${chunkId}`);
}

/** The chunk's script, if it has one. */
function scriptOf(chunk: Chunk): string | undefined {
  return [...chunk.files].find((file) => file.endsWith('.js'));
}

/**
 * `manifest.additionalData` of the federation plugin: puts the sha384 of every script and
 * stylesheet of the build (by its path beside the manifest) into the manifest's `metaData[field]`
 * (shared's MANIFEST_INTEGRITY_FIELD, which the shell reads). The federation plugin writes the
 * manifest after webpack has named and this plugin has completed every file, and before the
 * compressed copies are made.
 */
export function manifestIntegrity(field: string) {
  return <Stats extends { metaData: object }>({ stats, compilation }: { stats: Stats; compilation: Compilation }): Stats => {
    const files = compilation
      .getAssets()
      .filter((asset) => CHECKED_FILE.test(asset.name))
      .map((asset) => [asset.name, sha384Integrity(asset.source.buffer())] as const)
      .sort(([a], [b]) => a.localeCompare(b));
    return { ...stats, metaData: { ...stats.metaData, [field]: Object.fromEntries(files) } };
  };
}

export class ChunkIntegrityPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, RuntimeGlobals, RuntimeModule, Template, WebpackError, javascript, runtime, sources } = compiler.webpack;
    const hasScript = (chunk: Chunk, compilation: Compilation) => javascript.JavascriptModulesPlugin.chunkHasJs(chunk, compilation.chunkGraph);

    /** `__webpack_require__.chunkIntegrity = { <chunk id>: <placeholder> }`, for every chunk with a script the runtime may load. */
    class ChunkIntegrityTable extends RuntimeModule {
      constructor() {
        super('chunk integrity');
      }
      override generate(): string {
        const { chunk, compilation } = this;
        const table = Object.fromEntries(
          [...chunk!.getAllAsyncChunks()].filter((async) => async.id !== null && hasScript(async, compilation!)).map((async) => [async.id, placeholderOf(async.id!)]),
        );
        return `${RuntimeGlobals.require}.${TABLE} = ${JSON.stringify(table)};`;
      }
    }

    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.runtimeRequirementInTree.for(RuntimeGlobals.loadScript).tap(NAME, (chunk) => {
        compilation.addRuntimeModule(chunk, new ChunkIntegrityTable());
      });
      // `chunkId` is set when the chunk loader asks (webpack's `loadScript(url, done, key, chunkId)`).
      runtime.LoadScriptRuntimeModule.getCompilationHooks(compilation).createScript.tap(NAME, (source) =>
        Template.asString([
          source,
          'if (chunkId !== undefined) {',
          Template.indent([`script.integrity = ${RuntimeGlobals.require}.${TABLE}[chunkId] || ${JSON.stringify(NO_MATCH)};`, "script.crossOrigin = 'anonymous';"]),
          '}',
        ]),
      );

      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 }, () => {
        const hashes = new Map<string, string>();
        for (const chunk of compilation.chunks) {
          const file = scriptOf(chunk);
          // A runtime's own file is completed here: no table may hold it (no entry loads another).
          if (chunk.id === null || !file || chunk.hasRuntime()) continue;
          hashes.set(placeholderOf(chunk.id), sha384Integrity(compilation.getAsset(file)!.source.buffer()));
        }
        for (const chunk of compilation.chunks) {
          const file = scriptOf(chunk);
          if (!chunk.hasRuntime() || !file) continue;
          compilation.updateAsset(file, (old) => {
            const text = old.source().toString();
            const replaced = new sources.ReplaceSource(old);
            for (const [placeholder, hash] of hashes) {
              for (let at = text.indexOf(placeholder); at !== -1; at = text.indexOf(placeholder, at + 1)) replaced.replace(at, at + placeholder.length - 1, hash);
            }
            const left = [...chunk.getAllAsyncChunks()].filter((async) => async.id !== null && text.includes(placeholderOf(async.id)) && !hashes.has(placeholderOf(async.id)));
            if (left.length) compilation.errors.push(new WebpackError(`${NAME}: ${file} may load chunk ${left.map((async) => async.id).join(', ')}, whose script has no hash`));
            return replaced;
          });
        }
      });
    });
  }
}
