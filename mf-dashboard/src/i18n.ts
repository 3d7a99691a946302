/**
 * The dashboard remote's texts, namespace "dashboard" (docs/FRONTEND.md, "Languages"): English
 * bundled, Spanish fetched when chosen. Helpers outside React that write texts take the `t` a
 * screen got from {@link useT} (type {@link DashboardT}).
 *
 * The pages that are chunks of their own (src/pageChunks.ts) keep their words in a catalog of
 * their own beside them (`screens/<Page>/locales/`), declared with {@link definePageCatalog}: it
 * comes with the page's chunk, so the dashboard's first load carries only its first page's words.
 */
import { defineCatalog, type CatalogMessages, type CatalogSource, type MessageValues, type Translate } from '@blockpilot/shared/i18n';
import { useCallback } from 'react';
import en from './locales/en.json';

export const { useT, T } = defineCatalog('dashboard', { en, es: () => import('./locales/es.json') });

/** A key of this remote's catalog. */
export type MessageKey = keyof typeof en & string;
/** Translates one of this remote's keys: what `useT()` returns. */
export type DashboardT = Translate<typeof en>;

/**
 * A page chunk's catalog, namespace `dashboard-<page>`: its `useT()` translates the page's own keys
 * and the remote's (units, reasons, shared parts), so the page's screens read one `t`.
 */
export function definePageCatalog<M extends CatalogMessages>(page: string, source: CatalogSource<M>) {
  const own = defineCatalog(`dashboard-${page}`, source);

  function usePageT(): Translate<M & typeof en> {
    const ownT = own.useT();
    const remoteT = useT();
    return useCallback(
      (key: keyof (M & typeof en) & string, values?: MessageValues) => (Object.hasOwn(source.en, key) ? ownT(key, values) : remoteT(key as MessageKey, values)),
      [ownT, remoteT],
    );
  }

  return { useT: usePageT, T: own.T };
}
