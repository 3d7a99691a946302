/** @jest-config-loader esbuild-register */
/** Every package's unit tests in one run (browser tests live in e2e and run on their own). */
export default {
  projects: ['shared', 'shell', 'mf-landing', 'mf-auth', 'mf-dashboard', 'mf-account', 'server', 'platform-sim'].map((p) => `<rootDir>/${p}`),
};
