import path from 'node:path';

export const WORKSPACE = path.resolve(__dirname, '../../..');
export const E2E_DIR = path.resolve(__dirname, '../..');
/**
 * Where globalSetup writes the running product's addresses for the test files; E2E_STATE_FILE
 * moves it, so two runs in one checkout (two engineers at once) do not read each other's product.
 */
export const STATE_FILE = process.env.E2E_STATE_FILE ?? path.join(E2E_DIR, '.state.json');
export const ARTIFACTS_DIR = path.join(E2E_DIR, 'artifacts');
