/**
 * Puts the shell's frame, as a visitor sees it (theme, global styles, navigation bar), into the
 * built index.html, with an empty outlet where the server puts a remote's prerendered page (the
 * landing page at `/`). The first paint then needs no script; the shell takes the frame over when
 * it boots. Also adds the page's one inline script and style (see shared/src/pageScript.ts), after
 * the app's script tags, which that script may have to load itself.
 *
 * The frames are rendered in every language the app speaks: the page script shows the visitor's
 * from the first paint (docs/FRONTEND.md, "Languages"). So is the installable app's manifest
 * (its description), one file per language, which the shell links as the page's language changes.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRERENDER_OUTLET_ATTRIBUTE, PRERENDERED_ATTRIBUTE, PRERENDERED_SIGNED_IN_ATTRIBUTE } from '@blockpilot/shared/constants';
import { PAGE_STYLE } from '@blockpilot/shared';
import { PAGE_SCRIPT } from '@blockpilot/shared/pageScript';
import { inEveryLanguage, renderStaticHtmlInEveryLanguage, translatorOf } from '@blockpilot/shared/prerender';
import { FIRST_LOAD_CHUNKS_FILE } from '@blockpilot/tooling/firstLoadChunks';
import { AppProviders } from '@blockpilot/shared/ui';
import type { ReactNode } from 'react';
import { StaticRouter } from 'react-router-dom';
import { useT } from '../src/i18n';
import { manifestPathOf } from '../src/manifestLanguage';
import { PrerenderedRemoteLoading } from '../src/federation/RemoteLoading';
import { NavBar } from '../src/navigation/NavBar';

/** html-webpack-plugin minifies the page: attribute quotes may be gone. */
const EMPTY_ROOT = /<div id="?root"?><\/div>/;
const STYLESHEET_LINK = /<link href="?\/([^" >]+\.css)"? rel="?stylesheet"?>/g;
// Run from the package folder (its build script), like webpack.
const outDir = process.env.BLOCKPILOT_OUT_DIR ?? path.resolve('dist');
const indexFile = path.join(outDir, 'index.html');

/** The font files' preloads, which go last in the page's head (see {@link inlineStylesheet}). */
const fontPreloads: string[] = [];

/**
 * The shell's stylesheet (its @font-face rules, about 1 KB) goes into the page, and its fonts are
 * preloaded: the first paint then waits on no other request. The preloads go last in the head, at
 * low priority: on a slow network the browser's few connections go first to what the first screen
 * waits on (the app's scripts, the page script's early requests), not to fonts that, being
 * optional, a slow first visit would not show anyway (BENCHMARKS.md "Cold start on a phone").
 */
function inlineStylesheet(_link: string, file: string): string {
  // 'optional' instead of fontsource's 'swap': text never changes font after its first paint. On a
  // slow first visit the page keeps the system font (Poppins is cached for the next one) rather
  // than reflowing, and the live page, painted later, measures exactly as the static one did.
  const css = readFileSync(path.join(outDir, file), 'utf8')
    .replaceAll('font-display: swap', 'font-display: optional')
    .replace(/\/\*# sourceMappingURL=.*?\*\//, '');
  for (const [, url] of css.matchAll(/url\((\/[^)]+\.woff2)\)/g)) {
    fontPreloads.push(`<link rel="preload" href="${url}" as="font" type="font/woff2" crossorigin fetchpriority="low">`);
  }
  // Nothing links the file any more: no need to deploy it.
  for (const emitted of ['', '.map', '.gz', '.br']) rmSync(path.join(outDir, file + emitted), { force: true });
  return `<style>${css}</style>`;
}
/**
 * Preloads for the chunks every first load fetches (listed by the build), so the browser asks for
 * them with the page instead of one level at a time. The list itself is not deployed.
 */
function firstLoadPreloads(): string {
  const listFile = path.join(outDir, FIRST_LOAD_CHUNKS_FILE);
  const files = JSON.parse(readFileSync(listFile, 'utf8')) as string[];
  rmSync(listFile);
  return files.map((file) => `<link rel="preload" href="/${file}" as="script" fetchpriority="low">`).join('');
}

const page = readFileSync(indexFile, 'utf8');
if (!EMPTY_ROOT.test(page) || !page.includes('</head>')) throw new Error(`${indexFile}: no empty root element to fill`);

// A path no link matches: which link is current is only known in the browser.
const inShell = (children: ReactNode) => (
  <StaticRouter location="/_">
    <AppProviders>{children}</AppProviders>
  </StaticRouter>
);

// One outlet, after the bar in every language: the server fills the first one it finds.
const frame = (await renderStaticHtmlInEveryLanguage(() => inShell(<NavBar />))) + `<div ${PRERENDER_OUTLET_ATTRIBUTE}="" style="display:contents"></div>`;

// What a signed-in driver sees until the shell boots: the same bar and loading line, with the search
// state once the page script knows it, the shell shows while the page's remote loads (docs/FRONTEND.md "Cold start"). Without ids: they belong to
// the visitor's frame (the page script holds a tap by id), and a signed-in page boots at once.
const signedInFrame = (
  await renderStaticHtmlInEveryLanguage(() =>
    inShell(
      <>
        <NavBar signedInAs="user" />
        <PrerenderedRemoteLoading />
      </>,
    ),
  )
).replace(/ id="[^"]*"/g, '');

/** The installable app's manifest in each language: the public one, with the description in it. */
async function writeManifests(): Promise<void> {
  const manifest = JSON.parse(readFileSync(path.join(outDir, manifestPathOf('en').slice(1)), 'utf8')) as Record<string, unknown>;
  for (const [language, description] of await inEveryLanguage(() => translatorOf(useT)('pwa.description'))) {
    writeFileSync(path.join(outDir, manifestPathOf(language).slice(1)), `${JSON.stringify({ ...manifest, lang: language, description }, null, 2)}\n`);
  }
}

const filled = page
  .replace(STYLESHEET_LINK, inlineStylesheet)
  .replace('</head>', () => `${firstLoadPreloads()}<script>${PAGE_SCRIPT}</script><style>${PAGE_STYLE}</style>${fontPreloads.join('')}</head>`)
  .replace(
    EMPTY_ROOT,
    () => `<div id="root"><div ${PRERENDERED_ATTRIBUTE} style="display:contents">${frame}</div><div ${PRERENDERED_SIGNED_IN_ATTRIBUTE}>${signedInFrame}</div></div>`,
  );
writeFileSync(indexFile, filled);
await writeManifests();
// The server composes and compresses the page itself; stale precompressed copies must not be sent.
for (const stale of ['.gz', '.br']) rmSync(indexFile + stale, { force: true });
console.log(`prerendered the shell's frame into ${path.relative(process.cwd(), indexFile)}`);
