/**
 * A variant build of mf-landing for the release e2e tests: the remote's own config, unchanged,
 * plus one loader that replaces a text of one source file before it is compiled: its English
 * catalog (the support form's intro) by default, or `--env file=src/App.tsx` (a build that
 * crashes while rendering, for the canary guard). Nothing of the product changes for it (no
 * test-only switch in the remote), the build runs the real toolchain, and the text to swap comes
 * in as `--env from=... --env to=...`. Run from mf-landing with BLOCKPILOT_OUT_DIR set, so the
 * remote's own dist is left alone.
 */
import path from 'node:path';
import landing from '../../../../mf-landing/webpack.config';

type Argv = Parameters<typeof landing>[1];

/** The file the loader edits by default, relative to mf-landing. */
const ENGLISH_CATALOG = 'src/locales/en.json';

export default (env: { from?: string; to?: string; file?: string }, argv: Argv) => {
  if (!env.from || !env.to) throw new Error('Give the text to replace: --env from=... --env to=...');
  const [app, ...rest] = [landing(env, argv)].flat();
  if (!app?.module?.rules) throw new Error("mf-landing's webpack config has no module rules to add the text loader to");
  const file = path.join(__dirname, '../../../../mf-landing', env.file ?? ENGLISH_CATALOG);
  app.module.rules.unshift({
    test: (resource: string) => resource === file,
    enforce: 'pre',
    use: { loader: path.join(__dirname, 'replaceTextLoader.cjs'), options: { from: env.from, to: env.to } },
  });
  return [app, ...rest];
};
