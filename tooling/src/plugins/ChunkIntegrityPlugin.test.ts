import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import webpack, { type Configuration } from 'webpack';
import { ChunkIntegrityPlugin, manifestIntegrity, sha384Integrity } from './ChunkIntegrityPlugin';

/** A build of an entry that loads one chunk on demand, as a remote's entry loads its exposed modules. */
function compile(config: Configuration): Promise<webpack.Stats> {
  return new Promise((resolve, reject) =>
    webpack(config, (error, stats) => {
      if (error || !stats) reject(error ?? new Error('no stats'));
      else if (stats.hasErrors()) reject(new Error(stats.toString('errors-only')));
      else resolve(stats);
    }),
  );
}

/** An element as the chunk loader leaves it, on a page that only records what is put into it. */
interface Element {
  tagName: string;
  src?: string;
  integrity?: string;
  crossOrigin?: string;
  setAttribute(name: string, value: string): void;
}

/** Runs `entry` on a fake page and asks it for its lazy chunk: the script element the loader adds. */
function loadLazyChunk(entry: string): Element {
  const added: Element[] = [];
  const document = {
    createElement: (tagName: string): Element => ({ tagName, setAttribute() {} }),
    getElementsByTagName: () => [],
    head: { appendChild: (element: Element) => added.push(element) },
  };
  const page: Record<string, unknown> = { document, setTimeout: () => 0, clearTimeout: () => undefined };
  page.self = page;
  page.window = page;
  runInNewContext(entry, page);
  void (page.loadLazy as () => Promise<unknown>)().catch(() => undefined);
  expect(added).toHaveLength(1);
  return added[0]!;
}

describe('a build with chunk integrity', () => {
  let dir: string;
  let out: string;
  let manifest: Record<string, string> = {};

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'chunk-integrity-'));
    out = path.join(dir, 'dist');
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(path.join(dir, 'src/lazy.js'), 'export const lazy = "the lazy chunk";\n');
    writeFileSync(path.join(dir, 'src/index.js'), 'self.loadLazy = () => import(/* webpackChunkName: "lazy" */ "./lazy");\n');
    const writeManifest = manifestIntegrity('integrity');
    await compile({
      mode: 'production',
      context: dir,
      entry: { main: './src/index.js' },
      devtool: 'source-map',
      output: { path: out, publicPath: '/', filename: '[name].[contenthash:8].js', chunkFilename: '[name].[contenthash:8].js' },
      plugins: [
        new ChunkIntegrityPlugin(),
        {
          apply: (compiler) =>
            compiler.hooks.thisCompilation.tap('manifest', (compilation) =>
              compilation.hooks.processAssets.tap({ name: 'manifest', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, () => {
                manifest = (writeManifest({ stats: { metaData: {} }, compilation }).metaData as { integrity: Record<string, string> }).integrity;
              }),
            ),
        },
      ],
    });
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const file = (prefix: string) => readdirSync(out).find((name) => name.startsWith(prefix) && name.endsWith('.js'))!;

  it("puts the sha384 of the chunk's final file on the script that loads it, with crossorigin", () => {
    const script = loadLazyChunk(readFileSync(path.join(out, file('main.')), 'utf8'));
    expect(script.src).toBe(`/${file('lazy.')}`);
    expect(script.integrity).toBe(sha384Integrity(readFileSync(path.join(out, file('lazy.')))));
    expect(script.crossOrigin).toBe('anonymous');
  });

  it("lists the sha384 of every script as it was written, the entry's included", () => {
    expect(manifest).toEqual({
      [file('main.')]: sha384Integrity(readFileSync(path.join(out, file('main.')))),
      [file('lazy.')]: sha384Integrity(readFileSync(path.join(out, file('lazy.')))),
    });
  });
});
