/** This remote's texts, namespace "account" (docs/FRONTEND.md, "Languages"): English bundled, Spanish fetched when chosen. */
import { defineCatalog, type Translate } from '@blockpilot/shared/i18n';
import en from './locales/en.json';

export const { useT, T } = defineCatalog('account', { en, es: () => import('./locales/es.json') });

/** A text of this remote's catalog, for helpers that build texts outside a component. */
export type AccountTranslate = Translate<typeof en>;
