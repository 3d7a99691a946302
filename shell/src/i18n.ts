/** The shell's texts, namespace "shell" (docs/FRONTEND.md, "Languages"). */
import { defineCatalog, type Translate } from '@blockpilot/shared/i18n';
import en from './locales/en.json';

// Named, so the shell's page does not preload it with every first load: a language loads when chosen.
export const { useT, T } = defineCatalog('shell', { en, es: () => import(/* webpackChunkName: "shell-es" */ './locales/es.json') });
/** A key of the shell's catalog. */
export type ShellMessage = keyof typeof en;
/** What `useT()` gives, for helpers that build texts. */
export type ShellTranslate = Translate<typeof en>;
