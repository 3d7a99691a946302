/** The shell's texts, namespace "shell" (docs/FRONTEND.md, "Languages"). */
import { defineCatalog, type Translate } from '@blockpilot/shared/i18n';
import en from './locales/en.json';

export const { useT, T } = defineCatalog('shell', { en, es: () => import('./locales/es.json') });
/** A key of the shell's catalog. */
export type ShellMessage = keyof typeof en;
/** What `useT()` gives, for helpers that build texts. */
export type ShellTranslate = Translate<typeof en>;
