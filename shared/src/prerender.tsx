/**
 * Build-time rendering of a screen to static HTML, with the CSS its styled components need. The
 * server sends this HTML as the page's first paint, so a phone shows the landing page before any
 * script has run; the shell then takes the same markup over (see the shell's prerenderedPage.ts).
 * Node only: imported by build scripts, never by a bundle.
 */
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { DEFAULT_LANGUAGE, LANGUAGES, PRERENDERED_LANGUAGE_ATTRIBUTE, type Language } from './constants';
import { TranslationProvider, type Translate } from './i18n/react';
import { switchLanguage } from './i18n/runtime';

/** The element's markup and the `<style>` tags of the rules it uses. */
function renderParts(element: ReactElement): { styles: string; html: string } {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(element));
    return { styles: sheet.getStyleTags(), html };
  } finally {
    sheet.seal();
  }
}

/** The element's markup preceded by the `<style>` tag of the rules it uses. */
export function renderStaticHtml(element: ReactElement): string {
  const { styles, html } = renderParts(element);
  return styles + html;
}

/** Runs `render` once in each language the app speaks, with that language active (English again afterwards). */
export async function inEveryLanguage<T>(render: (language: Language) => T): Promise<Array<[Language, T]>> {
  const results: Array<[Language, T]> = [];
  try {
    for (const language of LANGUAGES) {
      await switchLanguage(language);
      results.push([language, render(language)]);
    }
  } finally {
    await switchLanguage(DEFAULT_LANGUAGE);
  }
  return results;
}

/** A package's `useT` outside React (a build script): its translate function in the active language. */
export function translatorOf<M extends Record<string, string>>(useT: () => Translate<M>): Translate<M> {
  let translate: Translate<M> | undefined;
  function Probe() {
    translate = useT();
    return null;
  }
  renderToString(
    <TranslationProvider>
      <Probe />
    </TranslationProvider>,
  );
  return translate!;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The element's static HTML in every language, as the page script expects it
 * ({@link PRERENDERED_LANGUAGE_ATTRIBUTE}, docs/FRONTEND.md "Languages"): the styles first (the
 * same in every language, so kept when the copies are swapped), then the English copy, then each
 * other language's in a `<template>`, inert until the page script puts it in place. `title`: the
 * page title this part names, asked in each language.
 */
export async function renderStaticHtmlInEveryLanguage(element: () => ReactElement, { title }: { title?: () => string } = {}): Promise<string> {
  const copies = await inEveryLanguage(() => ({ title: title?.(), ...renderParts(<TranslationProvider>{element()}</TranslationProvider>) }));
  const english = copies.find(([language]) => language === DEFAULT_LANGUAGE)![1];
  return (
    english.styles +
    `<div ${PRERENDERED_LANGUAGE_ATTRIBUTE}="" style="display:contents">${english.html}</div>` +
    copies
      .filter(([language]) => language !== DEFAULT_LANGUAGE)
      .map(([language, copy]) => {
        const titleAttribute = copy.title === undefined ? '' : ` data-title="${escapeAttribute(copy.title)}"`;
        // A copy that needs rules the English one does not have brings them along.
        const styles = copy.styles === english.styles ? '' : copy.styles;
        return `<template ${PRERENDERED_LANGUAGE_ATTRIBUTE}="${language}"${titleAttribute}>${styles}${copy.html}</template>`;
      })
      .join('')
  );
}
