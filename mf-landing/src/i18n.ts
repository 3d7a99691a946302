/** The landing remote's texts, namespace "landing" (docs/FRONTEND.md, "Languages"). */
import { defineCatalog, type Translate } from '@blockpilot/shared/i18n';
import en from './locales/en.json';

export const { useT, T } = defineCatalog('landing', { en, es: () => import('./locales/es.json') });
/** A key of the landing remote's catalog. */
export type LandingMessage = keyof typeof en;
/** What `useT()` gives, for helpers that build texts. */
export type LandingTranslate = Translate<typeof en>;
