/** @jest-config-loader esbuild-register */
import { createJestConfig } from './src/jest';

export default createJestConfig({ dir: __dirname, environment: 'node' });
