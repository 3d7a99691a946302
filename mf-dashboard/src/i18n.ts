/**
 * The dashboard remote's texts, namespace "dashboard" (docs/FRONTEND.md, "Languages"): English
 * bundled, Spanish fetched when chosen. Helpers outside React that write texts take the `t` a
 * screen got from {@link useT} (type {@link DashboardT}).
 */
import { defineCatalog, type Translate } from '@blockpilot/shared/i18n';
import en from './locales/en.json';

export const { useT, T } = defineCatalog('dashboard', { en, es: () => import('./locales/es.json') });

/** A key of this remote's catalog. */
export type MessageKey = keyof typeof en & string;
/** Translates one of this remote's keys: what `useT()` returns. */
export type DashboardT = Translate<typeof en>;
