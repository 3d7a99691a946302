// One lint configuration for the whole workspace (run by `npm test` and CI, zero warnings allowed).
// Besides the recommended rules it keeps the architecture of docs/ARCHITECTURE.md: the server's
// layers import only downwards, and the front-end packages meet only through `shared`.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A `no-restricted-imports` rule forbidding each group of paths, each with the reason shown to whoever breaks it. */
function forbid(...groups) {
  return { 'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }] };
}

const LAYERS = 'docs/ARCHITECTURE.md section 5.1';
const HTTP_OR_FEATURES = [
  ['**/features/**', '**/http/**', '**/app.js', '**/context.js'],
  `A lower server layer must not import the HTTP layer (features/, http/, app.ts, context.ts): ${LAYERS}.`,
];
const ENGINE = [['**/engine/**'], `A lower server layer must not import the engine: ${LAYERS}.`];
const HTTP_ANSWERS = [
  ['**/http/errorCodes.js', '**/http/errorHandler.js', '**/http/envelope.js', '**/http/language.js'],
  "A feature's logic refuses with DomainError (domain/errors.ts) and names no HTTP status; only its routes build answers (docs/ARCHITECTURE.md section 4).",
];
const STORES = [['**/stores/**'], `A lower server layer must not import the engine's stores (stores/): ${LAYERS}.`];
/** The engine reads and writes the database only through its store ports (engine/stores.ts). */
const DATABASE_IN_ENGINE = [
  ['kysely', '**/db/**', '**/stores/**'],
  'The engine imports neither kysely nor db/ nor stores/: it persists through its store ports (engine/stores.ts), implemented in server/src/stores/ (docs/ENGINE.md "Stores", docs/ARCHITECTURE.md section 5.1).',
];
const DOMAIN = [['**/domain/**'], `Adapters are below the domain and must not import it: ${LAYERS}.`];
const SCALING = [['**/scaling/**'], `A lower server layer must not import process composition (scaling/): ${LAYERS}.`];
const NOTIFICATIONS = [
  ['**/notifications/**'],
  `A lower server layer must not import the notifications service; the engine tells drivers through its own port (SearchNotifications): ${LAYERS}.`,
];
const COMPOSITION = [
  // The root files, as a module one to three folders down names them (an adapter's own ./config.js stays allowed).
  ['../', '../../', '../../../'].flatMap((up) => ['config', 'engineParts', 'main', 'public'].map((root) => `${up}${root}.js`)),
  `A lower server layer must not import the composition roots or the server's configuration (config.ts); an adapter reads its own config.ts: ${LAYERS}.`,
];
const ADAPTERS = [['**/adapters/**'], `The database knows nothing of the outside services (adapters store rows in it, not the other way round): ${LAYERS}.`];
const OTHER_REMOTES = [
  ['@blockpilot/mf-*', '@blockpilot/shell', '@blockpilot/shell/*'],
  'Remotes are shipped independently: they meet only through @blockpilot/shared (docs/ARCHITECTURE.md, "Module Federation").',
];
const TRANSLATION_LIBRARY = [
  ['@lingui/*'],
  'Translate through @blockpilot/shared/i18n (defineCatalog, useLanguage): the page has one translation runtime, shared as a federation singleton (docs/FRONTEND.md, "Languages").',
];
/** Money and moments have one writer, shared/src/format.ts: its currency, grouping, language and clock. */
const ONE_FORMATTER = [
  {
    selector: "CallExpression[callee.property.name='toFixed'][arguments.0.value=2]",
    message: 'Money goes through formatCents/formatMoney of shared/src/format.ts (its currency, grouping and language), never toFixed(2): docs/FRONTEND.md "Money and dates".',
  },
  {
    selector: 'CallExpression[callee.property.name=/^(toLocaleString|toLocaleDateString|toLocaleTimeString)$/]',
    message: 'Dates, times and numbers go through shared/src/format.ts (one text in every browser and in Node): docs/FRONTEND.md "Money and dates".',
  },
];
/**
 * Page addresses are written once, in shared/src/pages.ts (docs/FRONTEND.md "Pages"): elsewhere a
 * string or template part that starts with a page's first segment is refused. The segments are
 * the table's, kept in step with it by tooling/src/pageRules.test.ts; `\x2F` is `/`, which a
 * selector's pattern cannot hold.
 */
const PAGE_SEGMENTS =
  'dashboard login register resetPassword account connectAccount knowledgeBase help askAQuestion invite promotionOptOut acceptOffer admin logout terms privacy'.split(' ');
const PAGE_PATH = `^\\x2F(${PAGE_SEGMENTS.join('|')})([\\x2F?#{]|$)`;
const PAGE_MESSAGE = 'A page address comes from PAGES, SUB_PAGES or pageLinks of @blockpilot/shared/pages, never a string: docs/FRONTEND.md "Pages".';
const ONE_PAGE_TABLE = [
  { selector: `Literal[value=/${PAGE_PATH}/]`, message: PAGE_MESSAGE },
  { selector: `TemplateElement[value.raw=/${PAGE_PATH}/]`, message: PAGE_MESSAGE },
];
const SERVER_INTERNALS = [['@blockpilot/server/src/*', '../server/*', '../../server/*'], "Use the server package's declared exports, not its files."];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', '**/coverage/**', 'bench/results/**', '**/*.d.ts', 'e2e/.artifacts/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // The server's layers (docs/ARCHITECTURE.md section 5.1), from the bottom: db and adapters,
  // domain, engine, then the HTTP features and the process composition. Each imports only below it.
  {
    files: ['server/src/db/**/*.ts'],
    ignores: ['**/*.test.ts', '**/__tests__/**'],
    rules: forbid(HTTP_OR_FEATURES, ENGINE, STORES, DOMAIN, SCALING, NOTIFICATIONS, COMPOSITION, ADAPTERS),
  },
  {
    files: ['server/src/{adapters,security}/**/*.ts'],
    ignores: ['**/*.test.ts', '**/__tests__/**'],
    rules: forbid(HTTP_OR_FEATURES, ENGINE, STORES, DOMAIN, SCALING, NOTIFICATIONS, COMPOSITION),
  },
  { files: ['server/src/domain/**/*.ts'], ignores: ['**/*.test.ts', '**/__tests__/**'], rules: forbid(HTTP_OR_FEATURES, ENGINE, STORES, SCALING, NOTIFICATIONS, COMPOSITION) },
  { files: ['server/src/engine/**/*.ts'], ignores: ['**/*.test.ts', '**/__tests__/**'], rules: forbid(HTTP_OR_FEATURES, SCALING, NOTIFICATIONS, COMPOSITION, DATABASE_IN_ENGINE) },
  // The engine's stores implement its ports over the database: below the features and the roots.
  { files: ['server/src/stores/**/*.ts'], ignores: ['**/*.test.ts', '**/__tests__/**'], rules: forbid(HTTP_OR_FEATURES, SCALING, NOTIFICATIONS, COMPOSITION) },
  // A feature's logic (not its routes) is below the HTTP answer: the search worker loads it.
  {
    files: ['server/src/features/**/*.ts'],
    ignores: ['**/*.test.ts', '**/routes.ts', '**/*Routes.ts', '**/*Route.ts', '**/plugin.ts'],
    rules: forbid(HTTP_ANSWERS),
  },
  // Money and moments are written by shared/src/format.ts alone (docs/FRONTEND.md "Money and dates"),
  // page addresses by shared/src/pages.ts alone (docs/FRONTEND.md "Pages"). The API client's paths
  // (shared/src/api/) are the API's, not pages.
  {
    files: ['{server,shared,shell,mf-*}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'shared/src/format.ts', 'shared/src/pages.ts', 'shared/src/api/**'],
    rules: { 'no-restricted-syntax': ['error', ...ONE_FORMATTER, ...ONE_PAGE_TABLE] },
  },
  { files: ['shared/src/pages.ts', 'shared/src/api/**/*.ts'], ignores: ['**/*.test.ts'], rules: { 'no-restricted-syntax': ['error', ...ONE_FORMATTER] } },
  { files: ['shared/src/format.ts'], rules: { 'no-restricted-syntax': ['error', ...ONE_PAGE_TABLE] } },
  // Front-end packages: each remote alone; shared below all of them.
  { files: ['mf-*/src/**/*.{ts,tsx}'], rules: forbid(OTHER_REMOTES, TRANSLATION_LIBRARY) },
  { files: ['shell/src/**/*.{ts,tsx}'], rules: forbid(TRANSLATION_LIBRARY) },
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: forbid([
      ['@blockpilot/mf-*', '@blockpilot/shell', '@blockpilot/shell/*', '@blockpilot/server', '@blockpilot/server/*'],
      'shared is the bottom of the front end: the shell and the remotes import it, never the other way.',
    ]),
  },
  { files: ['bench/**/*.ts'], rules: forbid(SERVER_INTERNALS) },
  // The front end takes the API contract's types only, never its schemas: a schema is code no
  // bundle runs (docs/ARCHITECTURE.md section 4.1, "The contract"). Tests may build values from it.
  {
    files: ['{shared,shell,mf-*}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/__tests__/**', 'shared/src/api/schemas/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@blockpilot/shared/api/schemas', '**/api/schemas', '**/api/schemas/*', '**/schemas', '**/schemas/*'],
              allowTypeImports: true,
              message: 'Import the contract\'s types with `import type` (docs/ARCHITECTURE.md section 4.1, "The contract"): its schemas stay out of the bundles.',
            },
          ],
        },
      ],
    },
  },
  // The API's request types come from its contract's schemas (docs/ARCHITECTURE.md section 4.1,
  // "The contract"), through the type provider of server/src/http/contract.ts: none by hand.
  {
    files: ['server/src/features/**/*.ts'],
    ignores: ['server/src/features/devTools/**', '**/*.test.ts'],
    rules: {
      // One list per file: ESLint keeps the last config's options of a rule, so the formatter's rule is repeated here.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression > TSTypeParameterInstantiation TSPropertySignature[key.name=/^(Body|Querystring|Params|Headers)$/]',
          message:
            'Take the schema from @blockpilot/shared/api/schemas and register the route on contractRoutes(app): the request type comes from the schema (docs/ARCHITECTURE.md section 4.1, "The contract").',
        },
        ...ONE_FORMATTER,
        ...ONE_PAGE_TABLE,
      ],
    },
  },
  prettier,
);
