/**
 * Writes the landing page as static HTML into this remote's build (dist/prerender/landing.html).
 * The server puts it into the shell's page for `/`, so visitors see the page before any script has
 * run; it ships with this remote, so a landing change still deploys with the remote alone. It is
 * written in every language the app speaks, with the page's title in each: the page script shows
 * the visitor's from the first paint (docs/FRONTEND.md, "Languages").
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRERENDERED_LANDING_PATH } from '@blockpilot/shared/constants';
import { renderStaticHtmlInEveryLanguage, translatorOf } from '@blockpilot/shared/prerender';
import { AppProviders } from '@blockpilot/shared/ui';
import { StaticRouter } from 'react-router-dom';
import { useT } from '../src/i18n';
import { Landing } from '../src/screens/Landing/Landing';

// Run from the package folder (its build script), like webpack.
const outFile = path.join(process.env.BLOCKPILOT_OUT_DIR ?? path.resolve('dist'), PRERENDERED_LANDING_PATH);
mkdirSync(path.dirname(outFile), { recursive: true });
writeFileSync(
  outFile,
  await renderStaticHtmlInEveryLanguage(
    () => (
      <StaticRouter location="/">
        {/* The shell's page carries the global styles already. */}
        <AppProviders globalStyles={false}>
          <Landing />
        </AppProviders>
      </StaticRouter>
    ),
    { title: () => translatorOf(useT)('title') },
  ),
);
console.log(`prerendered ${path.relative(process.cwd(), outFile)}`);
