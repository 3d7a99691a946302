/**
 * A package's message catalogs (`src/locales/<language>.json`, docs/FRONTEND.md, "Languages") are
 * compiled at build time: a wrong placeholder or plural fails the build, and the page carries
 * compiled messages and no parser.
 */
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/** Which files are catalogs: the build compiles them, the catalog test checks them. */
export const CATALOG_FILE = /[\\/]locales[\\/][a-z]{2}\.json$/;

export function compileCatalog(source: string, file = 'a message catalog'): Record<string, unknown> {
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

/**
 * The webpack rule: a catalog stays a JSON module (webpack names the file when it fails), parsed
 * into its compiled messages.
 */
export const catalogRule = { test: CATALOG_FILE, type: 'json', parser: { parse: (source: string) => compileCatalog(source) } };
