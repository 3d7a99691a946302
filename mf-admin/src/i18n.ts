/**
 * The operator console's texts, namespace "admin" (docs/FRONTEND.md, "Languages"): English
 * bundled, Spanish fetched when chosen. Helpers outside React that write texts take the `t` a
 * screen got from {@link useT} (type {@link AdminT}).
 */
import { defineCatalog, type Translate } from '@blockpilot/shared/i18n';
import en from './locales/en.json';

export const { useT, T } = defineCatalog('admin', { en, es: () => import('./locales/es.json') });

/** A key of this remote's catalog. */
export type AdminMessageKey = keyof typeof en & string;
/** Translates one of this remote's keys: what `useT()` returns. */
export type AdminT = Translate<typeof en>;
