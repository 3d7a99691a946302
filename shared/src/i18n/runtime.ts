/**
 * The page's one translation runtime (docs/FRONTEND.md, "Languages"): a Lingui instance that holds
 * every package's catalog under its namespace ("dashboard.start"), and the active language. It
 * lives in `@blockpilot/shared`, the federation singleton, so the shell and every remote translate
 * through the same instance; remotes never import Lingui themselves (the linter says so).
 *
 * English catalogs are bundled with their package and loaded at once; any other language is a
 * chunk fetched only when that language is chosen. Catalogs arrive compiled (tooling compiles each
 * `locales/*.json` at build time), so the page carries no message parser.
 */
import { setupI18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, type Language } from '../constants';
import { isLanguage, languageOfBrowser } from '../rules';
import { setFormatLanguage } from '../format';
import { readStored } from '../session/storage';

/** A package's messages by key, as `locales/<language>.json` holds them (compiled by the build). */
export type CatalogMessages = Record<string, string>;
/** A package's catalogs: English bundled, every other language loaded when chosen. */
export type CatalogSource<M extends CatalogMessages> = { en: M } & { [L in Exclude<Language, 'en'>]: () => Promise<{ default: unknown }> };

export const i18n = setupI18n();

const catalogs = new Map<string, CatalogSource<CatalogMessages>>();
/** `${namespace}:${language}` -> its load, once; a settled load stays here so a re-render never fetches again. */
const loads = new Map<string, { promise: Promise<void>; done: boolean }>();

function withNamespace(namespace: string, messages: object): Messages {
  const prefixed: Messages = {};
  for (const [key, message] of Object.entries(messages)) prefixed[`${namespace}.${key}`] = message as Messages[string];
  return prefixed;
}

/**
 * Makes a package's messages known; its English is usable at once. Registering a namespace again
 * keeps the first (a remote's module evaluated twice, or the shared kit's hook over its plain texts).
 */
export function registerCatalog(namespace: string, source: CatalogSource<CatalogMessages>): void {
  if (catalogs.has(namespace)) return;
  catalogs.set(namespace, source);
  i18n.load('en', withNamespace(namespace, source.en));
  loads.set(`${namespace}:en`, { promise: Promise.resolve(), done: true });
}

/** The load of one namespace in one language: null once it is in, else the promise a screen waits for. */
export function catalogLoad(namespace: string, language: Language): Promise<void> | null {
  const key = `${namespace}:${language}`;
  let load = loads.get(key);
  if (!load) {
    const source = catalogs.get(namespace);
    if (!source) throw new Error(`No catalog is registered for "${namespace}"`);
    const entry = { done: false, promise: Promise.resolve() };
    entry.promise = (source[language as Exclude<Language, 'en'>]() as Promise<{ default: object }>).then(({ default: messages }) => {
      i18n.load(language, withNamespace(namespace, messages));
      entry.done = true;
    });
    // A failed fetch (offline) is forgotten, so the next render asks again instead of failing for ever.
    entry.promise.catch(() => loads.delete(key));
    loads.set(key, (load = entry));
  }
  return load.done ? null : load.promise;
}

function show(language: Language): void {
  // A language starts with no messages until its catalogs arrive: screens wait for theirs (useT).
  // (Loading nothing merges into what is there.)
  i18n.load(language, {});
  i18n.activate(language);
  setFormatLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/**
 * Switches the page to a language once every catalog registered so far is loaded in it, so the
 * screen changes in one step. Catalogs registered later (a remote opened afterwards) load when
 * their screen first renders.
 */
export async function switchLanguage(language: Language): Promise<void> {
  if (i18n.locale === language) return;
  await Promise.all([...catalogs.keys()].map((namespace) => catalogLoad(namespace, language)));
  show(language);
}

export function activeLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

/**
 * The language a page starts in: the one chosen on this browser, else the account's as last
 * stored, else the browser's own (docs/FRONTEND.md, "Languages").
 */
export function startingLanguage(): Language {
  const chosen = readStored<unknown>('language', null);
  if (isLanguage(chosen)) return chosen;
  const account = readStored<{ language?: unknown } | null>('account', null);
  if (isLanguage(account?.language)) return account.language;
  return typeof navigator === 'undefined' ? DEFAULT_LANGUAGE : languageOfBrowser(navigator.languages ?? [navigator.language]);
}

// The page starts in its language at once: screens whose catalog is not loaded yet wait for it
// (they suspend) rather than flash English first.
show(startingLanguage());
