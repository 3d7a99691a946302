/**
 * The import graph's rules (run by `npm test` and CI; docs/ARCHITECTURE.md section 5.1 explains
 * the layers). ESLint's no-restricted-imports says the same per file as you type; this checks the
 * whole graph, which is the only place an import cycle shows.
 */
const LAYERS = 'docs/ARCHITECTURE.md section 5.1';
/** Test files and test support may reach anywhere. */
const NOT_TESTS = '(\\.test\\.tsx?$|/__tests__/|^server/test/|/hardening/)';
/** The server's composition roots and its configuration: they build everything, so nothing below imports them. */
const COMPOSITION = '^server/src/(app|config|context|engineParts|main|public)\\.ts$';

module.exports = {
  forbidden: [
    { name: 'no-cycle', severity: 'error', comment: 'An import cycle makes load order matter and layers meaningless.', from: {}, to: { circular: true } },
    {
      name: 'server-every-file-in-a-layer',
      severity: 'error',
      comment: `Every file of server/src sits in a room of a layer, so the rules below cover it: ${LAYERS}`,
      from: {
        path: '^server/src/',
        pathNot: `${NOT_TESTS}|^server/src/(db|security|adapters|domain|locales|engine|stores|notifications|features|http|scaling|cli)/|^server/src/(clock|background|config|context|engineParts|app|main|public)\\.ts$`,
      },
      to: { path: '^server/src/' },
    },
    {
      name: 'server-foundations-import-nothing',
      severity: 'error',
      comment: `clock.ts and background.ts are under every layer: ${LAYERS}`,
      from: { path: '^server/src/(clock|background)\\.ts$' },
      to: { path: '^server/src/' },
    },
    {
      name: 'server-db-below-adapters',
      severity: 'error',
      comment: `The database knows nothing of the outside services (adapters store rows in it, not the other way round): ${LAYERS}`,
      from: { path: '^server/src/db/', pathNot: NOT_TESTS },
      to: { path: '^server/src/adapters/' },
    },
    {
      name: 'server-lower-layers-not-up',
      severity: 'error',
      comment: `db and adapters are the bottom layer: ${LAYERS}`,
      from: { path: '^server/src/(db|security|adapters)/', pathNot: NOT_TESTS },
      to: { path: `^server/src/(domain|engine|stores|features|http|scaling|notifications|cli)/|${COMPOSITION}` },
    },
    {
      name: 'server-domain-not-up',
      severity: 'error',
      comment: `the domain knows nothing of the engine or HTTP: ${LAYERS}`,
      from: { path: '^server/src/(domain|locales)/', pathNot: NOT_TESTS },
      to: { path: `^server/src/(engine|stores|features|http|scaling|notifications|cli)/|${COMPOSITION}` },
    },
    {
      name: 'server-engine-not-up',
      severity: 'error',
      comment: `the engine knows nothing of HTTP or of how drivers are notified (its port is SearchNotifications in engine/types.ts): ${LAYERS}`,
      from: { path: '^server/src/engine/', pathNot: NOT_TESTS },
      to: { path: `^server/src/(features|http|scaling|notifications|cli)/|${COMPOSITION}` },
    },
    {
      name: 'server-engine-no-database',
      severity: 'error',
      comment:
        'The engine imports neither db/ nor stores/ (not even types): it persists through its store ports (engine/stores.ts), implemented in server/src/stores/ and wired by engineParts.ts (docs/ENGINE.md "Stores", ' +
        `${LAYERS}). ESLint refuses kysely itself there (this graph leaves node_modules out).`,
      from: { path: '^server/src/engine/', pathNot: NOT_TESTS },
      to: { path: '^server/src/(db|stores)/' },
    },
    {
      name: 'server-stores-not-up',
      severity: 'error',
      comment: `the engine's stores implement its ports over the database, below HTTP, the notifications and the roots: ${LAYERS}`,
      from: { path: '^server/src/stores/', pathNot: NOT_TESTS },
      to: { path: `^server/src/(features|http|scaling|notifications|cli)/|${COMPOSITION}` },
    },
    {
      name: 'server-feature-logic-throws-domain-errors',
      severity: 'error',
      comment:
        "A feature's logic (every file but its routes: routes.ts, *Routes.ts, *Route.ts, plugin.ts) refuses with DomainError (domain/errors.ts) and names no HTTP status, " +
        "so code the search worker loads never pulls in the HTTP answer: the one table maps codes to statuses and the error handler writes the words in the request's language " +
        '(docs/ARCHITECTURE.md section 4). The domain and the engine import nothing of http/ at all (rules above).',
      from: { path: '^server/src/features/', pathNot: `${NOT_TESTS}|/(routes|[A-Za-z]+Routes?|plugin)\\.ts$` },
      to: { path: '^server/src/http/(errorCodes|errorHandler|envelope|language)\\.ts$' },
    },
    {
      name: 'no-test-code-in-production',
      severity: 'error',
      comment: 'Production code never imports test support (it would ship in dist).',
      from: { path: '^(server|platform-sim|shared|shell|mf-[a-z]+)/src/', pathNot: NOT_TESTS },
      to: { path: NOT_TESTS },
    },
    {
      name: 'remotes-meet-only-through-shared',
      severity: 'error',
      comment: 'Remotes ship independently: they import @blockpilot/shared, never each other or the shell.',
      from: { path: '^(mf-[a-z]+)/' },
      to: { path: '^(shell|mf-[a-z]+)/src/', pathNot: '^$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@blockpilot/source', 'types', 'import', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
    reporterOptions: { dot: { collapsePattern: '^(server/src/[a-z]+|[a-z-]+/src)/' } },
  },
};
