/** The work limits form's own words, loaded with its chunk (src/i18n.ts, definePageCatalog). */
import { definePageCatalog } from '../../i18n';
import en from './locales/en.json';

export const { useT, T } = definePageCatalog('limits', { en, es: () => import('./locales/es.json') });

/** What the form's `useT()` returns: its own keys and the remote's. */
export type LimitsT = ReturnType<typeof useT>;
