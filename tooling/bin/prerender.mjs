#!/usr/bin/env node
/**
 * blockpilot-prerender <script.tsx>: runs a package's build-time render script (one that writes
 * static HTML of a screen, see @blockpilot/shared/prerender). The script is bundled first, with
 * the workspace's source condition and the packages' ES builds, as webpack would see them: Node
 * alone would load styled-components' CommonJS build, whose default export is not `styled`.
 * Message catalogs are compiled as webpack compiles them (src/catalogs.ts): the bundle is
 * built for production, where the translation runtime has no message parser.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const CATALOGS = fileURLToPath(new URL('../src/catalogs.ts', import.meta.url));
/** A catalog (`locales/<language>.json`, as CATALOG_FILE in src/catalogs.ts) becomes its compiled messages. */
const compileCatalogs = {
  name: 'compile-catalogs',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]locales[\\/][a-z]{2}\.json$/ }, async ({ path: file }) => ({
      contents: `import { compileCatalog } from ${JSON.stringify(CATALOGS)};\nexport default compileCatalog(${JSON.stringify(await readFile(file, 'utf8'))}, ${JSON.stringify(file)});`,
      loader: 'js',
      resolveDir: path.dirname(CATALOGS),
    }));
  },
};

const [entry] = process.argv.slice(2);
if (!entry) {
  console.error('usage: blockpilot-prerender <script.tsx>');
  process.exit(2);
}

const result = await build({
  entryPoints: [path.resolve(entry)],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  conditions: ['@blockpilot/source'],
  mainFields: ['module', 'main'],
  define: { 'process.env.NODE_ENV': '"production"' },
  // CommonJS dependencies bundled into an ES module still call require() for Node's built-ins.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  write: false,
  logLevel: 'warning',
  plugins: [compileCatalogs],
});
const bundled = path.join(tmpdir(), `blockpilot-prerender-${process.pid}.mjs`);
writeFileSync(bundled, result.outputFiles[0].contents);
try {
  await import(pathToFileURL(bundled).href);
} finally {
  rmSync(bundled, { force: true });
}
