/**
 * Webpack loader for a package's message catalog (`src/locales/<language>.json`, docs/FRONTEND.md,
 * "Languages"): compiles every ICU message at build time, so a wrong placeholder or plural fails the
 * build, and the page carries compiled messages and no parser.
 */
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/** Which files are catalogs: the build compiles them, the catalog test checks them. */
export const CATALOG_FILE = /[\\/]locales[\\/][a-z]{2}\.json$/;

export function compileCatalog(source: string, file: string): Record<string, unknown> {
  const messages = JSON.parse(source) as Record<string, unknown>;
  const compiled: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${file}: "${key}" is not a string`);
    try {
      compiled[key] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`${file}: "${key}" is not a valid ICU message: ${(error as Error).message}`, { cause: error });
    }
  }
  return compiled;
}

export default function catalogLoader(this: { resourcePath: string }, source: string): string {
  return `export default ${JSON.stringify(compileCatalog(source, this.resourcePath))};`;
}
