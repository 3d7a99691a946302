/**
 * The one jest preset: every package's `jest.config.ts` calls {@link createJestConfig}, so the
 * transform, module resolution and DOM setup are the same everywhere.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Config } from 'jest';
import { SOURCE_CONDITION } from './conditions';
import type { JestPackageOptions } from './types';

const require = createRequire(__filename);

export function createJestConfig(options: JestPackageOptions): Config {
  const jsdom = options.environment === 'jsdom';
  // Native ES modules need NODE_OPTIONS=--experimental-vm-modules in the package's test script.
  const esm = options.esm ?? false;
  return {
    rootDir: options.dir,
    displayName: path.basename(options.dir),
    testEnvironment: jsdom ? require.resolve('jest-environment-jsdom') : 'node',
    testEnvironmentOptions: {
      customExportConditions: [SOURCE_CONDITION, ...(jsdom ? ['browser', 'require', 'default'] : ['node', 'require', 'default'])],
    },
    ...(esm ? { extensionsToTreatAsEsm: ['.ts'] } : {}),
    testMatch: options.testMatch ?? ['<rootDir>/src/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.(t|m?j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: esm ? 'es6' : 'commonjs' },
        },
      ],
    },
    // Some dependencies ship ESM only; let swc compile them too. Catalogs (`locales/*.json`) are
    // imported raw: outside a production build, Lingui compiles each message when first used.
    // (pnpm paths hold node_modules twice: .pnpm/<name>@<version>/node_modules/<name>/.)
    transformIgnorePatterns: ['/node_modules/(?!\\.pnpm/|axios/|kysely/|@lingui/|@messageformat/|d3-array/|internmap/)'],
    moduleNameMapper: {
      '\\.css$': require.resolve('identity-obj-proxy'),
      '\\.(png|svg|woff2?|jpe?g|webp|mp4|webm|vtt)$': require.resolve('./fileStub.ts'),
      // The server and simulator import with NodeNext's `.js` suffix.
      '^(\\.{1,2}/.*)\\.js$': '$1',
      ...options.moduleNameMapper,
    },
    setupFilesAfterEnv: [...(jsdom ? [require.resolve('./jsdomSetup.ts'), require.resolve('./translationSetup.ts')] : []), ...(options.setupFiles ?? [])],
    testTimeout: options.testTimeout ?? 10_000,
    clearMocks: true,
    restoreMocks: true,
  } as Config;
}
