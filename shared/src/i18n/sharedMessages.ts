/**
 * The texts of the shared UI kit and API client, namespace "shared" (docs/FRONTEND.md, "Languages"),
 * and their use outside React. Apart from the React hook (sharedCatalog.ts) so that the API client
 * can name its errors without importing React code.
 */
import en from '../locales/en.json';
import { activeLanguage, catalogLoad, i18n, registerCatalog } from './runtime';

// Named, so the shell's page does not preload it with every first load: a language loads when chosen.
export const SHARED_CATALOG = { en, es: () => import(/* webpackChunkName: "shared-es" */ '../locales/es.json') };
registerCatalog('shared', SHARED_CATALOG);
// Texts made outside React (an API error's message) cannot wait for their catalog: fetch it at once.
catalogLoad('shared', activeLanguage())?.catch(() => undefined);

/** A shared text outside React, in the active language (this catalog is fetched as the page starts). */
export function sharedText(key: keyof typeof en, values?: Record<string, string | number>): string {
  return i18n._(`shared.${key}`, values);
}
