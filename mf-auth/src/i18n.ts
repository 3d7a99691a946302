/** The sign-in remote's texts, namespace "auth" (docs/FRONTEND.md, "Languages"). */
import { defineCatalog } from '@blockpilot/shared/i18n';
import en from './locales/en.json';

export const { useT, T } = defineCatalog('auth', { en, es: () => import('./locales/es.json') });
