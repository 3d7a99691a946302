/**
 * The installable app's manifest in the page's language (docs/FRONTEND.md, "Installable app"): the
 * build writes one per language (shell/scripts/prerender.tsx), and the page links the one of its language.
 */
import { DEFAULT_LANGUAGE, WEB_MANIFEST_PATH, type Language } from '@blockpilot/shared/constants';
import { useLanguage } from '@blockpilot/shared/i18n';
import { useEffect } from 'react';

/** `/manifest.webmanifest` in English, `/manifest.es.webmanifest` in Spanish. */
export function manifestPathOf(language: Language): string {
  return language === DEFAULT_LANGUAGE ? WEB_MANIFEST_PATH : WEB_MANIFEST_PATH.replace(/\.webmanifest$/, `.${language}.webmanifest`);
}

/** Renders nothing: keeps the page's manifest link on its language. */
export function ManifestLanguage() {
  const { language } = useLanguage();
  useEffect(() => {
    document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestPathOf(language));
  }, [language]);
  return null;
}
