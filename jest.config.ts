/** @jest-config-loader esbuild-register */
/**
 * Unit tests of every front-end package in one jest run. The server and simulator use Node's own
 * test runner (see README, design notes) and browser tests live in e2e.
 */
export default {
  // A global option: the per-package presets' own testTimeout is not read when they run as projects.
  testTimeout: 10_000,
  // Jest's default keeps a core for its main process, which only waits: on a 2-core CI machine that
  // is one worker, and the run takes half again as long.
  maxWorkers: '100%',
  projects: ['tooling', 'shared', 'shell', 'mf-landing', 'mf-auth', 'mf-dashboard', 'mf-account', 'mf-admin'].map((p) => `<rootDir>/${p}`),
};
