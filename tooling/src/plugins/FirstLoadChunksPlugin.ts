/**
 * Lists the async chunks every first load of the host fetches (its bootstrap, the shared libraries
 * it provides), so its page can preload them all at once. Without the list the browser discovers
 * them level by level (entry, then bootstrap, then each shared library's own split chunks): on a
 * phone's network every level is a round trip before the first screen.
 * Left out:
 * - fallback chunks of shared modules, which only load when no provider exists (the host is the
 *   provider);
 * - chunks named in their import (`webpackChunkName`): the code split them off to load on demand
 *   (axios: with the first API call, which a signed-in page starts early itself). The chunk the
 *   build config names for the workspace's shared package stays in: every first load needs it,
 *   and so does the early start's code (the import's own chunk is left empty by it).
 */
import type { Chunk, Compiler } from 'webpack';

/** The list's file in the build output: a JSON array of file names. */
export const FIRST_LOAD_CHUNKS_FILE = 'first-load-chunks.json';

const NAME = 'FirstLoadChunksPlugin';
const CONSUME_SHARED_MODULE = 'consume-shared-module';

/** A chunk the code named where it imports it; the chunks webpack's splitChunks names (the workspace's shared package) load with the page. */
function namedInItsImport(chunk: Chunk): boolean {
  return Boolean(chunk.name) && !chunk.chunkReason?.startsWith('split chunk');
}

/** A chunk only a consume-shared fallback asks for: loaded only when nobody provides the module. */
function isSharedFallback(chunk: Chunk): boolean {
  const origins = [...chunk.groupsIterable].flatMap((group) => group.origins);
  return origins.length > 0 && origins.every((origin) => origin.module?.type === CONSUME_SHARED_MODULE);
}

export class FirstLoadChunksPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const files = new Set<string>();
        for (const chunk of compilation.chunks) {
          // Initial chunks are the page's own script tags.
          if (chunk.canBeInitial() || namedInItsImport(chunk) || isSharedFallback(chunk)) continue;
          for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
        }
        // Smallest first: a browser opens a few connections per host and, on a slow network, each
        // request costs a round trip before its first byte. The small chunks (the shell's early
        // start and the boot surface it needs) then arrive first, instead of queueing behind
        // react-dom (docs/FRONTEND.md "Cold start").
        const size = (file: string) => compilation.getAsset(file)?.source.size() ?? 0;
        const ordered = [...files].sort((a, b) => size(a) - size(b) || a.localeCompare(b));
        compilation.emitAsset(FIRST_LOAD_CHUNKS_FILE, new sources.RawSource(JSON.stringify(ordered)));
      });
    });
  }
}
