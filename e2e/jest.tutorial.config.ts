/** @jest-config-loader esbuild-register */
import base from './jest.config';

/** Records the Connect Account tutorial video (tutorial/connectAccount.record.ts); never part of the test run. */
export default { ...base, testMatch: ['<rootDir>/tutorial/**/*.record.ts'], testTimeout: 180_000 };
