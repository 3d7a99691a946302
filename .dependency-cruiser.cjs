/**
 * The import graph's rules (run by `npm test` and CI; docs/ARCHITECTURE.md section 5.1 explains
 * the layers). ESLint's no-restricted-imports says the same per file as you type; this checks the
 * whole graph, which is the only place an import cycle shows.
 */
const LAYERS = 'docs/ARCHITECTURE.md section 5.1';
/** Test files and test support may reach anywhere. */
const NOT_TESTS = '(\\.test\\.tsx?$|/__tests__/|^server/test/|/hardening/)';

module.exports = {
  forbidden: [
    { name: 'no-cycle', severity: 'error', comment: 'An import cycle makes load order matter and layers meaningless.', from: {}, to: { circular: true } },
    {
      name: 'server-lower-layers-not-up',
      severity: 'error',
      comment: `db and adapters are the bottom layer: ${LAYERS}`,
      from: { path: '^server/src/(db|adapters)/', pathNot: NOT_TESTS },
      to: { path: '^server/src/(domain|engine|features|http|scaling|notifications)/|^server/src/(app|context)\\.ts$' },
    },
    {
      name: 'server-domain-not-up',
      severity: 'error',
      comment: `the domain knows nothing of the engine or HTTP: ${LAYERS}`,
      from: { path: '^server/src/domain/', pathNot: NOT_TESTS },
      to: { path: '^server/src/(engine|features|http|scaling)/|^server/src/(app|context)\\.ts$' },
    },
    {
      name: 'server-engine-not-up',
      severity: 'error',
      comment: `the engine knows nothing of HTTP: ${LAYERS}`,
      from: { path: '^server/src/engine/', pathNot: NOT_TESTS },
      to: { path: '^server/src/(features|http|scaling)/|^server/src/(app|context)\\.ts$' },
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
