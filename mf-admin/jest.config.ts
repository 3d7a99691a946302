/** @jest-config-loader esbuild-register */
import { createJestConfig } from '@blockpilot/tooling/jest';

export default createJestConfig({ dir: __dirname, environment: 'jsdom' });
