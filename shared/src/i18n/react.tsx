/**
 * Translation for React screens (docs/FRONTEND.md, "Languages"). A package declares its catalog
 * once with {@link defineCatalog} and gets a typed `useT()` and `<T>`: a key that is not in the
 * package's English catalog does not compile.
 */
import { I18nProvider, Trans, useLingui } from '@lingui/react';
import { useCallback, type ComponentProps, type ReactNode } from 'react';
import { writeStored, getAccessToken } from '../session/storage';
import type { Language } from '../constants';
import { activeLanguage, catalogLoad, i18n, registerCatalog, switchLanguage, type CatalogMessages, type CatalogSource } from './runtime';

/** Values of a message's placeholders: `{count}`, `{amount}`. */
export type MessageValues = Record<string, string | number>;
/** Translates one key of a package's catalog. */
export type Translate<M extends CatalogMessages> = (key: keyof M & string, values?: MessageValues) => string;

export function TranslationProvider({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/**
 * A package's catalog: `export const { useT, T } = defineCatalog('dashboard', { en, es: () => import('./locales/es.json') })`.
 * `useT()` re-renders on a language change and suspends while the catalog loads in a new language.
 */
export function defineCatalog<M extends CatalogMessages>(namespace: string, source: CatalogSource<M>) {
  registerCatalog(namespace, source);

  function useT(): Translate<M> {
    // Lingui's `_` is a new function after every change (language, catalog): memoised texts follow it.
    const { _: translate } = useLingui();
    // Thrown rather than passed to `use`: React replays a component that suspended in `use` and
    // expects the same calls again, which a load that has settled meanwhile would not make (the
    // hooks after it then fail); a thrown promise retries the render from its start instead.
    const pending = catalogLoad(namespace, activeLanguage());
    if (pending) throw pending;
    return useCallback((key, values) => translate(`${namespace}.${key}`, values), [translate]);
  }

  /**
   * A message with elements inside: `<T id="terms" components={{ 0: <Link to="/terms" /> }} />`
   * for "Read the <0>terms</0>".
   */
  function T({ id, values, components }: { id: keyof M & string; values?: MessageValues; components?: ComponentProps<typeof Trans>['components'] }) {
    useT();
    return <Trans id={`${namespace}.${id}`} values={values} components={components} />;
  }

  return { useT, T };
}

/**
 * The page's language and the way to change it: the whole page switches once the catalogs are in,
 * the choice is kept on this browser, and a signed-in driver's account saves it (e-mails and chat
 * messages follow the account's language).
 */
export function useLanguage(): { language: Language; changeLanguage: (language: Language) => Promise<void> } {
  useLingui();
  const changeLanguage = useCallback(async (language: Language) => {
    await switchLanguage(language);
    writeStored('language', language);
    if (getAccessToken()) {
      // The API client stays out of a visitor's first load: it is fetched only for a signed-in driver.
      const { api } = await import('../api/endpoints');
      await api.user.saveLanguage(language);
    }
  }, []);
  return { language: activeLanguage(), changeLanguage };
}
