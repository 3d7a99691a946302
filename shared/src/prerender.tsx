/**
 * Build-time rendering of a screen to static HTML, with the CSS its styled components need. The
 * server sends this HTML as the page's first paint, so a phone shows the landing page before any
 * script has run; the shell then takes the same markup over (see the shell's prerenderedPage.ts).
 * Node only: imported by build scripts, never by a bundle.
 */
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';

/** The element's markup preceded by the `<style>` tag of the rules it uses. */
export function renderStaticHtml(element: ReactElement): string {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(element));
    return sheet.getStyleTags() + html;
  } finally {
    sheet.seal();
  }
}
