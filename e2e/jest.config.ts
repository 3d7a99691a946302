/** @jest-config-loader esbuild-register */
import { createJestConfig } from '@blockpilot/tooling/jest';

export default {
  ...createJestConfig({ dir: __dirname, environment: 'node', testTimeout: 60_000, testMatch: ['<rootDir>/tests/**/*.e2e.ts'] }),
  globalSetup: '<rootDir>/src/globalSetup.ts',
  globalTeardown: '<rootDir>/src/globalTeardown.ts',
  // One browser, one product: the files share them and run one after another.
  maxWorkers: 1,
};
