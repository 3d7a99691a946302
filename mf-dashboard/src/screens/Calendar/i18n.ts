/** The Calendar page's own words, loaded with its chunk (src/i18n.ts, definePageCatalog). */
import { definePageCatalog } from '../../i18n';
import en from './locales/en.json';

export const { useT, T } = definePageCatalog('calendar', { en, es: () => import('./locales/es.json') });

/** What the page's `useT()` returns: its own keys and the remote's. */
export type PageT = ReturnType<typeof useT>;
/** A key the page's `useT()` translates. */
export type MessageKey = Parameters<PageT>[0];
